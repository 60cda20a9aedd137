// Draws the six trade hero images (templates/public/images/trades/<trade>.png, 1200x630) as flat SVG
// illustrations and renders them to small palette PNGs with sharp. Run after changing a drawing:
//   npx tsx scripts/make-trade-images.ts   (the PNGs are committed; the build only copies them)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'templates', 'public', 'images', 'trades');
const W = 1200;
const H = 630;

interface Palette {
  sky: string;
  skyEnd: string;
  ground: string;
  accent: string;
}

/** Background shared by every image: soft sky, sun, hills and a ground strip. */
function scene(p: Palette, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.sky}"/><stop offset="1" stop-color="${p.skyEnd}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="1030" cy="120" r="70" fill="#fde68a" opacity="0.9"/>
  <path d="M0 470 Q 250 390 520 450 T 1200 430 V 630 H 0 Z" fill="${p.accent}" opacity="0.25"/>
  <rect y="520" width="${W}" height="110" fill="${p.ground}"/>
  ${body}
</svg>`;
}

function tomrer(): string {
  // A timber frame house with roof trusses, a hammer and a carpenter's square.
  const studs = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${330 + i * 70}" y="300" width="18" height="220" fill="#c2884d"/>`,
  ).join('');
  const trusses = Array.from({ length: 6 }, (_, i) => {
    const x = 330 + i * 100;
    return `<path d="M${x} 300 L${x + 50} 240" stroke="#a16207" stroke-width="10"/>`;
  }).join('');
  return scene(
    { sky: '#fef3c7', skyEnd: '#fffbeb', ground: '#a3a380', accent: '#92400e' },
    `<rect x="320" y="505" width="530" height="20" fill="#92400e"/>
    ${studs}
    <rect x="320" y="290" width="530" height="20" fill="#92400e"/>
    <path d="M300 300 L585 130 L870 300" fill="none" stroke="#78350f" stroke-width="22" stroke-linejoin="round"/>
    ${trusses}
    <path d="M585 130 V300" stroke="#a16207" stroke-width="12"/>
    <g transform="translate(150 420) rotate(-30)"><rect x="0" y="-8" width="150" height="16" rx="6" fill="#78350f"/>
      <rect x="130" y="-30" width="34" height="60" rx="6" fill="#475569"/></g>
    <path d="M930 520 V400 H960 V490 H1060 V520 Z" fill="#f59e0b" stroke="#b45309" stroke-width="4"/>`,
  );
}

function murer(): string {
  // A brick wall in running bond, a trowel and a spirit level.
  const rows: string[] = [];
  for (let row = 0; row < 7; row++) {
    const offset = row % 2 === 0 ? 0 : 45;
    for (let col = 0; col < 8; col++) {
      const x = 300 + offset + col * 90;
      if (x + 84 > 1020) continue;
      const shade = ['#b45309', '#c2410c', '#9a3412'][(row + col) % 3];
      rows.push(`<rect x="${x}" y="${480 - row * 40}" width="84" height="34" rx="3" fill="${shade}"/>`);
    }
  }
  return scene(
    { sky: '#ffedd5', skyEnd: '#fff7ed', ground: '#a8a29e', accent: '#9a3412' },
    `<rect x="290" y="230" width="740" height="295" fill="#e7e5e4"/>
    ${rows.join('')}
    <rect x="300" y="170" width="420" height="34" rx="6" fill="#facc15" stroke="#a16207" stroke-width="4"/>
    <rect x="480" y="178" width="60" height="18" rx="9" fill="#bbf7d0" stroke="#166534" stroke-width="3"/>
    <g transform="translate(150 470) rotate(-20)"><path d="M0 0 L110 -40 L120 10 Z" fill="#94a3b8" stroke="#475569" stroke-width="4"/>
      <rect x="-70" y="-8" width="70" height="18" rx="8" fill="#78350f"/></g>`,
  );
}

function vvs(): string {
  // Copper pipes with a valve, a tap with a drop of water and a pipe wrench.
  return scene(
    { sky: '#e0f2fe', skyEnd: '#f0f9ff', ground: '#94a3b8', accent: '#0369a1' },
    `<path d="M200 460 H520 V260 H820 V380 H980" fill="none" stroke="#c2410c" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M200 460 H520 V260 H820 V380 H980" fill="none" stroke="#fb923c" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.6"/>
    <circle cx="670" cy="260" r="40" fill="#0f766e"/><rect x="655" y="180" width="30" height="60" fill="#0f766e"/>
    <rect x="610" y="165" width="120" height="26" rx="13" fill="#dc2626"/>
    <path d="M980 350 h60 v90 h-40 v-50 h-20 z" fill="#64748b"/>
    <path d="M1020 470 q-18 28 0 40 q18 -12 0 -40" fill="#38bdf8"/>
    <g transform="translate(250 330) rotate(-25)"><rect x="0" y="-10" width="190" height="20" rx="8" fill="#1e3a8a"/>
      <path d="M170 -40 h50 v30 h-30 v20 h30 v30 h-50 z" fill="#475569"/></g>`,
  );
}

function maler(): string {
  // Colour swatches, a paint roller with a fresh stripe and a brush.
  const swatches = ['#fde68a', '#fca5a5', '#93c5fd', '#86efac', '#c4b5fd']
    .map(
      (c, i) =>
        `<rect x="${840 + (i % 2) * 120}" y="${150 + Math.floor(i / 2) * 120}" width="100" height="100" rx="10" fill="${c}" stroke="#fff" stroke-width="6"/>`,
    )
    .join('');
  return scene(
    { sky: '#fdf2f8', skyEnd: '#fff7ed', ground: '#d6d3d1', accent: '#be185d' },
    `<rect x="150" y="120" width="620" height="400" fill="#fafaf9" stroke="#e7e5e4" stroke-width="4"/>
    <rect x="150" y="120" width="360" height="400" fill="#fcd34d"/>
    <rect x="470" y="130" width="100" height="120" rx="20" fill="#f59e0b" stroke="#b45309" stroke-width="6"/>
    <path d="M520 250 V300 H600 V440" fill="none" stroke="#334155" stroke-width="12" stroke-linejoin="round"/>
    <rect x="585" y="430" width="30" height="90" rx="10" fill="#1e293b"/>
    ${swatches}
    <g transform="translate(250 560) rotate(-15)"><rect x="0" y="-12" width="170" height="24" rx="10" fill="#92400e"/>
      <rect x="170" y="-20" width="30" height="40" fill="#94a3b8"/><path d="M200 -24 h60 l10 24 l-10 24 h-60 z" fill="#1c1917"/></g>`,
  );
}

function vinduespudser(): string {
  // A gleaming window, a squeegee and a bucket.
  return scene(
    { sky: '#ecfeff', skyEnd: '#f0fdfa', ground: '#a7f3d0', accent: '#0e7490' },
    `<rect x="300" y="110" width="460" height="400" rx="12" fill="#f5f5f4" stroke="#57534e" stroke-width="10"/>
    <rect x="325" y="135" width="195" height="350" fill="#bae6fd"/><rect x="540" y="135" width="195" height="350" fill="#bae6fd"/>
    <path d="M345 300 L430 160 M380 330 L470 180 M560 330 L650 170" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.8"/>
    <path d="M690 200 l8 -24 l8 24 l24 8 l-24 8 l-8 24 l-8 -24 l-24 -8 z" fill="#fff"/>
    <g transform="translate(820 230) rotate(20)"><rect x="0" y="0" width="180" height="22" rx="6" fill="#0f172a"/>
      <rect x="80" y="22" width="20" height="160" rx="8" fill="#0e7490"/></g>
    <path d="M880 420 h160 l-20 110 h-120 z" fill="#facc15" stroke="#a16207" stroke-width="6"/>
    <path d="M890 420 q70 -60 140 0" fill="none" stroke="#57534e" stroke-width="6"/>`,
  );
}

function mekaniker(): string {
  // A car on a lift, a wrench and a cog.
  return scene(
    { sky: '#f1f5f9', skyEnd: '#f8fafc', ground: '#64748b', accent: '#1d4ed8' },
    `<rect x="280" y="400" width="620" height="24" fill="#334155"/>
    <rect x="340" y="424" width="24" height="96" fill="#475569"/><rect x="816" y="424" width="24" height="96" fill="#475569"/>
    <path d="M320 380 L380 300 Q420 250 500 250 H700 Q760 250 800 300 L880 380 Z" fill="#dc2626"/>
    <path d="M420 300 Q450 270 500 270 H580 V320 H400 Z M600 270 H690 Q730 270 760 320 H600 Z" fill="#bfdbfe"/>
    <rect x="300" y="350" width="600" height="50" rx="18" fill="#b91c1c"/>
    <circle cx="420" cy="400" r="46" fill="#0f172a"/><circle cx="420" cy="400" r="18" fill="#cbd5e1"/>
    <circle cx="780" cy="400" r="46" fill="#0f172a"/><circle cx="780" cy="400" r="18" fill="#cbd5e1"/>
    <g transform="translate(1050 330)"><circle r="60" fill="#f59e0b"/><circle r="24" fill="#f1f5f9"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="-14" y="-84" width="28" height="30" fill="#f59e0b" transform="rotate(${i * 45})"/>`).join('')}</g>
    <g transform="translate(120 250) rotate(35)"><rect x="0" y="-12" width="180" height="24" rx="10" fill="#475569"/>
      <path d="M180 -34 a34 34 0 1 1 0 68 l0 -22 l24 0 l0 -24 l-24 0 z" fill="#475569"/></g>`,
  );
}

const DRAWINGS: Record<string, () => string> = { tomrer, murer, vvs, maler, vinduespudser, mekaniker };

mkdirSync(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(DRAWINGS)) {
  const file = path.join(OUT_DIR, `${name}.png`);
  const info = await sharp(Buffer.from(draw()))
    .png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 })
    .toFile(file);
  console.log(`${name}.png ${info.width}x${info.height} ${info.size} bytes`);
}
