// The staff TOTP secrets at rest (decision 049): sealed with AES-256-GCM under TOTP_KEY, secrets kept
// in plain text before are sealed at start, and a new key listed before the old one re-seals them all.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { open, seal } from '../src/modules/second-factor/secret-box.ts';
import { bearer, makeApp, type TestApp, TestClock } from './helpers.ts';
import { createStaff, type StaffAccount, totpCode } from './staff-helpers.ts';

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');

describe('TOTP secrets at rest', () => {
  let t: TestApp;
  let staff: StaffAccount;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await makeApp({ TOTP_KEY: KEY_A }, { clock, sqliteFile: true });
    staff = await createStaff(t.app);
  });
  afterAll(() => t.close());

  const stored = async (id: number) => (await t.app.deps.db.selectFrom('users').select('totp_secret').where('id', '=', id).executeTakeFirstOrThrow()).totp_secret!;
  /** a second server process on the same database, as after a restart with other settings */
  const restart = (env: Record<string, string>) => makeApp(env, { clock, shareDatabaseOf: t });
  const passes = async (app: TestApp, who: StaffAccount) => {
    clock.advance(30_000);
    const session = (await app.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: who.username, password: who.password }, remoteAddress: '10.62.0.1' })).json().tokens;
    return app.app.inject({ method: 'POST', url: '/api/users/second-factor/verify/', headers: bearer(session), payload: { code: await totpCode(who.secret, clock) }, remoteAddress: '10.62.0.1' });
  };

  it('keeps no secret in plain text, bound to its account', async () => {
    const value = await stored(staff.id);
    expect(value).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(value).not.toContain(staff.secret);
    const keys = [Buffer.from(KEY_A, 'hex')];
    expect(open(keys, staff.id, value)).toBe(staff.secret);
    // Copied onto another account's row it opens nothing; under another key neither.
    expect(open(keys, staff.id + 1, value)).toBeNull();
    expect(open([Buffer.from(KEY_B, 'hex')], staff.id, value)).toBeNull();
    expect((await passes(t, staff)).statusCode).toBe(200);
  });

  it('seals at start a secret stored in plain text before', async () => {
    await t.app.deps.db.updateTable('users').set({ totp_secret: staff.secret }).where('id', '=', staff.id).execute();
    const again = await restart({ TOTP_KEY: KEY_A });
    try {
      expect(open([Buffer.from(KEY_A, 'hex')], staff.id, await stored(staff.id))).toBe(staff.secret);
      expect(await stored(staff.id)).not.toContain(staff.secret);
      expect((await passes(again, staff)).statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('rotates: a new key first and the old one after re-seals every secret; the old key alone then opens none', async () => {
    const rotated = await restart({ TOTP_KEY: `${KEY_B},${KEY_A}` });
    try {
      const value = await stored(staff.id);
      expect(open([Buffer.from(KEY_B, 'hex')], staff.id, value)).toBe(staff.secret);
      expect(open([Buffer.from(KEY_A, 'hex')], staff.id, value)).toBeNull();
      expect((await passes(rotated, staff)).statusCode).toBe(200);
    } finally {
      await rotated.close();
    }
    // The old key was dropped too soon: the secret is unreadable, and the step says to set it up again (409), never a 500.
    const stale = await restart({ TOTP_KEY: KEY_A });
    try {
      expect((await passes(stale, staff)).statusCode).toBe(409);
    } finally {
      await stale.close();
    }
  });

  it('refuses a TOTP_KEY that is not 64 hex digits, naming the variable', () => {
    for (const bad of ['abc', `${KEY_A},`, `${KEY_A}0`, 'z'.repeat(64)]) {
      expect(() => loadConfig({ TOTP_KEY: bad, JWT_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
      expect(() => loadConfig({ TOTP_KEY: bad, JWT_SECRET: 'x'.repeat(40) })).toThrow(/TOTP_KEY: must be 64 hex digits/);
    }
    // Unset: derived from JWT_SECRET, 32 bytes, the same on every start.
    const derived = loadConfig({ JWT_SECRET: 'x'.repeat(40) }).totpKeys;
    expect(derived).toHaveLength(1);
    expect(derived[0]!.length).toBe(32);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).totpKeys[0]!.equals(derived[0]!)).toBe(true);
    expect(seal(derived, 1, 'ABC').startsWith('v1.')).toBe(true);
  });
});
