// The request log never holds a capability or a token (decision 048): every registered route with a
// parameter, every page of the web app that carries a value, and unknown paths are called with real
// ids and tokens, and the captured log is searched for them.
import { Writable } from 'node:stream';
import { paths, staffPaths } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrl } from '../src/lib/log-masking.ts';
import { makeCancelToken } from '../src/modules/cancel-links/token.ts';
import { makeClaimToken } from '../src/modules/claims/claim-token.ts';
import { bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({}, { logger: { level: 'info', stream } });
});
afterAll(() => t.close());

/** the URLs the log recorded for incoming requests */
const loggedUrls = () =>
  lines
    .map((l) => JSON.parse(l) as { msg?: string; req?: { url: string } })
    .filter((l) => l.msg === 'incoming request')
    .map((l) => l.req!.url);

describe('capabilities in the request log', () => {
  it('masks every parameter of every API route, the pages that carry a value and ids in unknown paths', async () => {
    const staff = await createStaff(t.app);
    const user = await createUser(t.app);
    const appointmentId = await book(t.app, { user_email: user.email }, user);
    const visit = await t.app.deps.db.selectFrom('appointments').select(['id', 'date', 'time']).where('id', '=', appointmentId).executeTakeFirstOrThrow();
    const cancelToken = makeCancelToken(t.app.deps.config.jwtSecret, visit);
    const claimToken = makeClaimToken(t.app.deps.config.jwtSecret, user.id, user.email.toLowerCase());
    const resetToken = 'cq1xyz-0123456789abcdef0123';
    const verificationCode = 'K7MP3QXW';
    const secrets = [appointmentId, cancelToken, cancelToken.split('.').pop()!, claimToken.split('.').pop()!, resetToken, verificationCode];

    // every API route with a parameter, each parameter filled with the appointment id (or a token where the route takes one)
    const withParams = t.routes.filter((r) => r.includes('/:'));
    expect(withParams.length).toBeGreaterThan(40);
    const fill = (name: string) =>
      ({ token: cancelToken, code: verificationCode, uidb64: 'MTIz', purpose: 'marketing', version: '1', date: '2030-01-01' })[name] ?? appointmentId;
    const called: string[] = [];
    for (const route of withParams) {
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(/:(\w+)/g, (_m, name: string) => (pattern.startsWith('/api/reset-password/') && name === 'token' ? resetToken : encodeURIComponent(fill(name))));
      await t.app.inject({ method: method as 'GET', url, headers: bearer(pattern.startsWith('/api/staff/') ? staff : user), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      called.push(url);
    }
    // the web app's pages that carry a value (each link builder of the contract) and the API of each secret
    const pages = [
      paths.billing(appointmentId),
      paths.billLink(appointmentId),
      paths.payLink(appointmentId),
      paths.recollect(cancelToken),
      paths.report(appointmentId),
      paths.cancelBooking(cancelToken),
      paths.claimBookings(claimToken),
      paths.resetPassword('MTIz', resetToken),
      paths.verify(verificationCode),
      staffPaths.staffResult(appointmentId),
      `${paths.report(appointmentId)}?lang=hi`,
      `/api/appointments/${appointmentId}/unknown-action/`,
      `/somewhere/${appointmentId}`,
      `/api/cancel-links/${cancelToken}/extra`,
    ];
    for (const url of pages) await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'POST', url: '/api/claim-bookings/confirm/', payload: { token: claimToken } });

    const urls = loggedUrls();
    // every call was logged, masked
    expect(urls.length).toBeGreaterThanOrEqual(called.length + pages.length);
    for (const expected of ['/api/billing/***/', '/api/appointments/***/cancel/', '/api/staff/results/***/patient', '/report/***', '/bill/***', '/pay/***', '/recollect/***', '/cancel/***', '/claim-bookings/***', '/reset-password/***/***', '/verify/***', '/staff/results/***', '/api/reports/***/pdf', '/api/verify/***']) {
      expect(urls, expected).toContain(expected);
    }
    // a public parameter stays readable
    expect(urls).toContain('/api/users/me/consents/marketing/withdraw/');
    const log = lines.join('');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });

  it('masks the same way without the route when a path matches no route', () => {
    expect(maskUrl('/api/nothing/2k3j4h5g6f7d8s9a0b1c2d3e4f/x')).toBe('/api/nothing/***/x');
    expect(maskUrl('/UserDashboard?view=trends')).toBe('/UserDashboard?view=trends');
    expect(maskUrl('/blog/12')).toBe('/blog/12');
    // a capability under the Hindi prefix is masked whole, however short or plain its values
    expect(maskUrl('/hi/reset-password/MQ/tok')).toBe('/hi/reset-password/***/***');
    expect(maskUrl('/hi/cancel/abc.def')).toBe('/hi/cancel/***');
    expect(maskUrl('/hi/verify/ABCDEFGH')).toBe('/hi/verify/***');
    expect(maskUrl('/hindi/verify/ABCDEFGH')).toBe('/hindi/verify/ABCDEFGH');
    expect(maskUrl('/find-booking?reference=LC-2MUR-JB&phone=9876543210')).toBe('/find-booking?reference=***&phone=***');
    // the plain booking steps: the tests, the home address and the patient's details; the day and step stay
    expect(maskUrl('/book?tests=45&where=home&house=12&locality=Sindhi+Camp&city=Jaipur&pin=302001&date=2026-12-05&time=09%3A30&name=Asha&email=a%40b.in&phone=98290&step=review')).toBe(
      '/book?tests=***&where=home&house=***&locality=***&city=***&pin=***&date=2026-12-05&time=09%3A30&name=***&email=***&phone=***&step=review',
    );
  });
});
