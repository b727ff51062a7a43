// The reminder's cancel link (no login) and the delivery log staff read, on SQLite and, with
// DATABASE_URL, PostgreSQL: the link shows the booking and cancels it once, giving its seat back as the
// owner's cancel does; it is refused when reused, after the sample is collected, when tampered with, and
// once the visit was moved (decision 051); staff see each e-mail's state.
import { createHmac } from 'node:crypto';
import { CANCEL_AFTER_COLLECTION, CANCEL_LINK_INVALID, CANCEL_LINK_OUT_OF_DATE, CANCEL_LINK_USED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MISS_LIMIT } from '../src/modules/billing/service.ts';
import { checkCancelToken, makeCancelToken } from '../src/modules/cancel-links/token.ts';
import { bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe('cancel links', () => {
  let t: TestApp;
  let reception: StaffAccount;
  beforeAll(async () => {
    t = await makeApp();
    reception = await createStaff(t.app, 'reception');
  });
  afterAll(() => t.close());

  let address = 0;
  const from = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const show = (token: string, remoteAddress = from()) => t.app.inject({ method: 'GET', url: `/api/cancel-links/${token}/`, remoteAddress });
  const cancel = (token: string, remoteAddress = from()) => t.app.inject({ method: 'POST', url: `/api/cancel-links/${token}/`, remoteAddress });
  const statusOf = async (id: string) => (await t.app.deps.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const visitOf = (id: string) => t.app.deps.db.selectFrom('appointments').select(['id', 'date', 'time']).where('id', '=', id).executeTakeFirstOrThrow();
  /** the link a reminder sent now would carry */
  const linkOf = async (id: string, secret = SECRET) => makeCancelToken(secret, await visitOf(id));
  /** seats taken on a date at the centre, over all its slots */
  const seatsTaken = async (date: string) =>
    (await t.app.deps.db.selectFrom('slot_seats').select('taken').where('date', '=', date).where('kind', '=', 'centre').execute()).reduce((sum, r) => sum + Number(r.taken), 0);

  it('shows the booking, cancels it without a login, audits it, and refuses the same link again', async () => {
    const id = await book(t.app, { user_email: 'nila@example.in' });
    const token = await linkOf(id);
    const shown = await show(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ status: 'booked', refusal: null, home_sample: false, tests: [expect.any(String)] });
    expect(shown.json()).not.toHaveProperty('user_email');

    const done = await cancel(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'cancelled', refusal: CANCEL_LINK_USED });
    expect(await statusOf(id)).toBe('cancelled');
    const audit = await t.app.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'cancel').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBeNull();

    const again = await cancel(token);
    expect([again.statusCode, again.json()]).toEqual([400, { error: CANCEL_LINK_USED }]);
    expect((await show(token)).json()).toMatchObject({ status: 'cancelled', refusal: CANCEL_LINK_USED });
  });

  it('refuses once the sample is collected', async () => {
    const id = await book(t.app);
    await t.app.deps.db.updateTable('appointments').set({ status: 'sample_collected' }).where('id', '=', id).execute();
    const token = await linkOf(id);
    expect((await show(token)).json()).toMatchObject({ status: 'sample_collected', refusal: CANCEL_AFTER_COLLECTION });
    const res = await cancel(token);
    expect([res.statusCode, res.json()]).toEqual([400, { error: CANCEL_AFTER_COLLECTION }]);
    expect(await statusOf(id)).toBe('sample_collected');
  });

  it('refuses a tampered, truncated or foreign link with one answer, and the booking stands', async () => {
    const id = await book(t.app);
    const token = await linkOf(id);
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}${token.slice(id.length)}`;
    const visit = await visitOf(id);
    const otherSlot = makeCancelToken(SECRET, visit).replace(`.${visit.date.replace(/-/g, '')}`, `.${visit.date.replace(/-/g, '').slice(0, -1)}9`);
    for (const bad of [flipped, token.slice(0, -2), otherId, otherSlot, await linkOf(id, 'another-secret-another-secret-another-1'), 'x'.repeat(90), '\u0000abc']) {
      const res = await cancel(encodeURIComponent(bad));
      expect([res.statusCode, res.json()], bad).toEqual([404, { error: CANCEL_LINK_INVALID }]);
    }
    expect(await statusOf(id)).toBe('booked');
  });

  it('takes the links of ids issued before decision 045 (16 characters) and of ids since (25)', async () => {
    const id = await book(t.app);
    expect(id).toHaveLength(25);
    const visit = await visitOf(id);
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, visit))).toEqual(visit);
    const old = { id: 'q3Xv-9_aLk2PzR0w', date: '2026-12-01', time: '10:30' };
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, old))).toEqual(old);
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, { ...old, id: 'a.b' }))).toBeNull();
  });

  it('gives the seat back, as the owner cancelling does', async () => {
    const id = await book(t.app, { user_email: 'seat.back@example.in' });
    const { date } = await visitOf(id);
    const before = await seatsTaken(date);
    expect(before).toBeGreaterThan(0);
    expect((await cancel(await linkOf(id))).statusCode).toBe(200);
    expect(await seatsTaken(date)).toBe(before - 1);
    // used again: refused, and no second seat comes back
    expect((await cancel(await linkOf(id))).statusCode).toBe(400);
    expect(await seatsTaken(date)).toBe(before - 1);
  });

  it('says a link is out of date once the visit was rescheduled, and the new link cancels the new slot', async () => {
    const owner = await createUser(t.app);
    const id = await book(t.app, { user_email: owner.email }, owner);
    const was = await visitOf(id);
    const oldLink = await linkOf(id);
    const moved = { new_date: openDate(6), new_time: was.time === '12:00' ? '12:30' : '12:00' };
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(owner), payload: moved });
    expect(res.statusCode, res.body).toBe(200);
    for (const answer of [await show(oldLink), await cancel(oldLink)]) expect([answer.statusCode, answer.json()]).toEqual([409, { error: CANCEL_LINK_OUT_OF_DATE }]);
    const hindi = await t.app.inject({ method: 'GET', url: `/api/cancel-links/${oldLink}/`, remoteAddress: from(), headers: { cookie: 'lang=hi' } });
    expect(hindi.json().error).toMatch(/^यह लिंक पुराना हो चुका है/);
    expect(await statusOf(id)).toBe('booked');

    const before = await seatsTaken(moved.new_date);
    const newLink = await linkOf(id);
    expect((await show(newLink)).json()).toMatchObject({ date: moved.new_date, time: moved.new_time, refusal: null });
    expect((await cancel(newLink)).statusCode).toBe(200);
    expect(await seatsTaken(moved.new_date)).toBe(before - 1);
    // the old link stays out of its way: it still says the link was used, not that it is out of date
    expect((await show(oldLink)).json()).toMatchObject({ status: 'cancelled', refusal: CANCEL_LINK_USED });
  });

  it('answers a link of the first form (signed over the id alone) as out of date, not as a bad link', async () => {
    const id = await book(t.app, { user_email: 'first.form@example.in' });
    const key = createHmac('sha256', SECRET).update('lab.bookings.cancel').digest();
    const legacy = `${id}.${createHmac('sha256', key).update(id).digest('hex').slice(0, 40)}`;
    expect([(await cancel(legacy)).statusCode, (await show(legacy)).json()]).toEqual([409, { error: CANCEL_LINK_OUT_OF_DATE }]);
    expect(await statusOf(id)).toBe('booked');
  });

  it('stops an address after too many bad links, good ones too', async () => {
    const ip = from();
    for (let i = 0; i < BILL_MISS_LIMIT.max; i++) expect((await show(`bad-${i}`, ip)).statusCode).toBe(404);
    const id = await book(t.app);
    expect((await show(await linkOf(id), ip)).statusCode).toBe(429);
  });

  it("shows staff each of an appointment's e-mails with its state", async () => {
    const id = await book(t.app);
    const headers = { authorization: `Bearer ${reception.access}` };
    const res = await t.app.inject({ method: 'GET', url: `/api/staff/appointments/${id}/mail`, headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ kind: string; state: string }>;
    // newest first: the reminder (queued for the evening before), then the confirmation (sent)
    expect(items.map((i) => [i.kind, i.state])).toEqual([
      ['reminder', 'queued'],
      ['booking-confirmation', 'sent'],
    ]);
    expect(items[1]).toMatchObject({ to: 'ravi@example.com', attempts: 1, error: null, sent_at: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/appointments/nothing-here/mail`, headers })).json()).toEqual({ items: [] });
  });
});
