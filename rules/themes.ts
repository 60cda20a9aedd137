// The 20 colour themes (the spec's Entities): Tailwind palette colours plus the text colour readable on each.

export const THEME_IDS = [
  'amber',
  'blue',
  'red',
  'green',
  'purple',
  'indigo',
  'teal',
  'emerald',
  'rose',
  'cyan',
  'sky',
  'orange',
  'slate',
  'zinc',
  'neutral',
  'lime',
  'yellow',
  'stone',
  'fuchsia',
  'pink',
] as const;

export type ThemeId = (typeof THEME_IDS)[number];

export interface ThemeColors {
  readonly primary: string;
  readonly primaryDark: string;
  readonly primarySoft: string;
  readonly onPrimary: string;
  readonly onPrimaryDark: string;
}

export interface Theme {
  readonly id: ThemeId;
  readonly label: string;
  readonly colors: ThemeColors;
}

export const DEFAULT_THEME: ThemeId = 'amber';

const WHITE = '#ffffff';
// Tailwind gray-900: near-black reads softer than #000 on the bright 600 shades.
const INK = '#111827';

// primary = Tailwind 600, primaryDark = 800, primarySoft = 50. onPrimary is whichever of WHITE and
// INK contrasts more with primary (all ≥ 4.5, checked in themes.test.ts).
function theme(
  id: ThemeId,
  label: string,
  primary: string,
  onPrimary: string,
  dark: string,
  soft: string,
): Theme {
  return Object.freeze({
    id,
    label,
    colors: Object.freeze({ primary, primaryDark: dark, primarySoft: soft, onPrimary, onPrimaryDark: WHITE }),
  });
}

export const THEMES: readonly Theme[] = Object.freeze([
  theme('amber', 'Rav', '#d97706', INK, '#92400e', '#fffbeb'),
  theme('blue', 'Blå', '#2563eb', WHITE, '#1e40af', '#eff6ff'),
  theme('red', 'Rød', '#dc2626', WHITE, '#991b1b', '#fef2f2'),
  theme('green', 'Grøn', '#16a34a', INK, '#166534', '#f0fdf4'),
  theme('purple', 'Lilla', '#9333ea', WHITE, '#6b21a8', '#faf5ff'),
  theme('indigo', 'Indigo', '#4f46e5', WHITE, '#3730a3', '#eef2ff'),
  theme('teal', 'Turkis', '#0d9488', INK, '#115e59', '#f0fdfa'),
  theme('emerald', 'Smaragd', '#059669', INK, '#065f46', '#ecfdf5'),
  theme('rose', 'Rosa', '#e11d48', WHITE, '#9f1239', '#fff1f2'),
  theme('cyan', 'Cyan', '#0891b2', INK, '#155e75', '#ecfeff'),
  // sky-600 (#0284c7) reaches only 4.10 with white and 4.33 with INK, so sky uses its 700 shade.
  theme('sky', 'Himmelblå', '#0369a1', WHITE, '#075985', '#f0f9ff'),
  theme('orange', 'Orange', '#ea580c', INK, '#9a3412', '#fff7ed'),
  theme('slate', 'Skifer', '#475569', WHITE, '#1e293b', '#f8fafc'),
  theme('zinc', 'Zink', '#52525b', WHITE, '#27272a', '#fafafa'),
  theme('neutral', 'Neutral', '#525252', WHITE, '#262626', '#fafafa'),
  theme('lime', 'Lime', '#65a30d', INK, '#3f6212', '#f7fee7'),
  theme('yellow', 'Gul', '#ca8a04', INK, '#854d0e', '#fefce8'),
  theme('stone', 'Sten', '#57534e', WHITE, '#292524', '#fafaf9'),
  theme('fuchsia', 'Fuchsia', '#c026d3', WHITE, '#86198f', '#fdf4ff'),
  theme('pink', 'Pink', '#db2777', WHITE, '#9d174d', '#fdf2f8'),
]);

const THEMES_BY_ID: ReadonlyMap<string, Theme> = new Map(THEMES.map((t) => [t.id, t]));

export function isThemeId(x: unknown): x is ThemeId {
  return typeof x === 'string' && THEMES_BY_ID.has(x);
}

// Unknown or removed ids fall back to the default so an old stored value never breaks a site.
export function getTheme(id: string): Theme {
  const found = THEMES_BY_ID.get(id) ?? THEMES_BY_ID.get(DEFAULT_THEME);
  if (found === undefined) throw new Error('The default theme is missing from THEMES');
  return found;
}

function relativeLuminance(hex: string): number {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (match?.[1] === undefined) throw new Error(`Not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// WCAG 2 contrast ratio, 1 (same colour) to 21 (black on white); 4.5 is the AA bar for body text.
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
