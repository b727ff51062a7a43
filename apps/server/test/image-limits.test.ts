// Image sizes are refused from the header, before any decoding: a tiny PNG that claims absurd sides
// (1 × 49,000,000 pixels passed the 50-megapixel check and then held libvips for a minute before a
// 500) answers 400 naming `file`, and so does a sound header over pixels that do not decode.
import { crc32, deflateSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_NOT_AN_IMAGE } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIDE_TOO_LONG, IMAGE_TOO_MANY_PIXELS } from '../src/modules/images/renditions.ts';
import { bearer, makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** a PNG whose IHDR claims `width` × `height` (8-bit grey), followed by a few rows of real pixel data only */
function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(Math.min(Math.min(height, 4) * (width + 1), 4096));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function upload(t: TestApp, who: { access: string }, file: Buffer) {
  const boundary = '----lab-limits';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA picture\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/staff/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(who) } });
}

describe('image limits', () => {
  let t: TestApp;
  let admin: StaffAccount;
  beforeAll(async () => {
    t = await makeApp({ IMAGES_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'lab-image-limits-')), 'images') });
    admin = await createStaff(t.app, 'admin');
  });
  afterAll(() => t.close());

  it('refuses a tiny PNG of 1 × 49,000,000 pixels from its header, naming the file', async () => {
    const bomb = claimedPng(1, 49_000_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(t, admin, bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: [IMAGE_SIDE_TOO_LONG] });
    expect(IMAGE_SIDE_TOO_LONG).toBe('The image is too large: at most 10,000 pixels on each side.');
  });

  it('limits each side and the pixel count', async () => {
    for (const [w, h] of [[10_001, 1], [1, 10_001], [20_000, 20_000]] as const) {
      const res = await upload(t, admin, claimedPng(w, h));
      expect(res.statusCode, `${w}×${h}`).toBe(400);
      expect(res.json()).toEqual({ file: [IMAGE_SIDE_TOO_LONG] });
    }
    const res = await upload(t, admin, claimedPng(7_100, 7_100));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [IMAGE_TOO_MANY_PIXELS] });
  });

  it('answers 400, not 500, when a sound header sits over pixels that do not decode', async () => {
    const res = await upload(t, admin, claimedPng(2_000, 2_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: [IMAGE_NOT_AN_IMAGE] });
  });
});
