// Small real images for upload tests, drawn with sharp: each a different colour, so a reviewer's
// screenshots tell them apart.
import sharp from 'sharp';

export async function pngFile(index: number, name = `billede-${index + 1}.png`) {
  const hue = (index * 47) % 360;
  const [r, g, b] = hslToRgb(hue / 360, 0.55, 0.55);
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((v) => Math.round(v * 255)) as [
    number,
    number,
    number,
  ];
}
