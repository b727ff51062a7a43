// The Code 128 reader of browsers without barcode detection (code128.ts), on labels drawn from the bars
// bwip-js makes for our label PDF (the server's samples/labels.ts): the accession number's digits come back,
// turned a quarter too, and small within a busy photo; nothing is read from a blank image or another
// symbology.
import { accessionBarcode } from '@lab/contract';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { decodeCode128, luminanceOf, scaledToFit } from './code128.ts';

interface Picture {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}

/** an RGBA picture of a symbol's bars (bwip-js's space-bar widths), `module` pixels a narrow bar, with a quiet zone */
function picture(bcid: string, text: string, { module = 3, height = 60, paper = 235, ink = 30 } = {}): Picture {
  const [symbol] = bwipjs.raw({ bcid, text }) as Array<{ sbs: number[] }>;
  const sbs = symbol!.sbs;
  const quiet = 12 * module;
  const width = quiet * 2 + sbs.reduce((s, w) => s + w, 0) * module;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(paper);
  let x = quiet;
  sbs.forEach((w, i) => {
    const px = w * module;
    if (i % 2 === 0) for (let y = 8; y < height - 8; y++) for (let dx = 0; dx < px; dx++) rgba.fill(ink, ((y * width + x + dx) * 4), (y * width + x + dx) * 4 + 3);
    x += px;
  });
  return { rgba, width, height };
}

/** the picture turned a quarter clockwise */
function turned({ rgba, width, height }: Picture): Picture {
  const out = new Uint8ClampedArray(rgba.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = (x * height + (height - 1 - y)) * 4;
      out.set(rgba.subarray(from, from + 4), to);
    }
  return { rgba: out, width: height, height: width };
}

/** the picture in the middle of a larger, busy, darker scene (a table, a hand), as a phone photographs it */
function inScene(label: Picture, width: number, height: number): Picture {
  const rgba = new Uint8ClampedArray(width * height * 4);
  // grey between 120 and 151, different at every pixel
  for (let i = 0; i < rgba.length; i++) rgba[i] = 120 + (Math.imul(i, 2654435761) >>> 27);
  const left = (width - label.width) >> 1;
  const top = (height - label.height) >> 1;
  for (let y = 0; y < label.height; y++) rgba.set(label.rgba.subarray(y * label.width * 4, (y + 1) * label.width * 4), ((top + y) * width + left) * 4);
  return { rgba, width, height };
}

const read = ({ rgba, width, height }: Picture) => decodeCode128(luminanceOf(rgba, width, height), width, height);

describe('decodeCode128', () => {
  const digits = accessionBarcode('261128-0042');

  it("reads a label's accession digits", () => {
    expect(digits).toBe('2611280042');
    expect(read(picture('code128', digits))).toBe('2611280042');
  });

  it('reads a label photographed turned a quarter, and small (two pixels a bar)', () => {
    expect(read(turned(picture('code128', digits)))).toBe('2611280042');
    expect(read(picture('code128', '2611289999', { module: 2 }))).toBe('2611289999');
  });

  it('reads a label that fills only part of a busy photo', () => {
    const label = picture('code128', digits, { module: 4, height: 120 });
    expect(label.width).toBeLessThan(640);
    expect(read(inScene(label, 1280, 720))).toBe('2611280042');
  });

  it('reads nothing from a blank image or from another symbology', () => {
    expect(read({ rgba: new Uint8ClampedArray(200 * 80 * 4).fill(240), width: 200, height: 80 })).toBeNull();
    expect(read(picture('interleaved2of5', '2611280042'))).toBeNull();
    expect(decodeCode128(new Uint8ClampedArray(0), 0, 0)).toBeNull();
  });
});

describe('scaledToFit', () => {
  it('shrinks a photo to the longest side given, keeping its shape, and never enlarges', () => {
    expect(scaledToFit(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(scaledToFit(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(scaledToFit(640, 480, 1600)).toEqual({ width: 640, height: 480 });
  });
});
