// What an upload becomes: its kind read from the bytes by sharp (never the file's name or the
// Content-Type a client claims), then a few widths in AVIF and WebP, turned upright by the EXIF
// orientation and stripped of metadata (a phone's photo carries where it was taken). sharp works on
// libuv's threads, so the event loop stays free while it encodes.
import { IMAGE_FORMATS, IMAGE_NOT_AN_IMAGE, IMAGE_WIDTHS, type ImageFormat } from '@lab/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { fieldError } from '../../lib/errors.ts';

// One libvips thread per operation: an upload is an admin's rare action and must not take both cores.
sharp.concurrency(1);

/** the kinds a browser-facing picture may start from */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
/** more pixels than any hero needs; a small file that decodes to gigapixels (a decompression bomb) is refused */
const MAX_PIXELS = 50_000_000;
/**
 * Each side, too: a 95 KB PNG of 1 × 49,000,000 pixels is under the pixel count, yet libvips spent
 * close to a minute on it before failing. No picture of a web page is wider or taller than this.
 */
export const MAX_SIDE = 10_000;
export const IMAGE_SIDE_TOO_LONG = `The image is too large: at most ${MAX_SIDE.toLocaleString('en-IN')} pixels on each side.`;
export const IMAGE_TOO_MANY_PIXELS = 'The image has too many pixels (at most 50 megapixels).';

export interface Probed {
  format: string;
  /** upright: after the EXIF orientation is applied */
  width: number;
  height: number;
}

/** what the bytes are, or a 400 naming the `file` field */
export async function probe(bytes: Buffer): Promise<Probed> {
  let meta: Metadata;
  try {
    // metadata() reads the header only, never the pixels: the sizes are checked here, before any decoding.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldError('file', IMAGE_NOT_AN_IMAGE);
  }
  // HEIF holds AVIF (AV1) and the iPhone's HEIC (HEVC); only AVIF is decodable everywhere.
  const heic = meta.format === 'heif' && meta.compression !== 'av1';
  const { width, height } = meta.autoOrient ?? meta;
  if (!ACCEPTED.has(meta.format) || heic || !width || !height) throw fieldError('file', IMAGE_NOT_AN_IMAGE);
  if (width > MAX_SIDE || height > MAX_SIDE) throw fieldError('file', IMAGE_SIDE_TOO_LONG);
  if (width * height > MAX_PIXELS) throw fieldError('file', IMAGE_TOO_MANY_PIXELS);
  return { format: meta.format === 'heif' ? 'avif' : meta.format, width, height };
}

/** the widths to make: the standard ones up to the original's width, or the original's alone when it is narrower */
export function widthsFor(originalWidth: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  return fitting.length ? [...fitting] : [originalWidth];
}

export interface Rendition {
  width: number;
  format: ImageFormat;
  data: Buffer;
}

/**
 * Every width in every served format; a 400 naming `file` when the bytes cannot be decoded after all. The upload is
 * decoded once (upright, at the largest width), then each rendition is encoded from those pixels one
 * after another on one libvips thread: slower for the admin who uploads, but the other core stays free
 * for patients' requests (measured in decision 019).
 */
export async function renditions(bytes: Buffer, widths: readonly number[]): Promise<Rendition[]> {
  const largest = Math.max(...widths);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient().resize({ width: largest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  } catch {
    // a sound header over pixels that do not decode (truncated or corrupt): the upload's fault
    throw fieldError('file', IMAGE_NOT_AN_IMAGE);
  }
  const out: Rendition[] = [];
  for (const width of widths) {
    for (const format of IMAGE_FORMATS) {
      const resized = sharp(base.data, { raw: base.info }).resize({ width, withoutEnlargement: true });
      // effort 2: an AVIF of a hero photo in well under a second on one core, for a few percent in size
      const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78 });
      out.push({ width, format, data: await encoded.toBuffer() });
    }
  }
  return out;
}
