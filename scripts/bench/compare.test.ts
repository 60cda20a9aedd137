import { describe, expect, it } from 'vitest';
import { parseFigures } from './compare';

describe('bench --compare', () => {
  it('reads the figures table that every version of the bench prints last', () => {
    const output = [
      'api: 5 s of saves …',
      '',
      'figure                 value  target',
      'api_page_save_rps        409  ',
      'api_page_save_p95_ms    37.7  ',
      'publish_p95_ms          30.7  <= 100',
      'static_mix_error         nothing answered  ',
      '',
      'written to bench/results.json (2 cores, 24 GiB, Node v20.20.2)',
    ].join('\n');
    expect(Object.fromEntries(parseFigures(output))).toEqual({
      api_page_save_rps: 409,
      api_page_save_p95_ms: 37.7,
      publish_p95_ms: 30.7,
    });
  });
});
