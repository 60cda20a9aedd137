import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../rules/themes';
import { TRADE_PROFILES } from '../../../rules/trades';
import { sceneSvg } from '../scenes/scene-svg';
import { SCENE_TRADES, sceneTrade } from './trade-slug';

describe('sceneTrade', () => {
  it('gives every trade profile a drawn scene of its own trade, never the general house', () => {
    for (const profile of TRADE_PROFILES) {
      if (profile.id === 'skadedyr') continue; // a house and a van is its work (trade-slug.ts)
      const industryDesc = profile.codes.length > 0 ? '' : (profile.stems[0] ?? '');
      const scene = sceneTrade({ industryCode: profile.codes[0], industryDesc, name: 'Jensen & Larsen ApS' });
      expect(scene, profile.id).not.toBe('generel');
    }
  });

  it('draws the trade the company name names when the code is shared or generic (issue 23)', () => {
    expect(
      sceneTrade({
        industryCode: '433400',
        industryDesc: 'Malerforretninger og glarmestre',
        name: 'Glarmester Nielsen & Co. A/S',
      }),
    ).toBe('glas');
    expect(
      sceneTrade({
        industryCode: '439990',
        industryDesc: 'Anden bygge- og anlægsvirksomhed i.a.n.',
        name: 'Kloakmester Jens Holm ApS',
      }),
    ).toBe('kloak');
    expect(sceneTrade({ industryDesc: 'Arkitektvirksomhed', name: 'Tegnestuen ApS' })).toBe('generel');
  });

  it('has a distinct drawing for every scene', () => {
    const drawings = SCENE_TRADES.map((trade) => sceneSvg(trade, getTheme('amber').colors));
    expect(new Set(drawings).size).toBe(SCENE_TRADES.length);
    for (const svg of drawings) expect(svg).not.toMatch(/NaN|undefined/);
  });
});
