// Screenshots for a reviewer, in test-artifacts/ (git-ignored). No test reads them back, and each costs
// Chromium about 0.2 s of CPU (tests/README.md, "Current profile"), so they are written only when
// asked for: `MESTERSIDE_SHOTS=1 CI=true npx vitest run tests/browser/…`. A test that asserts a
// screenshot's bytes takes its own with `screenshot()`, always.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** True when this run writes the reviewer's screenshots. */
const REVIEW_SHOTS = process.env.MESTERSIDE_SHOTS === '1';

/** test-artifacts/<folder>/<name>.png, of the whole page (or only the viewport) or of one element. */
export async function reviewShot(
  target: Page | Locator,
  folder: string,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!REVIEW_SHOTS) return;
  const file = path.join(ROOT, 'test-artifacts', folder, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}
