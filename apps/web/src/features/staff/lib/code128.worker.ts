// The Web Worker that reads a label's Code 128 barcode off the page's thread (decision 074): ZXing reading a
// phone photo takes far longer than the 50 ms the page may be held. It is handed a photo (a File) or a
// camera frame (an ImageBitmap, transferred), draws it at most `LONGEST` pixels on its longest side, reads
// it (code128.ts), and, for a large photo where nothing was found, reads it again at twice that size.
// Message in: `{ id, source }`; out: `{ id, value }` (null when no barcode was found) or `{ id, failed }`.
import { decodeCode128, luminanceOf, scaledToFit } from './code128.ts';

const LONGEST = 1280;

interface Scope {
  onmessage: ((event: MessageEvent<{ id: number; source: Blob | ImageBitmap }>) => void) | null;
  postMessage(message: { id: number; value: string | null } | { id: number; failed: string }): void;
}
const scope = self as unknown as Scope;

function readAt(bitmap: ImageBitmap, longest: number): string | null {
  const { width, height } = scaledToFit(bitmap.width, bitmap.height, longest);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d context in this worker');
  // on white: a picture with transparent pixels (a saved label image) would otherwise read as all black
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return decodeCode128(luminanceOf(data, width, height), width, height);
}

scope.onmessage = async ({ data: { id, source } }) => {
  try {
    // a photo's orientation (EXIF) is applied by createImageBitmap
    const bitmap = source instanceof Blob ? await createImageBitmap(source) : source;
    try {
      let value = readAt(bitmap, LONGEST);
      if (value === null && Math.max(bitmap.width, bitmap.height) > LONGEST) value = readAt(bitmap, LONGEST * 2);
      scope.postMessage({ id, value });
    } finally {
      bitmap.close();
    }
  } catch (e) {
    scope.postMessage({ id, failed: e instanceof Error ? e.message : String(e) });
  }
};
