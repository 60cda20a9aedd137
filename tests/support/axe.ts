// axe-core in a Chromium page: the WCAG 2.1 A and AA rules over the page as it stands, and the
// serious or critical violations as a list a failing assertion can print (rule, impact, elements),
// so a failure says what to fix. The page's context needs `bypassCSP: true`: the sites' and the
// admin's Content-Security-Policy refuses the inline script axe is injected as.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the elements that break the rule. */
  targets: string[];
}

interface AxeResults {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/** The serious and critical WCAG 2.1 A/AA violations on the page now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // A navigation gives a fresh window without axe; a screen changed in place keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return (results as AxeResults).violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
}

/** One line per violation: '<screen>: <rule> (<impact>) <help> – <element>, <element>'. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help} – ${violation.targets.join(', ')}`,
  );
}
