// The README's figures table is bench/results.json's, value for value, with the file's date and
// machine (the scale issue: "The README's figures table matches the file"). `npm run bench` writes
// the file; whoever commits new figures updates the table, or this fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const results = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')) as Record<
  string,
  string | number
>;
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = /\n## Figures\n([\s\S]*?)(?:\n## |$)/.exec(readme)?.[1] ?? '';
const rows = new Map(
  [...section.matchAll(/^\| `([a-z0-9_]+)` +\| ([^|]+?) +\|/gm)].map((match) => [match[1], match[2]]),
);

// What the scale issue asks to be measured and shown, besides the earlier figures.
const REQUIRED = [
  'scale_companies',
  'scale_host_lookup_p95_us',
  'scale_host_lookup_warm_p95_us',
  'scale_landing_ms',
  'scale_onboarding_p95_ms',
  'scale_api_save_p95_ms',
  'static_mix_vs_nginx',
  'static_mix_rss_mb',
  'static_mix_engine_vs_reference',
  'static_mix_engine_rss_mb',
  'rebuild_vs_astro_build',
  'rebuild_pages_per_s',
  'workers_speedup_2',
  'static_vs_nginx',
  'publish_p95_ms',
  'noisy_neighbour_p95_ratio',
];

describe('README figures', () => {
  it('shows every required figure, each as bench/results.json has it', () => {
    for (const key of REQUIRED) expect(results[key], `${key} in bench/results.json`).toBeDefined();
    for (const key of REQUIRED) expect(rows.has(key), `${key} in the README's table`).toBe(true);
    for (const [key, value] of rows) expect(value, key).toBe(String(results[key as string]));
  });

  it('names the date and the machine the figures were measured on', () => {
    expect(section).toContain(String(results.measured_at).slice(0, 10));
    expect(section).toContain(String(results.machine));
  });
});
