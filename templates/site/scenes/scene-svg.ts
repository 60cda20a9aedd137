// The default pictures of a new site: one layered scene per trade (sky, hills, a row of Danish
// houses, the trade's own work in front), drawn in the site's theme colours so a fresh site never
// looks empty and never looks like clip-art. Pure: the same trade and colours give the same bytes.
// The build writes every trade × theme as an SVG file (templates/build/write-scenes.ts); the
// templates only name the file (default-image.ts).
import type { ThemeColors } from '../../../rules/themes';
import type { SceneTrade } from '../lib/trade-slug';

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 900;

type Draw = (c: ThemeColors) => string;

// Neutral materials shared by every scene (wood, brick, roof tiles, glass, skin, metal).
const WOOD = '#c8925a';
const WOOD_DARK = '#8a5a2b';
const BRICK = '#b4533a';
const BRICK_DARK = '#8e3b27';
const TILE = '#6b3a2e';
const GLASS = '#dbeafe';
const GLASS_DARK = '#93c5fd';
const WALL = '#f4efe6';
const METAL = '#94a3b8';
const METAL_DARK = '#475569';
const INK = '#1f2937';

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
}

function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="#000" opacity=".14"/>`;
}

/** A window with frame and a glint. */
function windowPane(x: number, y: number, w: number, h: number, lit = false): string {
  const pane = lit ? '#fde68a' : GLASS;
  return `${rect(x - 5, y - 5, w + 10, h + 10, '#fff')}${rect(x, y, w, h, pane)}${rect(x + w / 2 - 3, y, 6, h, '#fff')}${rect(x, y + h / 2 - 3, w, 6, '#fff')}<path d="M${x + 8} ${y + h / 2 - 10} l${w / 3} -${h / 3}" stroke="#fff" stroke-width="6" opacity=".7"/>`;
}

/** A gabled house: walls, roof, door and windows. */
function house(
  x: number,
  base: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  door: string,
  lit = false,
): string {
  const top = base - h;
  return `${shadow(x + w / 2, base + 6, w * 0.6)}${rect(x, top, w, h, wall)}<path d="M${x - 24} ${top + 4} L${x + w / 2} ${top - w * 0.42} L${x + w + 24} ${top + 4} Z" fill="${roof}"/>${rect(x + w / 2 - 28, base - 110, 56, 110, door, ' rx="4"')}${windowPane(x + 30, top + 40, 70, 70, lit)}${windowPane(x + w - 100, top + 40, 70, 70, lit)}`;
}

/** Sky, sun, two ranges of hills in the theme's colours, a far row of houses and the ground. */
function backdrop(c: ThemeColors): string {
  const town = [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => {
      const x = 40 + i * 205;
      const h = 70 + ((i * 37) % 50);
      return `<path d="M${x} 640 V${640 - h} L${x + 45} ${600 - h} L${x + 90} ${640 - h} V640 Z" fill="${c.primaryDark}" opacity=".16"/>`;
    })
    .join('');
  return `<defs>
<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.primary}" stop-opacity=".32"/><stop offset=".7" stop-color="${c.primarySoft}" stop-opacity=".4"/></linearGradient>
<radialGradient id="u" cx=".78" cy=".2" r=".35"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient>
<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e4d8"/><stop offset="1" stop-color="#d2cbbb"/></linearGradient>
<linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
${rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, '#fbfaf7')}${rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, 'url(#s)')}${rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, 'url(#u)')}
<circle cx="1250" cy="170" r="62" fill="#fff4c2"/>
<path d="M0 560 Q200 470 420 520 T860 500 T1300 470 T1600 500 V700 H0 Z" fill="${c.primary}" opacity=".2"/>
<path d="M0 610 Q260 540 520 590 T1040 570 T1600 560 V720 H0 Z" fill="${c.primaryDark}" opacity=".22"/>
${town}
${rect(0, 640, SCENE_WIDTH, 260, 'url(#g)')}
<path d="M0 640 H1600" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>`;
}

/** A service van in the theme colour: every trade's scene can park one. */
function van(x: number, base: number, c: ThemeColors): string {
  return `${shadow(x + 190, base + 4, 230)}<path d="M${x} ${base - 40} V${base - 190} Q${x} ${base - 210} ${x + 20} ${base - 210} H${x + 250} Q${x + 275} ${base - 210} ${x + 290} ${base - 185} L${x + 350} ${base - 110} Q${x + 370} ${base - 95} ${x + 370} ${base - 70} V${base - 40} Z" fill="${c.primary}"/>${rect(x, base - 70, 370, 22, c.primaryDark)}<path d="M${x + 262} ${base - 195} H${x + 280} L${x + 335} ${base - 120} H${x + 262} Z" fill="${GLASS_DARK}"/>${rect(x + 30, base - 160, 180, 8, '#fff', ' opacity=".7" rx="4"')}${rect(x + 30, base - 140, 120, 8, '#fff', ' opacity=".5" rx="4"')}${wheel(x + 80, base - 30)}${wheel(x + 300, base - 30)}`;
}

function wheel(cx: number, cy: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="34" fill="${INK}"/><circle cx="${cx}" cy="${cy}" r="14" fill="${METAL}"/>`;
}

function ladder(x: number, base: number, h: number, lean = 8): string {
  const rungs = Array.from({ length: Math.floor(h / 45) }, (_, i) => {
    const y = base - 30 - i * 45;
    const dx = ((base - y) / h) * lean;
    return `<path d="M${x + dx} ${y} h50" stroke="${METAL}" stroke-width="8"/>`;
  }).join('');
  return `<path d="M${x} ${base} L${x + lean} ${base - h} M${x + 50} ${base} L${x + 50 + lean} ${base - h}" stroke="${METAL_DARK}" stroke-width="10" stroke-linecap="round"/>${rungs}`;
}

const tomrer: Draw = (c) => {
  // A house in timber frame with roof trusses going up, planks on a sawhorse.
  const studs = Array.from({ length: 7 }, (_, i) => rect(820 + i * 90, 380, 22, 260, WOOD)).join('');
  const trusses = Array.from({ length: 6 }, (_, i) => {
    const x = 820 + i * 110;
    return `<path d="M${x} 380 L${x + 55} ${380 - 55 * 0.75}" stroke="${WOOD_DARK}" stroke-width="12"/>`;
  }).join('');
  return `${backdrop(c)}${shadow(1090, 650, 380)}${rect(800, 620, 600, 26, WOOD_DARK)}${studs}${rect(800, 368, 600, 24, WOOD_DARK)}
<path d="M770 385 L1100 170 L1430 385" fill="none" stroke="${WOOD_DARK}" stroke-width="26" stroke-linejoin="round"/>${trusses}
<path d="M1100 170 V380" stroke="${WOOD}" stroke-width="14"/>
<path d="M860 700 l30 90 M980 700 l-30 90 M1220 700 l30 90 M1340 700 l-30 90" stroke="${WOOD_DARK}" stroke-width="14" stroke-linecap="round"/>
${rect(820, 680, 560, 30, WOOD, ' rx="4"')}${rect(840, 656, 520, 26, '#dcae78', ' rx="4"')}
<g transform="translate(1430 650) rotate(-18)">${rect(0, -9, 150, 18, c.primaryDark, ' rx="6"')}${rect(135, -34, 36, 66, METAL_DARK, ' rx="6"')}</g>
${van(240, 780, c)}`;
};

const murer: Draw = (c) => {
  const bricks: string[] = [];
  for (let row = 0; row < 8; row++) {
    const offset = row % 2 === 0 ? 0 : 52;
    const inRow = 9 - Math.max(0, row - 4);
    for (let col = 0; col < inRow; col++) {
      const x = 820 + offset + col * 104;
      if (x + 96 > 1560) continue;
      const fill = [BRICK, BRICK_DARK, '#c0654a'][(row * 3 + col) % 3];
      bricks.push(rect(x, 620 - row * 44, 96, 38, fill ?? BRICK, ' rx="3"'));
    }
  }
  return `${backdrop(c)}${shadow(1180, 664, 420)}${rect(810, 300, 750, 360, '#e7e1d6')}${bricks.join('')}
${rect(820, 250, 460, 36, '#facc15', ' rx="8"')}${rect(1010, 258, 70, 20, '#bbf7d0', ' rx="10"')}
${shadow(620, 800, 110)}<path d="M540 690 h160 l-18 110 h-124 z" fill="${c.primary}"/><path d="M548 700 h144" stroke="${c.primaryDark}" stroke-width="10"/>
<path d="M560 690 q60 -40 120 0" fill="#9ca3af"/>
<g transform="translate(690 640) rotate(-28)"><path d="M0 0 L130 -44 L140 14 Z" fill="${METAL}"/>${rect(-80, -8, 80, 18, WOOD_DARK, ' rx="8"')}</g>
${house(120, 640, 300, 200, WALL, TILE, c.primaryDark)}`;
};

const maler: Draw = (c) => {
  // A house front half painted in the theme colour, a roller on a pole and a paint bucket.
  return `${backdrop(c)}${shadow(1120, 652, 420)}${rect(780, 300, 680, 350, '#ece7dd')}${rect(780, 300, 400, 350, c.primarySoft)}${rect(780, 300, 400, 350, c.primary, ' opacity=".35"')}
<path d="M740 305 L1120 110 L1500 305 Z" fill="${TILE}"/>${windowPane(850, 380, 110, 120)}${windowPane(1040, 380, 110, 120)}${windowPane(1260, 380, 110, 120)}
${rect(1200, 540, 70, 110, c.primaryDark, ' rx="4"')}
<path d="M1180 300 V650" stroke="#fff" stroke-width="6" stroke-dasharray="14 10" opacity=".8"/>
<g transform="translate(1170 330) rotate(12)">${rect(-60, -30, 120, 60, c.primary, ' rx="26"')}${rect(-64, -34, 128, 14, c.primaryDark, ' rx="6" opacity=".4"')}<path d="M0 30 V70 H40 V420" fill="none" stroke="${METAL_DARK}" stroke-width="10" stroke-linejoin="round"/></g>
${ladder(1330, 650, 330)}
${shadow(560, 804, 110)}<path d="M480 700 h160 v100 q0 12 -12 12 h-136 q-12 0 -12 -12 z" fill="${METAL}"/>${rect(480, 700, 160, 34, c.primary)}<path d="M480 700 q80 -50 160 0" fill="none" stroke="${METAL_DARK}" stroke-width="6"/>
${rect(180, 760, 200, 14, WOOD_DARK, ' rx="6" transform="rotate(-8 280 767)"')}<path d="M372 736 h44 l10 26 l-10 26 h-44 z" fill="${INK}" transform="rotate(-8 280 767)"/>`;
};

const vvs: Draw = (c) => {
  // A bright bathroom corner: tiles, a shower, a basin with a tap, copper pipes and a pipe wrench.
  const tiles = Array.from({ length: 6 }, (_, row) =>
    Array.from({ length: 8 }, (_, col) =>
      rect(800 + col * 90, 200 + row * 75, 86, 71, (row + col) % 5 === 0 ? c.primarySoft : '#fff'),
    ).join(''),
  ).join('');
  return `${backdrop(c)}${shadow(1160, 660, 400)}${rect(796, 196, 724, 454, '#e5e7eb')}${tiles}${rect(796, 196, 724, 454, c.primary, ' opacity=".08"')}
<path d="M1380 200 V300 Q1380 330 1350 330 H1300" fill="none" stroke="${METAL}" stroke-width="16" stroke-linecap="round"/><ellipse cx="1290" cy="336" rx="52" ry="16" fill="${METAL_DARK}"/>
${Array.from({ length: 5 }, (_, i) => `<path d="M${1258 + i * 16} 360 l-6 40" stroke="${GLASS_DARK}" stroke-width="5" stroke-linecap="round"/>`).join('')}
<path d="M880 470 h300 q0 90 -90 90 h-120 q-90 0 -90 -90 z" fill="#fff" stroke="#d1d5db" stroke-width="4"/>${rect(1015, 560, 30, 90, '#d1d5db')}
<path d="M1030 470 V420 Q1030 400 1050 400 H1080 V420" fill="none" stroke="${METAL_DARK}" stroke-width="14" stroke-linecap="round"/>
<path d="M840 650 V600 H960 M1200 650 V610 H1100" fill="none" stroke="#c2410c" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
<g transform="translate(560 760) rotate(-20)">${rect(0, -12, 230, 24, c.primaryDark, ' rx="10"')}<path d="M210 -46 h60 v36 h-36 v20 h36 v36 h-60 z" fill="${METAL_DARK}"/></g>
${van(130, 800, c)}`;
};

const elektriker: Draw = (c) => {
  // A house with warm lit windows, an electrical panel with a cable run, and a cable drum.
  return `${backdrop(c)}${house(820, 650, 560, 330, WALL, TILE, c.primaryDark, true)}${windowPane(930, 440, 90, 90, true)}${windowPane(1180, 440, 90, 90, true)}
<path d="M780 200 Q900 260 1000 230 T1250 220 T1600 260" fill="none" stroke="${INK}" stroke-width="4"/>${rect(740, 150, 16, 500, WOOD_DARK)}
${shadow(560, 804, 120)}<circle cx="560" cy="710" r="96" fill="${c.primary}"/><circle cx="560" cy="710" r="70" fill="${c.primaryDark}"/><circle cx="560" cy="710" r="22" fill="${METAL}"/>
<path d="M560 614 C700 600 700 700 780 720" fill="none" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>
${rect(1440, 460, 110, 150, '#e5e7eb', ' rx="8"')}${rect(1455, 480, 80, 40, c.primary, ' rx="4"')}${rect(1460, 540, 16, 44, INK)}${rect(1487, 540, 16, 44, INK)}${rect(1514, 540, 16, 44, INK)}
<path d="M300 560 l-40 80 h40 l-30 80 l90 -110 h-44 l34 -50 z" fill="#facc15" stroke="${c.primaryDark}" stroke-width="6" stroke-linejoin="round"/>`;
};

const tag: Draw = (c) => {
  // A large roof under new tiles, rows still bare battens, a ladder and a roofer's hammer.
  const tiles = Array.from({ length: 6 }, (_, row) =>
    Array.from({ length: 10 - row }, (_, col) => {
      const x = 820 + row * 36 + col * 70 + (row % 2) * 35;
      return `<path d="M${x} ${500 - row * 48} h64 v40 q-32 12 -64 0 z" fill="${row % 2 ? TILE : '#7c4436'}"/>`;
    }).join(''),
  ).join('');
  return `${backdrop(c)}${shadow(1150, 652, 420)}${rect(820, 520, 660, 130, WALL)}${windowPane(900, 550, 80, 70)}${windowPane(1320, 550, 80, 70)}
<path d="M780 540 L1150 200 L1520 540 Z" fill="${WOOD}"/>${Array.from({ length: 7 }, (_, i) => `<path d="M${800 + i * 26} ${520 - i * 48} H${1500 - i * 26}" stroke="${WOOD_DARK}" stroke-width="8"/>`).join('')}
<g clip-path="url(#r)">${tiles}</g><clipPath id="r"><path d="M780 540 L1150 200 L1520 540 Z"/></clipPath>
${ladder(690, 800, 360, 40)}${van(100, 800, c)}`;
};

const gartner: Draw = (c) => {
  // A laid terrace and path, a clipped hedge, round trees, and a wheelbarrow.
  const stones = Array.from({ length: 5 }, (_, row) =>
    Array.from({ length: 9 }, (_, col) => {
      const x = 760 + col * 92 + (row % 2) * 46;
      return rect(x, 680 + row * 42, 88, 38, (row + col) % 3 === 0 ? '#a8a29e' : '#c7c1b8', ' rx="4"');
    }).join(''),
  ).join('');
  const tree = (x: number, r: number) =>
    `${shadow(x, 650, r)}${rect(x - 10, 560, 20, 90, WOOD_DARK)}<circle cx="${x}" cy="${560 - r / 2}" r="${r}" fill="${c.primary}" opacity=".85"/><circle cx="${x - r / 3}" cy="${540 - r / 2}" r="${r * 0.55}" fill="#fff" opacity=".12"/>`;
  return `${backdrop(c)}${rect(700, 540, 900, 110, '#4d7c0f')}${Array.from({ length: 15 }, (_, i) => `<circle cx="${720 + i * 62}" cy="545" r="36" fill="#65a30d"/>`).join('')}
${tree(860, 90)}${tree(1400, 120)}${stones}${house(1050, 540, 260, 170, WALL, TILE, c.primaryDark)}
${shadow(480, 806, 140)}<path d="M380 700 h220 l-40 80 h-150 z" fill="${c.primary}"/><circle cx="470" cy="800" r="26" fill="${INK}"/><path d="M600 700 l90 -40" stroke="${WOOD_DARK}" stroke-width="12" stroke-linecap="round"/>
<path d="M400 700 q40 -50 80 -10 q30 -40 70 0 q30 -30 50 10" fill="#65a30d"/>`;
};

const mekaniker: Draw = (c) => {
  // A workshop with its door open, a car on the lift, a tyre stack and a wrench.
  return `${backdrop(c)}${shadow(1120, 652, 460)}${rect(700, 280, 860, 370, '#e5e7eb')}<path d="M680 290 L1130 170 L1580 290 Z" fill="${c.primaryDark}"/>
${rect(780, 340, 700, 310, '#374151')}${Array.from({ length: 5 }, (_, i) => rect(780, 340 + i * 18, 700, 8, '#4b5563')).join('')}
${rect(860, 560, 540, 20, METAL_DARK)}${rect(900, 580, 20, 70, METAL)}${rect(1340, 580, 20, 70, METAL)}
<path d="M880 540 L940 460 Q980 420 1050 420 H1230 Q1290 420 1330 470 L1390 540 Z" fill="${c.primary}"/>
<path d="M970 470 Q1000 440 1050 440 H1130 V490 H960 Z M1150 440 H1220 Q1260 440 1290 490 H1150 Z" fill="${GLASS}"/>
${rect(860, 510, 560, 44, c.primaryDark, ' rx="18"')}${wheel(980, 560)}${wheel(1300, 560)}
${Array.from({ length: 4 }, (_, i) => `<ellipse cx="520" cy="${780 - i * 42}" rx="90" ry="26" fill="${INK}"/><ellipse cx="520" cy="${780 - i * 42}" rx="40" ry="10" fill="#4b5563"/>`).join('')}
<g transform="translate(200 720) rotate(30)">${rect(0, -12, 180, 24, METAL_DARK, ' rx="10"')}<path d="M180 -36 a36 36 0 1 1 0 72 l0 -24 l24 0 l0 -24 l-24 0 z" fill="${METAL_DARK}"/></g>`;
};

const frisor: Draw = (c) => {
  // A salon window onto the street: mirror, chair, a plant and the striped awning.
  const awning = Array.from({ length: 10 }, (_, i) =>
    rect(760 + i * 74, 230, 74, 70, i % 2 ? '#fff' : c.primary),
  ).join('');
  return `${backdrop(c)}${shadow(1130, 652, 420)}${rect(740, 230, 760, 420, WALL)}${awning}<path d="M760 300 ${'q37 30 74 0 '.repeat(10).trim()}" fill="${c.primaryDark}" opacity=".35"/>
${rect(800, 340, 640, 290, GLASS)}${rect(800, 340, 640, 290, 'url(#l)')}<ellipse cx="1010" cy="450" rx="80" ry="100" fill="#fff" stroke="${c.primaryDark}" stroke-width="10"/>
<path d="M940 620 v-70 q0 -30 30 -30 h80 q30 0 30 30 v70" fill="${c.primaryDark}"/>${rect(930, 560, 160, 30, c.primary, ' rx="12"')}${rect(1000, 590, 20, 40, METAL_DARK)}
<path d="M1250 630 h90 l-10 -70 h-70 z" fill="${BRICK}"/><circle cx="1295" cy="520" r="55" fill="#65a30d"/><circle cx="1270" cy="500" r="30" fill="#84cc16"/>
<g transform="translate(420 700) rotate(-20)"><circle cx="0" cy="0" r="26" fill="none" stroke="${METAL_DARK}" stroke-width="10"/><circle cx="0" cy="70" r="26" fill="none" stroke="${METAL_DARK}" stroke-width="10"/><path d="M20 16 L180 70 M20 54 L180 0" stroke="${METAL}" stroke-width="14" stroke-linecap="round"/></g>`;
};

const rengoring: Draw = (c) => {
  // Shining windows on an office front, a squeegee on a pole, a bucket with suds.
  const panes = Array.from({ length: 2 }, (_, row) =>
    Array.from({ length: 4 }, (_, col) => {
      const x = 820 + col * 170;
      const y = 260 + row * 190;
      return `${rect(x, y, 140, 160, GLASS)}${rect(x, y, 140, 160, 'url(#l)')}<path d="M${x + 20} ${y + 110} l60 -80 M${x + 50} ${y + 130} l60 -80" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".8"/>`;
    }).join(''),
  ).join('');
  return `${backdrop(c)}${shadow(1130, 652, 400)}${rect(790, 220, 700, 430, '#d6d3d1')}${panes}
<path d="M1400 230 l10 -30 l10 30 l30 10 l-30 10 l-10 30 l-10 -30 l-30 -10 z" fill="#fff"/>
<g transform="translate(720 330) rotate(18)">${rect(-70, 0, 140, 20, INK, ' rx="6"')}${rect(-8, 20, 16, 420, c.primary, ' rx="8"')}</g>
${shadow(540, 804, 120)}<path d="M450 690 h180 l-22 110 h-136 z" fill="${c.primary}"/>${Array.from({ length: 6 }, (_, i) => `<circle cx="${470 + i * 28}" cy="${684 - (i % 2) * 12}" r="${16 + (i % 3) * 4}" fill="#fff"/>`).join('')}
${van(80, 800, c)}`;
};

const glas: Draw = (c) => {
  // A house front with one window open for a new pane, the glazier's A-frame rack of panes and a
  // suction lifter.
  const pane = (x: number, y: number, w: number, h: number) =>
    `${rect(x, y, w, h, GLASS, ' opacity=".9"')}${rect(x, y, w, h, 'url(#l)')}<path d="M${x + 14} ${y + h * 0.6} l${w * 0.35} -${h * 0.35} M${x + 30} ${y + h * 0.75} l${w * 0.35} -${h * 0.35}" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".8"/>`;
  return `${backdrop(c)}${shadow(1130, 652, 400)}${rect(800, 300, 660, 350, WALL)}<path d="M760 305 L1130 130 L1500 305 Z" fill="${TILE}"/>
${windowPane(860, 380, 130, 150)}${rect(1060, 370, 170, 170, '#fff')}${rect(1072, 382, 146, 146, '#374151', ' opacity=".55"')}${windowPane(1300, 380, 110, 150)}${rect(1180, 540, 70, 110, c.primaryDark, ' rx="4"')}
<g transform="translate(1030 420) rotate(-6)">${pane(0, 0, 150, 150)}<circle cx="40" cy="75" r="22" fill="${c.primary}"/><circle cx="110" cy="75" r="22" fill="${c.primary}"/>${rect(30, 66, 90, 18, c.primaryDark, ' rx="8"')}</g>
${van(20, 800, c)}
${shadow(660, 806, 170)}<path d="M560 800 L640 560 L720 800" fill="none" stroke="${c.primaryDark}" stroke-width="16" stroke-linejoin="round"/>${rect(540, 790, 280, 20, c.primaryDark, ' rx="6"')}
<g transform="translate(645 575) rotate(14)">${pane(0, 0, 150, 210)}</g><g transform="translate(610 590) rotate(-14)">${pane(-150, 0, 150, 200)}</g>`;
};

const smed: Draw = (c) => {
  // A steel staircase with a railing up to a door, a new gate, an anvil and welding sparks.
  const steps = Array.from({ length: 8 }, (_, i) =>
    rect(880 + i * 58, 620 - i * 40, 70, 14, METAL_DARK),
  ).join('');
  const bars = Array.from({ length: 9 }, (_, i) => {
    const x = 890 + i * 58;
    return `<path d="M${x} ${610 - i * 40} V${530 - i * 40}" stroke="${INK}" stroke-width="6"/>`;
  }).join('');
  const gate = Array.from({ length: 9 }, (_, i) => rect(320 + i * 34, 560, 10, 170, INK)).join('');
  const sparks = Array.from({ length: 9 }, (_, i) => {
    const angle = (i / 9) * Math.PI - Math.PI;
    const x = 560 + Math.cos(angle) * 70;
    const y = 760 + Math.sin(angle) * 70;
    return `<path d="M560 760 L${Math.round(x)} ${Math.round(y)}" stroke="#facc15" stroke-width="5" stroke-linecap="round"/>`;
  }).join('');
  return `${backdrop(c)}${shadow(1150, 652, 380)}${rect(860, 240, 560, 410, WALL)}${windowPane(920, 300, 100, 110)}${rect(1330, 240, 90, 410, '#e7e1d6')}
${rect(1320, 300, 90, 20, METAL_DARK)}${rect(1340, 190, 60, 110, c.primaryDark, ' rx="4"')}${steps}<path d="M880 610 L1345 290" stroke="${METAL_DARK}" stroke-width="16"/>
<path d="M890 530 L1355 210" stroke="${c.primary}" stroke-width="12" stroke-linecap="round"/>${bars}
${shadow(470, 740, 200)}${rect(300, 550, 330, 14, INK)}${rect(300, 720, 330, 14, INK)}${gate}<circle cx="465" cy="640" r="30" fill="none" stroke="${c.primary}" stroke-width="10"/>${rect(280, 530, 22, 210, METAL_DARK)}${rect(630, 530, 22, 210, METAL_DARK)}
${shadow(700, 812, 130)}<path d="M600 720 H800 Q790 760 740 765 V800 H780 V815 H620 V800 H660 V765 Q610 760 600 720 Z" fill="${METAL_DARK}"/><path d="M600 720 H800 L820 705 H590 Z" fill="${INK}"/>
${sparks}<circle cx="560" cy="760" r="14" fill="#fff7d6"/>`;
};

const laas: Draw = (c) => {
  // A front door up close: a new lock and handle, a large key and a ring of keys.
  return `${backdrop(c)}${shadow(1130, 652, 360)}${rect(860, 180, 540, 470, WALL)}${rect(960, 220, 300, 430, c.primaryDark, ' rx="6"')}
${rect(990, 250, 240, 150, c.primary, ' opacity=".35" rx="4"')}${rect(990, 430, 240, 190, c.primary, ' opacity=".35" rx="4"')}
${rect(1175, 400, 40, 120, METAL, ' rx="10"')}<circle cx="1195" cy="490" r="10" fill="${INK}"/>${rect(1120, 420, 80, 18, METAL_DARK, ' rx="9"')}${windowPane(1290, 260, 70, 150)}
<g transform="translate(430 700) rotate(-24)"><circle cx="0" cy="0" r="70" fill="#facc15"/><circle cx="0" cy="0" r="28" fill="url(#g)"/>${rect(60, -18, 260, 36, '#facc15', ' rx="6"')}${rect(250, 18, 24, 40, '#facc15')}${rect(290, 18, 24, 58, '#facc15')}</g>
${shadow(760, 808, 90)}<circle cx="760" cy="740" r="40" fill="none" stroke="${METAL_DARK}" stroke-width="8"/>
<path d="M740 776 l-20 40 h18 l-4 14 h16 l4 -18 z M786 772 l30 34 l-8 6 l6 8 l-10 8 l-24 -34 z" fill="${METAL}"/>`;
};

const kloak: Draw = (c) => {
  // A trench in the lawn with new drain pipes and a manhole, the excavator's arm, barrier and cones.
  const cone = (x: number) =>
    `${shadow(x, 812, 40)}<path d="M${x - 32} 810 L${x - 8} 720 H${x + 8} L${x + 32} 810 Z" fill="#f97316"/>${rect(x - 20, 760, 40, 12, '#fff')}${rect(x - 42, 806, 84, 10, INK, ' rx="3"')}`;
  return `${backdrop(c)}${house(1180, 640, 320, 220, WALL, TILE, c.primaryDark)}
<path d="M640 700 H1420 L1380 820 H680 Z" fill="#7c5a3a"/><path d="M640 700 H1420 L1400 730 H660 Z" fill="#5b4129"/>
${rect(690, 760, 690, 30, '#c2410c', ' rx="15"')}${rect(860, 752, 40, 46, '#9a3412', ' rx="6"')}${rect(1160, 752, 40, 46, '#9a3412', ' rx="6"')}
<ellipse cx="1460" cy="720" rx="70" ry="18" fill="${METAL_DARK}"/><ellipse cx="1460" cy="716" rx="56" ry="12" fill="${METAL}"/>
<path d="M560 520 L760 360 L900 470" fill="none" stroke="${c.primary}" stroke-width="40" stroke-linejoin="round"/><path d="M560 520 L760 360 L900 470" fill="none" stroke="${c.primaryDark}" stroke-width="10"/>
<path d="M880 450 h70 l20 90 q-55 25 -110 -10 z" fill="${METAL_DARK}"/>
${rect(330, 520, 260, 160, c.primary, ' rx="14"')}${rect(360, 545, 110, 80, GLASS_DARK, ' rx="8"')}${rect(300, 680, 320, 50, INK, ' rx="25"')}${Array.from({ length: 6 }, (_, i) => `<circle cx="${330 + i * 52}" cy="705" r="16" fill="${METAL_DARK}"/>`).join('')}
${cone(170)}${cone(1540)}`;
};

const flytning: Draw = (c) => {
  // A removal lorry with its back open, boxes stacked beside it, a sofa and a sack barrow.
  const box = (x: number, base: number, w: number, h: number) =>
    `${rect(x, base - h, w, h, '#d6a46a', ' rx="3"')}${rect(x, base - h, w, 12, '#b8864c')}${rect(x + w / 2 - 8, base - h, 16, h / 2, '#f5deb3', ' opacity=".8"')}`;
  return `${backdrop(c)}${house(1200, 640, 300, 210, WALL, TILE, c.primaryDark)}
${shadow(660, 812, 420)}${rect(340, 420, 560, 330, '#f8fafc', ' rx="10"')}${rect(340, 420, 560, 330, c.primary, ' opacity=".18" rx="10"')}${rect(380, 470, 240, 18, c.primary, ' rx="9"')}${rect(380, 500, 160, 12, c.primaryDark, ' rx="6" opacity=".6"')}
<path d="M900 500 H1010 Q1040 500 1060 530 L1110 610 Q1120 630 1120 650 V750 H900 Z" fill="${c.primary}"/><path d="M930 525 H1000 Q1020 525 1035 548 L1070 610 H930 Z" fill="${GLASS_DARK}"/>
${rect(320, 730, 820, 26, c.primaryDark)}${wheel(440, 770)}${wheel(760, 770)}${wheel(1030, 770)}
${box(1180, 810, 110, 90)}${box(1300, 810, 120, 100)}${box(1200, 720, 90, 70)}${box(1440, 810, 100, 80)}
<path d="M120 810 V720 Q120 700 140 700 H300 Q320 700 320 720 V810 Z" fill="${c.primaryDark}" opacity=".85"/>${rect(100, 740, 240, 50, c.primaryDark, ' rx="16"')}`;
};

const sten: Draw = (c) => {
  // A stonemason's yard: polished headstones with engraved lines, a rough granite block, a stone
  // step, and a chisel and mallet.
  const stone = (x: number, w: number, h: number, fill: string) =>
    `${shadow(x + w / 2, 652, w * 0.7)}<path d="M${x} 650 V${650 - h + 40} Q${x} ${650 - h} ${x + w / 2} ${650 - h} Q${x + w} ${650 - h} ${x + w} ${650 - h + 40} V650 Z" fill="${fill}"/><path d="M${x + 30} ${650 - h + 70} h${w - 60} M${x + 45} ${650 - h + 100} h${w - 90} M${x + 60} ${650 - h + 130} h${w - 120}" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".55"/>${rect(x - 20, 640, w + 40, 20, '#a8a29e', ' rx="4"')}`;
  return `${backdrop(c)}${rect(760, 470, 820, 180, '#d6d3d1')}${stone(820, 190, 300, '#4b5563')}${stone(1080, 170, 260, '#78716c')}${stone(1320, 200, 320, c.primaryDark)}
${shadow(560, 812, 170)}<path d="M400 810 L420 690 L520 660 L660 680 L700 810 Z" fill="#a8a29e"/><path d="M420 690 L520 660 L660 680 L560 710 Z" fill="#d6d3d1"/><path d="M560 710 L660 680 L700 810 L590 810 Z" fill="#78716c"/>
${rect(120, 770, 220, 40, '#9ca3af', ' rx="4"')}${rect(140, 740, 180, 34, '#d1d5db', ' rx="4"')}
<g transform="translate(760 740) rotate(-35)">${rect(0, -8, 160, 16, METAL, ' rx="4"')}<path d="M160 -8 L200 0 L160 8 Z" fill="${METAL_DARK}"/></g>
<g transform="translate(900 780) rotate(20)">${rect(0, -10, 140, 20, WOOD_DARK, ' rx="8"')}${rect(120, -40, 70, 80, '#6b7280', ' rx="12"')}</g>`;
};

const generel: Draw = (c) => {
  // A Danish house with a fresh-cut lawn and the company's van in front.
  return `${backdrop(c)}${house(860, 650, 520, 300, WALL, TILE, c.primaryDark)}
<circle cx="1530" cy="520" r="70" fill="${c.primary}" opacity=".8"/>${rect(1520, 560, 18, 90, WOOD_DARK)}
${van(260, 790, c)}`;
};

const SCENES: Record<SceneTrade, Draw> = {
  tomrer,
  murer,
  maler,
  vvs,
  elektriker,
  tag,
  gartner,
  mekaniker,
  frisor,
  rengoring,
  glas,
  smed,
  laas,
  kloak,
  flytning,
  sten,
  generel,
};

/** The scene as a standalone SVG document, scaled by the browser to any width. */
export function sceneSvg(trade: SceneTrade, colors: ThemeColors): string {
  const body = SCENES[trade](colors).replace(/\n/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}
