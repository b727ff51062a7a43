// The reminder's cancel link (no login) and the delivery log staff read, on SQLite and, with
// DATABASE_URL, PostgreSQL: the link shows the booking and cancels it once; it is refused when reused,
// after the sample is collected, and when tampered with; staff see each e-mail's state.
import { CANCEL_AFTER_COLLECTION, CANCEL_LINK_INVALID, CANCEL_LINK_USED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MISS_LIMIT } from '../src/modules/billing/routes.ts';
import { checkCancelToken, makeCancelToken } from '../src/modules/cancel-links/token.ts';
import { makeApp, type TestApp } from './helpers.ts';
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

  it('shows the booking, cancels it without a login, audits it, and refuses the same link again', async () => {
    const id = await book(t.app, { user_email: 'nila@example.in' });
    const token = makeCancelToken(SECRET, id);
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
    const token = makeCancelToken(SECRET, id);
    expect((await show(token)).json()).toMatchObject({ status: 'sample_collected', refusal: CANCEL_AFTER_COLLECTION });
    const res = await cancel(token);
    expect([res.statusCode, res.json()]).toEqual([400, { error: CANCEL_AFTER_COLLECTION }]);
    expect(await statusOf(id)).toBe('sample_collected');
  });

  it('refuses a tampered, truncated or foreign link with one answer, and the booking stands', async () => {
    const id = await book(t.app);
    const token = makeCancelToken(SECRET, id);
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}${token.slice(id.length)}`;
    for (const bad of [flipped, token.slice(0, -2), otherId, makeCancelToken('another-secret-another-secret-another-1', id), 'x'.repeat(90), '\u0000abc']) {
      const res = await cancel(encodeURIComponent(bad));
      expect([res.statusCode, res.json()], bad).toEqual([404, { error: CANCEL_LINK_INVALID }]);
    }
    expect(await statusOf(id)).toBe('booked');
  });

  it('takes the links of ids issued before decision 045 (16 characters) and of ids since (25)', async () => {
    const id = await book(t.app);
    expect(id).toHaveLength(25);
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, id))).toBe(id);
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, 'q3Xv-9_aLk2PzR0w'))).toBe('q3Xv-9_aLk2PzR0w');
    expect(checkCancelToken(SECRET, makeCancelToken(SECRET, 'a.b'))).toBeNull();
  });

  it('stops an address after too many bad links, good ones too', async () => {
    const ip = from();
    for (let i = 0; i < BILL_MISS_LIMIT.max; i++) expect((await show(`bad-${i}`, ip)).statusCode).toBe(404);
    const id = await book(t.app);
    expect((await show(makeCancelToken(SECRET, id), ip)).statusCode).toBe(429);
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
