// The order test files start in (vitest.config.ts): longest first, so the long browser and process
// files are not left for the end of the run with one fork busy and the others idle. vitest orders by
// the durations of the last run on this machine (its cache in node_modules/.vite); a clean clone, as
// CI runs, has none, and vitest then starts the largest files first. tests/durations.json holds the
// seconds each file took in a whole run; a file not in it counts as DEFAULT_SECONDS. Refresh it after
// big changes to the suite, from a whole run's JSON report
// (CI=true npx vitest run --reporter=json --outputFile=/tmp/run.json):
//   node -e "const r=require('/tmp/run.json'),o={};for(const f of r.testResults)
//     o[require('path').relative(process.cwd(),f.name)]=Math.round(f.endTime-f.startTime)/1000;
//     require('fs').writeFileSync('tests/durations.json',JSON.stringify(o,null,2)+'\n')"
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DEFAULT_SECONDS = 5;
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DURATIONS: Readonly<Record<string, number>> = JSON.parse(
  readFileSync(path.join(ROOT, 'tests', 'durations.json'), 'utf8'),
);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const seconds = (file: TestSpecification): number => {
      const relative = path.relative(ROOT, file.moduleId);
      const last = cache.getFileTestResults(`${file.project.name}:${relative}`);
      return last ? last.duration / 1000 : (DURATIONS[relative] ?? DEFAULT_SECONDS);
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
