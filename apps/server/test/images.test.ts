// Image uploads: checked by their bytes (never the name or the claimed type), limited in size, kept as
// AVIF and WebP at a few widths with the original's size recorded, served under /images/ for a year.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES, IMAGE_NOT_AN_IMAGE, IMAGE_TOO_LARGE, type Image } from '@lab/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

/** a multipart/form-data body, parts in the order given */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lab${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .jpeg()
    .toBuffer();

describe('image uploads', () => {
  let t: TestApp;
  let admin: StaffAccount;
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lab-images-')), 'images');
  beforeAll(async () => {
    t = await makeApp({ IMAGES_DIR: dir });
    admin = await createStaff(t.app, 'admin');
  });
  afterAll(() => t.close());

  const upload = (parts: Part[], who: { access: string } = admin) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/staff/images', payload, headers: { ...headers, ...bearer(who) } });
  };

  it('keeps a photo as AVIF and WebP at the widths up to its own, records its size, and serves them for a year', async () => {
    const res = await upload([
      { name: 'alt', value: 'Our reception desk' },
      { name: 'file', value: await photo(1000, 600), filename: 'desk.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const image = res.json() as Image;
    expect(image).toMatchObject({ width: 1000, height: 600, widths: [320, 640, 960], alt: 'Our reception desk' });
    expect(readdirSync(dir).sort()).toEqual(['avif', 'webp'].flatMap((f) => [320, 640, 960].map((w) => `${image.id}-${w}.${f}`)).sort());

    const served = await t.app.inject({ method: 'GET', url: `/images/${image.id}-640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 384]);
    const avif = await t.app.inject({ method: 'GET', url: `/images/${image.id}-320.avif` });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(320);

    expect((await t.app.inject({ method: 'GET', url: `/images/${image.id}-1280.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/images/' })).statusCode).toBe(404);

    const list = (await t.app.inject({ method: 'GET', url: '/api/staff/images', headers: bearer(admin) })).json() as Image[];
    expect(list[0]).toEqual(image);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=image', headers: bearer(admin) })).json();
    expect(audit.items[0]).toMatchObject({ entity_id: String(image.id), action: 'create', actor_user_id: admin.id, after: { width: 1000, height: 600 } });
  });

  it('makes one width of a picture narrower than the smallest, never enlarging it', async () => {
    const res = await upload([{ name: 'file', value: await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ffffff' } }).png().toBuffer(), filename: 'logo.png' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 200, height: 100, widths: [200], alt: '' });
  });

  it('refuses a file that is not an image whatever its name and type say, and leaves nothing behind', async () => {
    const before = readdirSync(dir).length;
    const res = await upload([{ name: 'file', value: Buffer.from('%PDF-1.7 not a picture at all'), filename: 'report.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [IMAGE_NOT_AN_IMAGE] });
    const svg = await upload([{ name: 'file', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), filename: 'hero.png', type: 'image/png' }]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ file: [IMAGE_NOT_AN_IMAGE] });
    expect(readdirSync(dir)).toHaveLength(before);
  });

  it('refuses a file over 5 MB with 413, and names a missing file or a bad description', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x41);
    const res = await upload([{ name: 'file', value: big, filename: 'huge.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: IMAGE_TOO_LARGE });

    const none = await upload([{ name: 'alt', value: 'nothing' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: ['Choose an image to upload.'] });
    const json = await t.app.inject({ method: 'POST', url: '/api/staff/images', payload: { file: 'x' }, headers: bearer(admin) });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json())).toEqual(['file']);
    const badAlt = await upload([
      { name: 'alt', value: 'desk\u0000' },
      { name: 'file', value: await photo(400, 300), filename: 'desk.jpg' },
    ]);
    expect(badAlt.statusCode).toBe(400);
    expect(Object.keys(badAlt.json())).toEqual(['alt']);
  });

  it('is for admins only', async () => {
    const file = { name: 'file', value: await photo(400, 300), filename: 'x.jpg' };
    for (const role of ['reception', 'technician'] as const) expect((await upload([file], await createStaff(t.app, role))).statusCode).toBe(403);
    expect((await upload([file], await createUser(t.app))).statusCode).toBe(403);
  });

  it('lets an admin pick an uploaded picture for the home hero, which GET /api/lab/ then carries', async () => {
    const image = (await upload([{ name: 'alt', value: 'The lab' }, { name: 'file', value: await photo(1400, 700), filename: 'lab.jpg' }])).json() as Image;
    const saved = (await t.app.inject({ method: 'GET', url: '/api/staff/lab', headers: bearer(admin) })).json();
    const { hero_image: _h, about_image: _a, ...input } = saved;
    const res = await t.app.inject({ method: 'PUT', url: '/api/staff/lab', headers: bearer(admin), payload: { ...input, hero_image_id: image.id } });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/lab/' })).json();
    expect(pub.hero_image).toEqual(image);
    expect(pub.about_image).toBeNull();
  });

  it('gives a blog post a cover that its public answer carries; absent keeps it, null removes it, an unknown id is named', async () => {
    const image = (await upload([{ name: 'alt', value: 'A blood sample tube' }, { name: 'file', value: await photo(1280, 720), filename: 'tube.jpg' }])).json() as Image;
    const staff = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, payload, headers: bearer(admin) });
    const created = await staff('POST', '/api/staff/blogs', { title: 'Fasting before a test', author: 'Dr Rao', content: 'Drink water.', published: true, cover_image_id: image.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().cover_image).toEqual(image);
    const id = created.json().id as number;
    const pub = (await t.app.inject({ method: 'GET', url: `/api/blogs/${id}/` })).json();
    expect(pub.cover_image).toEqual(image);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/' })).json().find((b: { id: number }) => b.id === id).cover_image).toEqual(image);

    expect((await staff('PATCH', `/api/staff/blogs/${id}`, { title: 'Fasting before a blood test' })).json().cover_image).toEqual(image);
    const unknown = await staff('PATCH', `/api/staff/blogs/${id}`, { cover_image_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ cover_image_id: ['No image with this id. Upload it first.'] });
    expect((await staff('PATCH', `/api/staff/blogs/${id}`, { cover_image_id: null })).json().cover_image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${id}/` })).json().cover_image).toBeNull();
  });
});
