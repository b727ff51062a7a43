import { randomBytes } from 'node:crypto';
import { RESET_EMAIL_SENT, RESET_LINK_INVALID, RESET_PASSWORD_DONE } from '@lab/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from '../src/modules/auth/reset-token.ts';
import { type Account, createUser, makeApp, type TestApp } from './helpers.ts';

describe('accounts: password reset by e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.mail.length = 0;
  });

  let address = 0;
  const from = () => `10.3.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const sendReset = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email }, remoteAddress: from() });
  const reset = (path: string, password: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/reset-password/${path}/`, payload: { password }, remoteAddress: from() });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password }, remoteAddress: from() });

  /** the `uidb64/token` part of the link in the last e-mail */
  function linkFromMail(): string {
    const text = t.mail.at(-1)!.text;
    const m = /http:\/\/lab\.test\/reset-password\/([A-Za-z0-9_-]+)\/([0-9a-z]+-[0-9a-f]+)\n/.exec(text);
    expect(m, text).not.toBeNull();
    return `${m![1]}/${m![2]}`;
  }

  async function requestLink(user: Account): Promise<string> {
    const res = await sendReset(user.email);
    expect(res.statusCode).toBe(200);
    return linkFromMail();
  }

  const userRow = (id: number) => t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('POST /api/send-reset-email/', () => {
    it('e-mails a link to {PUBLIC_URL}/reset-password/{uidb64}/{token} when an account has the address', async () => {
      const user = await createUser(t.app, { first_name: 'Lakshmi' });
      const res = await sendReset(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_EMAIL_SENT });
      expect(t.mail).toHaveLength(1);
      const mail = t.mail[0]!;
      expect(mail.to).toBe(user.email);
      expect(mail.subject).toMatch(/reset/i);
      expect(mail.text).toContain('Hello Lakshmi,');
      const path = linkFromMail();
      expect(path.startsWith(`${encodeUid(user.id)}/`)).toBe(true);
      expect(Buffer.from(path.split('/')[0]!, 'base64url').toString()).toBe(String(user.id));
      expect(mail.html).toContain(`href="http://lab.test/reset-password/${path}"`);
      expect(mail.text).toContain('60 minutes');
    });

    it('answers the very same for an address with no account, and sends nothing', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/send-reset-email', payload: { email: 'nobody-here@example.com' }, remoteAddress: from() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_EMAIL_SENT });
      expect(t.mail).toHaveLength(0);
    });

    it('names a missing or malformed e-mail', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: {}, remoteAddress: from() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ email: ['This field is required.'] });
      const bad = await sendReset('not-an-address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ email: ['Enter a valid email address.'] });
    });

    it('answers 200 even when the mail server fails, and logs instead', async () => {
      const broken = await makeApp();
      try {
        const user = await createUser(broken.app);
        broken.app.deps.mailer.send = async () => {
          throw new Error('SMTP down');
        };
        const res = await broken.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email: user.email } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: RESET_EMAIL_SENT });
      } finally {
        await broken.close();
      }
    });
  });

  describe('POST /api/reset-password/{uidb64}/{token}/', () => {
    it('sets the new password: the old one is refused, the new one works', async () => {
      const user = await createUser(t.app);
      const path = await requestLink(user);
      const res = await reset(path, 'Saffron-Rice-Bowl-9');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_PASSWORD_DONE });
      expect((await login(user.username, user.password)).statusCode).toBe(401);
      expect((await login(user.username, 'Saffron-Rice-Bowl-9')).statusCode).toBe(200);
    });

    it('refuses the same link a second time', async () => {
      const user = await createUser(t.app);
      const path = await requestLink(user);
      expect((await reset(path, 'Cardamom-Tea-Time-4')).statusCode).toBe(200);
      const again = await reset(path, 'Another-Good-One-77');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: RESET_LINK_INVALID });
      expect((await login(user.username, 'Cardamom-Tea-Time-4')).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous uses of a link win', async () => {
      const user = await createUser(t.app);
      const path = await requestLink(user);
      const results = await Promise.all([reset(path, 'Mango-Lassi-Summer-1'), reset(path, 'Mango-Lassi-Summer-2')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('refuses an expired link (older than an hour)', async () => {
      const user = await createUser(t.app);
      const row = await userRow(user.id);
      const hourAgo = Math.floor(Date.now() / 1000) - 3601;
      const res = await reset(`${encodeUid(user.id)}/${makeResetToken(t.app.deps.config.jwtSecret, row, hourAgo)}`, 'Jasmine-Garden-88');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      // Just within the hour it still works.
      const almost = Math.floor(Date.now() / 1000) - 3500;
      expect((await reset(`${encodeUid(user.id)}/${makeResetToken(t.app.deps.config.jwtSecret, row, almost)}`, 'Jasmine-Garden-88')).statusCode).toBe(200);
    });

    it('refuses a link once the password changed or the person logged in since it was sent', async () => {
      const user = await createUser(t.app);
      const before = await requestLink(user);
      const other = await requestLink(user);
      expect((await reset(other, 'Banyan-Shade-Walk-3')).statusCode).toBe(200);
      expect((await reset(before, 'Banyan-Shade-Walk-4')).json()).toEqual({ error: RESET_LINK_INVALID });

      const fresh = await requestLink(user);
      await new Promise((r) => setTimeout(r, 5));
      expect((await login(user.username, 'Banyan-Shade-Walk-3')).statusCode).toBe(200);
      expect((await reset(fresh, 'Banyan-Shade-Walk-5')).json()).toEqual({ error: RESET_LINK_INVALID });
    });

    it.each([
      ['a forged token', (uid: string, token: string) => `${uid}/${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`],
      ['a token from the future', (uid: string) => `${uid}/${(Math.floor(Date.now() / 1000) + 3600).toString(36)}-${'a'.repeat(40)}`],
      ['a malformed token', (uid: string) => `${uid}/not-a-token`],
      ['another user id', (_uid: string, token: string) => `${encodeUid(1)}/${token}`],
      ['an id that is not base64 of a number', (_uid: string, token: string) => `${Buffer.from('abc').toString('base64url')}/${token}`],
      ['an id of nobody', (_uid: string, token: string) => `${encodeUid(99_999)}/${token}`],
      ['an overlong token', (uid: string) => `${uid}/${'a'.repeat(90)}`],
      ['an id beyond any integer column', (_uid: string, token: string) => `${encodeUid(99_999_999_999)}/${token}`],
    ])('refuses %s', async (_label, make) => {
      await createUser(t.app);
      const user = await createUser(t.app);
      const [uid, token] = (await requestLink(user)).split('/') as [string, string];
      const res = await reset(make(uid, token), 'Peacock-Feather-21');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      // The genuine link still works afterwards.
      expect((await reset(`${uid}/${token}`, 'Peacock-Feather-21')).statusCode).toBe(200);
    });

    it('refuses a path parameter beyond the router limit with 414, not 500', async () => {
      const res = await reset(`MQ/${'a'.repeat(300)}`, 'Peacock-Feather-21');
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ error: 'This address is too long.' });
    });

    it('refuses a weak password with a field message, and the link stays usable', async () => {
      // Letters only: a username holding digits could be "too similar" to the numeric password below.
      const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
      const user = await createUser(t.app, { username: `tulsi_${letters}`, email: `tulsi_${letters}@example.in` });
      const path = await requestLink(user);
      for (const [password, messages] of [
        ['short', ['This password is too short. It must contain at least 8 characters.']],
        ['qwertyuiop', ['This password is too common.']],
        ['73019468255', ['This password is entirely numeric.']],
        [user.username, ['The password is too similar to the username.']],
      ] as const) {
        const res = await reset(path, password);
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({ password: messages });
      }
      const missing = await t.app.inject({ method: 'POST', url: `/api/reset-password/${path}/`, payload: {}, remoteAddress: from() });
      expect(missing.json()).toEqual({ password: ['This field is required.'] });
      expect((await reset(path, 'Neem-Leaf-Breeze-6')).statusCode).toBe(200);
    });

    it('ends every session of the account', async () => {
      const user = await createUser(t.app);
      const path = await requestLink(user);
      expect((await reset(path, 'Lotus-Pond-Evening-2')).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: user.refresh } });
      expect(res.statusCode).toBe(401);
    });

    it('accepts the path without the trailing slash', async () => {
      const user = await createUser(t.app);
      const path = await requestLink(user);
      const res = await t.app.inject({ method: 'POST', url: `/api/reset-password/${path}`, payload: { password: 'Coconut-Grove-Sea-8' }, remoteAddress: from() });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('reset tokens', () => {
    const user = { id: 7, password_hash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', last_login: null, email: 'a@example.com' };
    const secret = 'test-secret-test-secret-test-secret-0123';

    it('is valid for an hour, for this user, hash, last login and secret only', () => {
      const now = 1_800_000_000;
      const token = makeResetToken(secret, user, now);
      expect(token).toMatch(/^[0-9a-z]+-[0-9a-f]{40}$/);
      expect(checkResetToken(secret, user, token, now)).toBe(true);
      expect(checkResetToken(secret, user, token, now + 3600)).toBe(true);
      expect(checkResetToken(secret, user, token, now + 3601)).toBe(false);
      expect(checkResetToken(secret, { ...user, id: 8 }, token, now)).toBe(false);
      expect(checkResetToken(secret, { ...user, password_hash: `${user.password_hash}x` }, token, now)).toBe(false);
      expect(checkResetToken(secret, { ...user, last_login: new Date(now * 1000).toISOString() }, token, now)).toBe(false);
      expect(checkResetToken(secret, { ...user, email: 'b@example.com' }, token, now)).toBe(false);
      expect(checkResetToken(`${secret}x`, user, token, now)).toBe(false);
    });

    it('encodes the user id as URL-safe base64 and decodes only positive ids', () => {
      expect(encodeUid(1)).toBe('MQ');
      expect(encodeUid(12345)).toBe('MTIzNDU');
      expect(decodeUid('MTIzNDU')).toBe(12345);
      for (const bad of ['', 'MA', Buffer.from('-1').toString('base64url'), Buffer.from('1e3').toString('base64url'), '!!', 'M'.repeat(40)]) {
        expect(decodeUid(bad), bad).toBeNull();
      }
    });
  });
});
