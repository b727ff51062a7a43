import { contactResponseSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

describe('POST /api/contact/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  let address = 0;
  /** each test posts from its own address so the per-address limit only shows where it is tested */
  const post = (payload: unknown, remoteAddress = `10.1.0.${++address}`, url = '/api/contact/') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const valid = { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '+91 98765 43210', message: 'Do you collect samples at home on Sundays?' };

  it('keeps the message and answers 201 with it', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(contactResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject(valid);
    const row = await t.app.deps.db.selectFrom('contact_messages').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, handled_at: null });
  });

  it('accepts the path without the trailing slash, trims fields and allows an empty or missing e-mail', async () => {
    const res = await post({ name: '  Meena  ', phone: '9876543210', message: ' Hello ' }, undefined, '/api/contact');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Meena', email: '', phone: '9876543210', message: 'Hello' });
    expect((await post({ ...valid, email: '' })).statusCode).toBe(201);
  });

  it('names every missing field', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['This field is required.'],
      phone: ['This field is required.'],
      message: ['This field is required.'],
    });
  });

  it.each([
    ['blank name', 'name', { name: '   ' }, 'This field may not be blank.'],
    ['name of 101 characters', 'name', { name: 'x'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
    ['name that is not text', 'name', { name: 42 }, 'Enter text.'],
    ['malformed e-mail', 'email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['e-mail without a domain', 'email', { email: 'a@b' }, 'Enter a valid email address.'],
    ['blank phone', 'phone', { phone: '' }, 'This field may not be blank.'],
    ['phone with letters', 'phone', { phone: 'call me' }, 'Enter a valid phone number.'],
    ['phone of 21 characters', 'phone', { phone: '9'.repeat(21) }, 'Ensure this field has no more than 20 characters.'],
    ['blank message', 'message', { message: '' }, 'This field may not be blank.'],
    ['message of 2001 characters', 'message', { message: 'x'.repeat(2001) }, 'Ensure this field has no more than 2000 characters.'],
  ])('refuses a %s', async (_label, field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('stores nothing for a refused message', async () => {
    const count = async () => Number((await t.app.deps.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await post({ ...valid, email: 'bad' });
    expect(await count()).toBe(before);
  });

  it('limits one address to 5 messages in 10 minutes, with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const refused = await post(valid, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await post(valid, '10.9.9.10')).statusCode).toBe(201);
  });
});
