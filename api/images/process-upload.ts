// Turns an uploaded file into the files we serve, in memory: only what sharp decodes as JPEG, PNG,
// WebP or AVIF within the byte and pixel caps is accepted; it is turned upright by its EXIF
// orientation and re-encoded, which drops EXIF (GPS included), XMP and ICC (converted to sRGB), since
// sharp copies no metadata unless asked to. Nothing is written here; see media-files.ts.
import { createRequire } from 'node:module';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../lib/errors';
import { UPLOAD_MESSAGES } from '../../rules/upload-messages';
import {
  ACCEPTED_FORMATS,
  IMAGE_WIDTHS,
  LOGO_MAX_SIZE,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
} from './upload-rules';

// sharp (about 10 MB of a process's memory with libvips) is loaded at the first upload, not in every
// serving process at start.
const requirePackage = createRequire(import.meta.url);
type SharpFactory = typeof import('sharp').default;
let loadedSharp: SharpFactory | undefined;
function sharp(...input: Parameters<SharpFactory>): Sharp {
  loadedSharp ??= requirePackage('sharp') as SharpFactory;
  return loadedSharp(...input);
}

type OutputFormat = 'webp' | 'jpeg' | 'png';

/** One file to make: fitted inside width × height (never enlarged), named `<base><suffix>`. */
interface OutputSpec {
  suffix: string;
  format: OutputFormat;
  width: number;
  height: number;
}

export interface RenderedFile {
  suffix: string;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedUpload {
  /** The upright size of the upload. */
  width: number;
  height: number;
  files: RenderedFile[];
}

/** The outputs wanted for an upload of this upright size and format (sharp's name: 'jpeg', 'png', …). */
export type OutputPlan = (width: number, height: number, format: string) => OutputSpec[];

const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

// WebP cannot be taller than 16383 px; a very tall upload is fitted to this height instead.
const MAX_OUTPUT_HEIGHT = 8192;

// 'error' refuses truncated and broken data but tolerates the harmless warnings many cameras cause.
const DECODE_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };
// Reading the header decodes no pixels; the size is checked here, so oversized images are refused
// with their own message instead of sharp's limit error looking like "not an image".
const HEADER_OPTIONS: SharpOptions = { limitInputPixels: false };

/**
 * Archive images: WebP at each of IMAGE_WIDTHS narrower than the upload plus one at the upload's own
 * width up to the largest (`-480.webp`, `-960.webp`, `-1600.webp`), and a fallback at that largest
 * width for e-mail and old clients in the upload's own format where every client shows it: a PNG stays
 * a PNG (`.png`, its transparency kept; issue 28), anything else becomes a JPEG (`.jpg`).
 */
export const imageOutputs: OutputPlan = (width, _height, format) => {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number);
  const widths = [...IMAGE_WIDTHS.filter((candidate) => candidate < largest), largest];
  return [
    ...widths.map(
      (w): OutputSpec => ({
        suffix: `-${w}.webp`,
        format: 'webp',
        width: w,
        height: MAX_OUTPUT_HEIGHT,
      }),
    ),
    format === 'png'
      ? { suffix: '.png', format: 'png', width: largest, height: MAX_OUTPUT_HEIGHT }
      : { suffix: '.jpg', format: 'jpeg', width: largest, height: MAX_OUTPUT_HEIGHT },
  ];
};

/** Logos: fitted inside LOGO_MAX_SIZE², as WebP (`.webp`) and, keeping transparency, PNG (`.png`). */
export const logoOutputs: OutputPlan = () => [
  { suffix: '.webp', format: 'webp', width: LOGO_MAX_SIZE, height: LOGO_MAX_SIZE },
  { suffix: '.png', format: 'png', width: LOGO_MAX_SIZE, height: LOGO_MAX_SIZE },
];

/**
 * Checks and converts one upload. Refusals are AppErrors: not an accepted image → 415
 * (UPLOAD_MESSAGES.notAnImage), too many bytes → 413 (UPLOAD_MESSAGES.tooLarge), too many pixels
 * → 413 `failMessage`, undecodable pixel data → 400 `failMessage`.
 */
export async function processUpload(
  bytes: Buffer,
  plan: OutputPlan,
  failMessage: string,
): Promise<ProcessedUpload> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
  const metadata = await readMetadata(bytes);
  const { width, height } = metadata;
  // Checked from the header before any pixel is decoded: a decompression bomb stops here.
  if (width * height > MAX_INPUT_PIXELS) throw new AppError('payload_too_large', failMessage);
  const upright = metadata.autoOrient ?? { width, height };
  try {
    const specs = plan(upright.width, upright.height, metadata.format);
    const source = await decodeOnce(bytes, specs);
    const files = await Promise.all(specs.map((spec) => render(source, spec)));
    return { width: upright.width, height: upright.height, files };
  } catch (error) {
    throw new AppError('invalid_input', failMessage, { cause: error });
  }
}

interface Decoded {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes the upload once, upright and already shrunk to the largest output, as raw sRGB pixels:
 * every output is made from these, so a 40-megapixel upload is decoded once, not once per output.
 */
async function decodeOnce(bytes: Buffer, specs: readonly OutputSpec[]): Promise<Decoded> {
  const { data, info } = await sharp(bytes, DECODE_OPTIONS)
    .autoOrient()
    .resize({
      width: Math.max(...specs.map((spec) => spec.width)),
      height: Math.max(...specs.map((spec) => spec.height)),
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

async function readMetadata(bytes: Buffer): Promise<Metadata & { width: number; height: number }> {
  const refused = (cause?: unknown) =>
    new AppError('unsupported_media_type', UPLOAD_MESSAGES.notAnImage, { cause });
  if (bytes.length === 0) throw refused();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, HEADER_OPTIONS).metadata();
  } catch (error) {
    throw refused(error);
  }
  const { format, width, height } = metadata;
  // HEIF holds AVIF (AV1) and Apple's HEIC (HEVC); only the first is widely displayable.
  const accepted = ACCEPTED_FORMATS.has(format) && (format !== 'heif' || metadata.compression === 'av1');
  if (!accepted || !(width > 0) || !(height > 0)) throw refused();
  return metadata;
}

async function render(source: Decoded, spec: OutputSpec): Promise<RenderedFile> {
  const resized = sharp(source.data, { raw: source.raw }).resize({
    width: spec.width,
    height: spec.height,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const { data, info } = await encode(resized, spec.format).toBuffer({ resolveWithObject: true });
  return {
    suffix: spec.suffix,
    contentType: CONTENT_TYPES[spec.format],
    width: info.width,
    height: info.height,
    data,
  };
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'jpeg':
      // JPEG has no transparency: transparent parts become white rather than black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  }
}
