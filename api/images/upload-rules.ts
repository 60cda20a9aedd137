// What an upload must be to be accepted, and the sizes made from it. The admin may show the same
// limits before sending a file; the server enforces them regardless.
import { LEAD_MAX_PHOTOS } from '../../rules/limits';

/** The largest file accepted, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Room for the multipart envelope (boundaries, part headers) around a file of MAX_UPLOAD_BYTES. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The largest body the API takes: a site's quote form with its photos, each up to MAX_UPLOAD_BYTES,
 *  and its text. A proxy in front must let a body this large reach the app (server/engine-config.ts). */
export const LEAD_FORM_MAX_BODY_BYTES = LEAD_MAX_PHOTOS * MAX_UPLOAD_BYTES + 256 * 1024;

/**
 * The most pixels a decoded upload may have (40 megapixels, above any phone camera). The header's
 * dimensions are checked before decoding, so a small file declaring a huge image costs nothing.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The formats accepted, as sharp's `metadata().format` names them (AVIF is `heif` with AV1
 * compression). No SVG (it can carry script), no GIF (animation would be lost), no TIFF or HEIC.
 */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Widths of the responsive WebP variants of an archive image; never wider than the original. */
export const IMAGE_WIDTHS: readonly number[] = [480, 960, 1600];

/** A logo fits in this square: a WebP and a PNG (for e-mail and old clients). */
export const LOGO_MAX_SIZE = 512;
