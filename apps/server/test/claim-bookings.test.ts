// Claiming guest bookings (decision 017): an account asks for a link to its e-mail address; opening it
// joins the bookings made as a guest with that address (any case) to the account, audited, and no
// others; a forged, altered or stale link, or one for an address the account no longer has, is a 400.
// SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClaimToken } from '../src/modules/claims/claim-token.ts';
import { CLAIM_LINK_INVALID } from '../src/modules/claims/service.ts';
import { bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/claim-bookings/confirm/', payload: { token } });
const listOf = async (access: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: { authorization: `Bearer ${access}` } })).json() as { id: string }[]).map((a) => a.id);

describe('claiming guest bookings', () => {
  it('joins the guest bookings of the confirmed address to the account, and only those', async () => {
    const user = await createUser(t.app);
    const mine = [await book(t.app, { user_email: user.email }), await book(t.app, { user_email: user.email.toUpperCase() })];
    const someoneElses = await book(t.app, { user_email: `other.${user.email}` });
    expect(await listOf(user.access)).toEqual([]);

    t.mail.length = 0;
    const asked = await t.app.inject({ method: 'POST', url: '/api/users/claim-bookings/', headers: bearer(user) });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ waiting: 2 });
    const mail = t.mail.find((m) => m.to === user.email)!;
    const link = /http:\/\/lab\.test\/claim-bookings\/(\S+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();

    const res = await confirm(link![1]!);
    expect(res.statusCode).toBe(200);
    expect(res.json().claimed).toBe(2);
    expect((await listOf(user.access)).sort()).toEqual([...mine].sort());
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['entity_id', 'action']).where('action', '=', 'claim').where('actor_user_id', '=', user.id).execute();
    expect(audit.map((a) => a.entity_id).sort()).toEqual([...mine].sort());
    const other = await t.app.deps.db.selectFrom('appointments').select('user_id').where('id', '=', someoneElses).executeTakeFirstOrThrow();
    expect(other.user_id).toBeNull();

    // Opened again: nothing more to join, and no error.
    expect((await confirm(link![1]!)).json()).toEqual({ claimed: 0, references: [] });
  });

  it('refuses a forged, altered or stale link, and a link for an address the account no longer has', async () => {
    const user = await createUser(t.app);
    await book(t.app, { user_email: user.email });
    const secret = t.app.deps.config.jwtSecret;
    const good = makeClaimToken(secret, user.id, user.email.toLowerCase());
    const refused = [
      makeClaimToken('another-secret-another-secret-000', user.id, user.email.toLowerCase()),
      good.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      makeClaimToken(secret, user.id, user.email.toLowerCase(), Math.floor(Date.now() / 1000) - 4 * 86_400),
      makeClaimToken(secret, user.id, `old.${user.email.toLowerCase()}`),
      makeClaimToken(secret, 2_000_000_000, 'x@example.com'),
      'not-a-token',
    ];
    for (const token of refused) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ error: CLAIM_LINK_INVALID });
    }
    expect((await confirm('a\u0000b')).statusCode).toBe(400);
    expect((await confirm(good)).json().claimed).toBe(1);
  });

  it('asks for the link only when logged in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/claim-bookings/' })).statusCode).toBe(401);
  });
});
