// "Find my booking" (decision 017): a guest's reference plus the phone number or e-mail used opens the
// booking's id (the capability to its bill); anything else is the same 404; attempts are limited per
// address and per reference; bad input is a 400 naming the field. SQLite and, with DATABASE_URL, PostgreSQL.
import { NO_SUCH_BOOKING, REFERENCE_INVALID } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_BOOKING_LIMITS } from '../src/modules/booking/routes.ts';
import { makeApp, type TestApp } from './helpers.ts';
import { book } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

let n = 0;
const find = (payload: object, remoteAddress = `10.90.0.${++n}`) => t.app.inject({ method: 'POST', url: '/api/bookings/find/', payload, remoteAddress });

async function guestBooking(): Promise<{ id: string; reference: string }> {
  const id = await book(t.app, { user_email: 'Neha.Joshi@example.com', user_phone: '+91 98290-12345' });
  const reference = (await t.app.inject({ method: 'GET', url: `/api/billing/${id}/` })).json().reference as string;
  return { id, reference };
}

describe('find my booking', () => {
  it('opens the booking by its reference and the e-mail or phone it was made with, as typed by a person', async () => {
    const b = await guestBooking();
    for (const contact of ['neha.joshi@example.com', ' NEHA.JOSHI@EXAMPLE.COM ', '9829012345', '098290 12345', '+919829012345']) {
      const res = await find({ reference: b.reference.toLowerCase().replace(/-/g, ' '), contact });
      expect(res.statusCode, contact).toBe(200);
      expect(res.json()).toEqual({ id: b.id, reference: b.reference, report_ready: false });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('says when the booking has a released report, so its link shows beside the bill', async () => {
    const b = await guestBooking();
    const found = async () => (await find({ reference: b.reference, contact: 'neha.joshi@example.com' })).json();
    expect(await found()).toEqual({ id: b.id, reference: b.reference, report_ready: false });
    const report = { appointment_id: b.id, released_by: null, released_at: new Date().toISOString(), amendment_reason: null, snapshot_json: '{}', superseded_at: null };
    // a superseded version alone is no released report
    await t.app.deps.db.insertInto('reports').values({ ...report, version: 1, status: 'superseded', verification_code: `FB${Date.now()}A` }).execute();
    expect((await found()).report_ready).toBe(false);
    await t.app.deps.db.insertInto('reports').values({ ...report, version: 2, status: 'released', verification_code: `FB${Date.now()}B` }).execute();
    expect(await found()).toEqual({ id: b.id, reference: b.reference, report_ready: true });
  });

  it('answers the same 404 for a wrong contact and an unknown reference', async () => {
    const b = await guestBooking();
    const wrongContact = await find({ reference: b.reference, contact: 'someone.else@example.com' });
    expect(wrongContact.statusCode).toBe(404);
    expect(wrongContact.json()).toEqual({ error: NO_SUCH_BOOKING });
    const wrongPhone = await find({ reference: b.reference, contact: '9829012346' });
    expect(wrongPhone.json()).toEqual({ error: NO_SUCH_BOOKING });
    const unknown = await find({ reference: 'LC-2222-22', contact: 'neha.joshi@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: NO_SUCH_BOOKING });
  });

  it('refuses malformed input with a 400 naming the field', async () => {
    const bad = await find({ reference: 'LC-0O1I-L2', contact: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ reference: [REFERENCE_INVALID], contact: ['This field may not be blank.'] });
    const nul = await find({ reference: 'LC-2222\u0000-22', contact: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json()).sort()).toEqual(['contact', 'reference']);
    expect((await find({})).json()).toEqual({ reference: [REFERENCE_INVALID], contact: ['The phone number or e-mail address you booked with is required.'] });
  });

  it('limits the attempts on one reference, from any number of addresses', async () => {
    const b = await guestBooking();
    const max = FIND_BOOKING_LIMITS[1]!.max;
    for (let i = 0; i < max; i++) expect((await find({ reference: b.reference, contact: `guess${i}@example.com` })).statusCode).toBe(404);
    const stopped = await find({ reference: b.reference, contact: 'neha.joshi@example.com' });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error).toMatch(/^Too many attempts/);
  });

  it('limits the attempts of one address over many references', async () => {
    const max = FIND_BOOKING_LIMITS[0]!.max;
    for (let i = 0; i < max; i++) expect((await find({ reference: `LC-2222-${'23456789'[i % 8]}${'ABCDEFGH'[i % 8]}`, contact: 'x@example.com' }, '10.91.0.1')).statusCode).toBe(404);
    expect((await find({ reference: 'LC-3333-33', contact: 'x@example.com' }, '10.91.0.1')).statusCode).toBe(429);
  });
});
