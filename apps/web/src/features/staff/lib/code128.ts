// Reading a container label's Code 128 barcode from pixels, for browsers without the Barcode Detection API
// (docs/samples.md, decision 074). Only ZXing's Code 128 reader and what it needs are imported, by their
// own modules rather than the package's index, so the worker that runs this (code128.worker.ts) carries
// no other format. Pure: pixels in, the barcode's text (or null) out, so it is tested in Node.
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap.js';
import type BitArray from '@zxing/library/esm/core/common/BitArray.js';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer.js';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType.js';
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader.js';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource.js';

/** grey levels (0–255, one byte a pixel) of RGBA pixels, as ZXing weighs them (green twice) */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) out[i] = ((rgba[p] ?? 0) + 2 * (rgba[p + 1] ?? 0) + (rgba[p + 2] ?? 0)) >> 2;
  return out;
}

/** the grey image turned a quarter (rows become columns): a label photographed upright has vertical rows */
function transposed(grey: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(grey.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = grey[y * width + x] ?? 0;
  return out;
}

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);

/**
 * ZXing's 1D readers take each row black-and-white by one threshold for the whole row, which fails when
 * the label fills only part of a photo with a darker, busy background around it. This one takes the rows
 * from the local thresholds ZXing uses for 2D codes (each small block against its neighbourhood) instead.
 */
class LocalRowBinarizer extends HybridBinarizer {
  override getBlackRow(y: number, row: BitArray): BitArray {
    return this.getBlackMatrix().getRow(y, row);
  }
}

function readRows(grey: Uint8ClampedArray, width: number, height: number, local: boolean): string | null {
  try {
    const source = new RGBLuminanceSource(grey, width, height);
    const bitmap = new BinaryBitmap(local ? new LocalRowBinarizer(source) : new HybridBinarizer(source));
    return new Code128Reader().decode(bitmap, hints).getText();
  } catch {
    // ZXing throws NotFoundException (or a checksum/format error) when no row holds a readable symbol
    return null;
  }
}

/**
 * The text of the first Code 128 symbol found in a grey image (`luminanceOf`), across its rows (many of
 * them, ZXing's "try harder"), then across its columns (the label turned a quarter); each first with one
 * threshold a row (quickest, for a label filling the picture), then with local thresholds.
 */
export function decodeCode128(grey: Uint8ClampedArray, width: number, height: number): string | null {
  if (width < 1 || height < 1 || grey.length < width * height) return null;
  const turned = () => transposed(grey, width, height);
  return readRows(grey, width, height, false) ?? readRows(grey, width, height, true) ?? readRows(turned(), height, width, false) ?? readRows(turned(), height, width, true);
}

/** the size a picture is drawn at before reading: its longest side at most `longest` pixels, its shape kept */
export function scaledToFit(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
