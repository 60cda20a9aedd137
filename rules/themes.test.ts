import { describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_THEME, getTheme, isThemeId, THEME_IDS, THEMES } from './themes';

const WHITE = '#ffffff';
const INK = '#111827';
const HEX = /^#[0-9a-f]{6}$/;

describe('contrastRatio', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#fff', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('rejects what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow();
  });
});

describe('themes', () => {
  it('has 20 unique ids in the spec order', () => {
    expect(THEME_IDS).toHaveLength(20);
    expect(new Set(THEME_IDS).size).toBe(20);
    expect(THEMES.map((t) => t.id)).toEqual([...THEME_IDS]);
    expect(THEME_IDS.slice(0, 3)).toEqual(['amber', 'blue', 'red']);
  });

  it('uses the Danish labels the spec gives', () => {
    const label = (id: string) => getTheme(id).label;
    expect(label('blue')).toBe('Blå');
    expect(label('red')).toBe('Rød');
    expect(label('green')).toBe('Grøn');
    expect(label('purple')).toBe('Lilla');
    expect(label('teal')).toBe('Turkis');
    expect(label('emerald')).toBe('Smaragd');
    expect(label('yellow')).toBe('Gul');
    expect(label('amber')).toBe('Rav');
  });

  it('gives every theme a unique label and lowercase hex colours', () => {
    expect(new Set(THEMES.map((t) => t.label)).size).toBe(20);
    for (const theme of THEMES) {
      expect(theme.label.trim()).not.toBe('');
      for (const colour of Object.values(theme.colors)) expect(colour, theme.id).toMatch(HEX);
    }
  });

  it('reaches WCAG AA (4.5) for text on primary, primary dark and soft backgrounds', () => {
    for (const { id, colors } of THEMES) {
      expect(contrastRatio(colors.primary, colors.onPrimary), `${id} primary`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.primaryDark, colors.onPrimaryDark), `${id} dark`).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(colors.primaryDark, colors.primarySoft), `${id} soft`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('picks whichever of white and near-black contrasts more', () => {
    for (const { id, colors } of THEMES) {
      for (const [bg, fg] of [
        [colors.primary, colors.onPrimary],
        [colors.primaryDark, colors.onPrimaryDark],
      ] as const) {
        const best = contrastRatio(bg, WHITE) >= contrastRatio(bg, INK) ? WHITE : INK;
        expect(fg, id).toBe(best);
      }
    }
  });

  it('uses the Tailwind palette', () => {
    expect(getTheme('amber').colors).toMatchObject({
      primary: '#d97706',
      primaryDark: '#92400e',
      primarySoft: '#fffbeb',
    });
    // sky-600 fails AA with both text colours, so sky uses its 700 shade.
    expect(getTheme('sky').colors.primary).toBe('#0369a1');
  });
});

describe('theme lookup', () => {
  it('defaults to amber', () => {
    expect(DEFAULT_THEME).toBe('amber');
    expect(getTheme('nope').id).toBe('amber');
    expect(getTheme('').id).toBe('amber');
    expect(getTheme('constructor').id).toBe('amber');
  });

  it('finds every theme by id', () => {
    for (const id of THEME_IDS) expect(getTheme(id).id).toBe(id);
  });

  it('recognises theme ids', () => {
    expect(isThemeId('teal')).toBe(true);
    expect(isThemeId('Teal')).toBe(false);
    expect(isThemeId('violet')).toBe(false);
    expect(isThemeId(undefined)).toBe(false);
  });
});
