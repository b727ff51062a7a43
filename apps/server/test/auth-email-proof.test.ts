// The proof of an account's e-mail address (decision 049): a stranger who registers with someone
// else's address can put no text of theirs in that inbox, nor keep the address from its owner; an
// unproven account logs in and books as before, and is mailed nothing but the proof until it is proven.
import { EMAIL_PROOF_INVALID, EMAIL_PROVEN, EMAIL_PROVEN_ELSEWHERE, localeCookie } from '@lab/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHHELD } from '../src/modules/auth/proven.ts';
import { makeProofToken } from '../src/modules/auth/email-proof.ts';
import { resetLink } from '../src/modules/auth/service.ts';
import { encodeUid } from '../src/modules/auth/reset-token.ts';
import { bearer, createUser, makeApp, proofLinkOf, spreadVisit, type TestApp, unique } from './helpers.ts';

const PHISH = 'Your account is locked. Verify at evil.example today';

describe('the proof of an account e-mail address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const from = () => `10.77.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const post = (url: string, payload: object, extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: from(), ...extra });
  const register = (over: Record<string, string>) => {
    const id = unique('p');
    const body = { username: `p_${id}`, password: `Monsoon-Lab-${randomBytes(4).toString('hex')}!`, email: `${id}@example.in`, first_name: 'Asha', last_name: 'Rao', ...over };
    return post('/api/users/register/', body).then((res) => ({ res, body }));
  };
  const login = (username: string, password: string) => post('/api/users/login/', { username, password });
  const mailTo = (to: string) => t.mail.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const textOf = (m: { subject: string; text: string; html?: string }) => `${m.subject}\n${m.text}\n${m.html ?? ''}`;
  const proveBy = async (userId: number) => post('/api/users/verify-email/', await proofLinkOf(t.app, userId));
  const tests = async () => ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number }[]).slice(0, 1).map((x) => x.id);
  const bookAs = async (token: string | null, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      remoteAddress: from(),
      headers: token ? bearer({ access: token }) : {},
      payload: { ...spreadVisit(n++, 2, { morningOnly: true }), user_name: 'Ravi Kumar', user_email: email, user_phone: '9876543210', home_sample: false, tests: await tests() },
    });
    expect(res.statusCode).toBe(201);
    await t.app.mailJobs.runDue();
    return res.json().id as string;
  };

  it("puts no text a stranger typed into the owner's inbox, and sends an unproven account nothing but proofs", async () => {
    const victim = `${unique('victim')}@example.in`;
    const { res, body } = await register({ email: victim, first_name: PHISH, username: `evil_${unique()}` });
    // Spec clients keep working: 201 with the user as typed, and the account logs in.
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: victim, first_name: PHISH });
    const session = await login(body.username, body.password);
    expect(session.statusCode).toBe(200);

    // The one e-mail: the proof, which greets nobody and names nothing the registrant typed.
    const [proof, ...others] = mailTo(victim);
    expect(others).toHaveLength(0);
    expect(proof!.subject).toBe('Confirm the e-mail address of your new Lab Centre Diagnostics account');
    expect(proof!.text).toMatch(/^Hello,\n/);
    expect(proof!.text).toContain('http://lab.test/verify-email/');
    for (const typed of ['locked', 'evil.example', body.username, 'Rao']) expect(textOf(proof!)).not.toContain(typed);

    // A reset link is itself a proof, so it goes; without the name or the username.
    expect((await post('/api/send-reset-email/', { email: victim })).statusCode).toBe(200);
    const reset = mailTo(victim).at(-1)!;
    expect(reset.subject).toMatch(/^Reset your/);
    expect(reset.text).toMatch(/^Hello,\n/);
    for (const typed of ['locked', 'evil.example', body.username]) expect(textOf(reset)).not.toContain(typed);

    // The unproven account books (201), but its confirmation waits for the proof, and says why.
    const before = mailTo(victim).length;
    const id = await bookAs(session.json().tokens.access, victim);
    expect(mailTo(victim)).toHaveLength(before);
    const jobs = await t.app.deps.db.selectFrom('mail_jobs').select(['state', 'last_error', 'message_json']).where('appointment_id', '=', id).execute();
    expect(jobs.find((j) => j.state === 'skipped')).toMatchObject({ last_error: WITHHELD, message_json: null });
    // … while a guest booking mails the address typed, as before.
    await bookAs(null, victim);
    expect(mailTo(victim)).toHaveLength(before + 1);
  });

  it('lets the real owner register with an address an unproven account holds, and take it by the proof link', async () => {
    const address = `${unique('owner')}@example.in`;
    const squatter = await register({ email: address, first_name: PHISH });
    expect(squatter.res.statusCode).toBe(201);
    const owner = await register({ email: address.toUpperCase(), first_name: 'Meena' });
    expect(owner.res.statusCode).toBe(201);
    // Until proven, the owner logs in by username; the address still names the squatter's account.
    expect((await login(owner.body.username, owner.body.password)).statusCode).toBe(200);
    expect((await login(address, squatter.body.password)).statusCode).toBe(200);

    const ownerId = owner.res.json().id as number;
    const squatterId = squatter.res.json().id as number;
    // A proof e-mail went to the address for the second account too, naming nobody.
    expect(mailTo(address).filter((m) => m.text.includes(`/verify-email/${encodeUid(ownerId)}/`))).toHaveLength(1);

    const proved = await proveBy(ownerId);
    expect(proved.statusCode).toBe(200);
    expect(proved.json()).toEqual({ message: EMAIL_PROVEN });
    // The address is the owner's now: its login by e-mail, and the squatter has none left.
    expect((await login(address, owner.body.password)).statusCode).toBe(200);
    expect((await login(address, squatter.body.password)).statusCode).toBe(401);
    const squatterRow = await t.app.deps.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', squatterId).executeTakeFirstOrThrow();
    expect(squatterRow).toEqual({ email: '', email_verified_at: null });
    expect((await login(squatter.body.username, squatter.body.password)).statusCode).toBe(200);
    // Both changes are audited.
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['entity_id', 'action']).where('entity', '=', 'user').where('entity_id', 'in', [String(ownerId), String(squatterId)]).execute();
    expect(audit).toEqual(expect.arrayContaining([{ entity_id: String(squatterId), action: 'email-released' }, { entity_id: String(ownerId), action: 'email-proven' }]));
    // A proven address is taken for good: a third registration is refused.
    const third = await register({ email: address });
    expect(third.res.statusCode).toBe(400);
    expect(third.res.json()).toEqual({ email: ['A user with that email address already exists.'] });
    // The squatter's own proof link is dead: the address went elsewhere (and it holds none).
    expect((await proveBy(squatterId)).statusCode).toBe(400);
  });

  it('refuses a used, expired, forged or overtaken link, in the language of the page', async () => {
    const address = `${unique('links')}@example.in`;
    const first = await register({ email: address });
    const second = await register({ email: address });
    const firstId = first.res.json().id as number;
    const secondId = second.res.json().id as number;
    const secondLink = await proofLinkOf(t.app, secondId);
    // The first account proves the address: the second's link is overtaken.
    expect((await proveBy(firstId)).statusCode).toBe(200);
    const overtaken = await post('/api/users/verify-email/', secondLink);
    expect(overtaken.statusCode).toBe(409);
    expect(overtaken.json()).toEqual({ error: EMAIL_PROVEN_ELSEWHERE });
    // Used once: the same link again is refused.
    const again = await proveBy(firstId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: EMAIL_PROOF_INVALID });

    const third = await register({});
    const id = third.res.json().id as number;
    const row = await t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const old = makeProofToken(t.app.deps.config.jwtSecret, row, Math.floor(Date.now() / 1000) - 4 * 86_400);
    for (const payload of [
      { uidb64: encodeUid(id), token: old },
      { uidb64: encodeUid(id), token: `${old.slice(0, -1)}0` },
      { uidb64: encodeUid(id + 1), token: (await proofLinkOf(t.app, id)).token },
      { uidb64: 'MjE0NzQ4MzY0OA', token: 'x\u0000' },
    ]) {
      const res = await post('/api/users/verify-email/', payload);
      expect(res.statusCode).toBe(400);
    }
    const hindi = await post('/api/users/verify-email/', { uidb64: encodeUid(id), token: old }, { cookies: { [localeCookie]: 'hi' } });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().error).toBe('पक्का करने के इस लिंक की अवधि ख़त्म हो गई है या यह मान्य नहीं है।');
    // A blank field is named.
    expect((await post('/api/users/verify-email/', { uidb64: '', token: 'a' })).json()).toEqual({ uidb64: ['This field may not be blank.'] });
  });

  it('counts a used reset link as the proof: the account is mailed again, greeted by name', async () => {
    const { res, body } = await register({});
    const id = res.json().id as number;
    const user = await t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [uidb64, token] = resetLink(t.app.deps, user).split('/').slice(-2) as [string, string];
    expect((await post(`/api/reset-password/${uidb64}/${token}/`, { password: 'Another-Lab-pass-9!' })).statusCode).toBe(200);
    const proven = await t.app.deps.db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(proven.email_verified_at).not.toBeNull();
    const session = (await login(body.username, 'Another-Lab-pass-9!')).json();
    await bookAs(session.tokens.access, body.email);
    expect(mailTo(body.email).at(-1)!.subject).toMatch(/^Appointment .* booked/);
    expect((await post('/api/send-reset-email/', { email: body.email })).statusCode).toBe(200);
    expect(mailTo(body.email).at(-1)!.text).toMatch(/^Hello Asha,\n/);
  });

  it('counts a used claim link as the proof, and greets nobody in it before', async () => {
    const user = await createUser(t.app, { first_name: 'Kavya' }, { proven: false });
    const asked = await t.app.inject({ method: 'POST', url: '/api/users/claim-bookings/', headers: bearer(user), remoteAddress: from() });
    expect(asked.statusCode).toBeLessThan(300);
    const claim = mailTo(user.email).at(-1)!;
    expect(claim.text).toMatch(/^Hello,\n/);
    expect(textOf(claim)).not.toContain('Kavya');
    const token = decodeURIComponent(/\/claim-bookings\/([^\s"<]+)/.exec(claim.text)![1]!);
    const used = await post('/api/claim-bookings/confirm/', { token });
    expect(used.statusCode).toBe(200);
    const row = await t.app.deps.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('sends at most 3 proofs an hour to one address, however many accounts name it; the accounts still stand', async () => {
    const address = `${unique('flood')}@example.in`;
    for (let i = 0; i < 5; i++) expect((await register({ email: address })).res.statusCode).toBe(201);
    expect(mailTo(address)).toHaveLength(3);
  });

});
