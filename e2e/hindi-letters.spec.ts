// No English left on a Hindi reader's screen (docs/i18n.md), measured the way a person sees it: on every
// page of the app's route table (apps/web/src/routes.ts) that a patient can read in Hindi, the visible text
// (`document.body.innerText`: no scripts, styles or hidden parts) holds at least twice as many Devanagari
// letters as Latin ones. Names, e-mail addresses, references and test abbreviations may stay Latin as
// long as the ratio holds; a failure prints the Latin words found. Public pages are opened at their /hi/
// path with no language chosen (a visitor who came straight there); the patient screens, which have one
// path, with Hindi chosen (the `lang` cookie), signed out or signed in as a patient with a booking.
import type { APIRequestContext, Page } from '@playwright/test';
import { makeCancelToken } from '../apps/server/src/modules/cancel-links/token.ts';
import routes from '../apps/web/src/routes.ts';
import { screensWithHindiPath } from '../apps/web/src/shared/i18n/page-locale.ts';
import { createUser, expect, loginAs, openDate, poster, test, type TestUser } from './support/fixtures.ts';
import { logIn } from '../test-support/users.ts';
import { lastMailTo } from './support/outbox.ts';

/** the e2e server's secret (e2e-server.mjs), to sign a reminder's cancel link as the evening job would */
const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-00';

interface RouteEntry {
  id: string;
  path?: string;
  children?: RouteEntry[];
}
const flatten = (entries: readonly RouteEntry[]): RouteEntry[] => entries.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const table = flatten(routes as readonly RouteEntry[]);
const ids = new Set(table.map((r) => r.id));

/** the routes with a page a patient reads: the staff console (English by design), layouts and the catch-all aside */
const readable = table.filter((r) => r.path !== undefined && r.path !== '*' && !r.id.startsWith('staff') && r.id !== 'data');
/** a public page is read at its /hi/ twin; a route with no twin follows the cookie, as do the patient
 * screens that also have a Hindi path (/packages and /hi/packages) */
const hindiRoutes = readable.filter((r) => r.id.startsWith('hi-'));
const cookieRoutes = readable.filter((r) => !r.id.startsWith('hi-') && (!ids.has(`hi-${r.id}`) || screensWithHindiPath.includes(r.path!)));

/** the visible text's Devanagari and Latin letters, and the Latin words */
async function letters(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  // letters and their vowel signs, not the danda or Devanagari digits
  const devanagari = (text.match(/\p{Script=Devanagari}/gu) ?? []).filter((c) => /[\p{L}\p{M}]/u.test(c)).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  const words = [...new Set(text.match(/\p{Script=Latin}[\p{Script=Latin}\d'’.@-]*/gu) ?? [])];
  return { devanagari, latin, words };
}

/** waits until the page at `path` (not a redirect) has drawn its data: hydrated, nothing left loading */
async function settled(page: Page, path: string) {
  // (a #fragment is the page's own: a hand-over link's token is read from it and taken out of the address)
  await expect.poll(() => { const url = new URL(page.url()); return url.pathname + url.search; }).toBe(path.split('#')[0]);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText(/लोड हो र|Loading/)).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
}

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), `${path} answers`).toBeLessThan(500);
  await settled(page, path);
}

/**
 * opens `path` (or reaches it as a person does, with `reach`), then measures it; `ready`: what shows
 * once the page has done its work, where that is more than loading its data
 */
async function expectMostlyHindi(page: Page, path: string, how: { reach?: () => Promise<void>; ready?: () => Promise<void> } = {}) {
  if (how.reach) {
    await how.reach();
    await settled(page, path);
  } else await open(page, path);
  await how.ready?.();
  const { devanagari, latin, words } = await letters(page);
  expect.soft(devanagari, `${path}: ${devanagari} Devanagari letters, ${latin} Latin; Latin words: ${words.join(' ')}`).toBeGreaterThanOrEqual(2 * latin);
  // and the page has text at all (an empty page would pass the ratio)
  expect.soft(devanagari, `${path} shows Hindi`).toBeGreaterThan(50);
}

/** a booking of two tests through the API, as a guest or with a patient's token */
async function book(request: APIRequestContext, who: TestUser, time: string, token?: string) {
  const all = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const tests = ['Lipid Profile', 'Serum Ferritin'].map((name) => all.find((t) => t.name === name)!.id);
  const date = openDate(5);
  const res = await request.post('/api/appointments/', {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: { date, time, user_name: `${who.first_name} ${who.last_name}`, user_email: who.email, user_phone: '9829012345', tests, home_sample: false, address: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as { id: string; reference: string }), date, time };
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('every route of the table is measured below', () => {
  // A route added to routes.ts without a Hindi visit here fails this test.
  expect(hindiRoutes.map((r) => r.id).sort()).toEqual(
    ['hi-about', 'hi-biochemistry', 'hi-blog', 'hi-blogs', 'hi-careers', 'hi-contact', 'hi-diagnostic', 'hi-hematology', 'hi-home', 'hi-microbiology', 'hi-offers', 'hi-packages', 'hi-privacy', 'hi-radiology', 'hi-serology', 'hi-services', 'hi-tests'].sort(),
  );
  expect(cookieRoutes.map((r) => r.id).sort()).toEqual([...signedOutScreens, ...signedInScreens].sort());
});

test('the measure tells an English page from its Hindi one', async ({ page }) => {
  await page.goto('/Hematology');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const english = await letters(page);
  expect(english.latin).toBeGreaterThan(2 * english.devanagari);
  expect(english.words).toContain('Hematology');
  await open(page, '/hi/Hematology');
  const hindi = await letters(page);
  expect(hindi.devanagari).toBeGreaterThanOrEqual(2 * hindi.latin);
});

test('every public page under /hi/ is mostly Devanagari, opened with no language chosen', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/?lang=hi')).json()) as Array<{ id: number }>;
  expect(blogs.length).toBeGreaterThan(0);
  const params: Record<string, string> = { ':id': String(blogs[0]!.id) };
  for (const route of hindiRoutes) {
    const path = route.path!.replace(/:\w+/g, (p) => params[p] ?? p) + (route.id === 'hi-tests' ? '?q=lipid' : '');
    await expectMostlyHindi(page, path);
  }
});

test('from the Hindi home page the packages open in Hindi at /hi/packages, and the switch leads to the English screen', async ({ page, context, request }) => {
  const hindi = (await (await request.get('/api/packages/?lang=hi')).json()) as Array<{ name: string }>;
  const english = (await (await request.get('/api/packages/')).json()) as Array<{ name: string }>;
  expect(hindi[0]!.name).not.toBe(english[0]!.name);
  await open(page, '/hi');
  await page.getByRole('link', { name: `पैकेज बुक करें: ${hindi[0]!.name}` }).click();
  await settled(page, '/hi/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'जाँच पैकेज' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${hindi[0]!.name}`) })).toBeVisible();
  await expect(page.getByText(english[0]!.name)).toHaveCount(0);
  // opened directly too, with English chosen before: the path says Hindi
  await context.addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
  await open(page, '/hi/packages');
  await expect(page.getByRole('button', { name: new RegExp(`^${hindi[0]!.name}`) })).toBeVisible();
  await page.getByRole('link', { name: 'Read in English (अंग्रेज़ी में पढ़ें)' }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'Test Packages' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${english[0]!.name}`) })).toBeVisible();
});

// The patient screens with one path, by route id; signed out, or signed in with a booking.
const signedOutScreens = ['find-booking', 'book-steps', 'login', 'register', 'forgot-password', 'reset-password', 'verify-email', 'bill-link', 'pay-link', 'claim-bookings', 'cancel-link', 'recollect', 'verify', 'doctor', 'take-over'];
const signedInScreens = ['dashboard', 'appointment', 'bill', 'report', 'membership', 'packages'];

test('the patient screens with Hindi chosen are mostly Devanagari, signed out and signed in', async ({ page, request, baseURL }) => {
  const user = await createUser(request, { first_name: 'Meera', last_name: 'Iyer' });
  // A guest booking with the patient's address (to claim), asked for before Hindi is chosen, so the
  // confirmation e-mail is in English and its subject known.
  const guest = await book(request, user, '09:00');
  const access = (await logIn(poster(request), user)).tokens.access;
  const claim = await request.post('/api/users/claim-bookings/', { headers: { Authorization: `Bearer ${access}` } });
  expect(claim.status()).toBe(202);
  const mail = await lastMailTo(user.email, /^Confirm your e-mail address/);
  const claimLink = /\/claim-bookings\/[^\s"<]+/.exec(mail.text)?.[0];
  expect(claimLink).toBeDefined();
  const own = await book(request, user, '10:00', access);

  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  const signedOut: Record<string, string> = {
    'find-booking': '/find-booking',
    // the booking in plain steps, at its first step
    'book-steps': '/book',
    login: '/Login',
    register: '/Register',
    'forgot-password': '/forgot-password',
    'reset-password': '/reset-password/MQ/not-a-real-token',
    'verify-email': '/verify-email/MQ/not-a-real-token',
    'bill-link': `/bill/${own.id}`,
    'pay-link': `/pay/${own.id}`,
    'claim-bookings': claimLink!,
    'cancel-link': `/cancel/${makeCancelToken(E2E_SECRET, { id: own.id, date: own.date, time: own.time })}`,
    // a link that is not the lab's: the page says so, in Hindi
    recollect: '/recollect/not-a-real-token',
    verify: '/verify/AB12CD34',
    // a referring doctor with no session: the form asking for a new link
    doctor: '/doctor',
    // a family member's hand-over link that is not the lab's: the page says so (the token stays in the fragment)
    'take-over': '/take-over#token=not-a-real-token',
  };
  expect(Object.keys(signedOut).sort()).toEqual([...signedOutScreens].sort());
  for (const [id, path] of Object.entries(signedOut)) {
    // the link confirms the address as it opens, then names the bookings that joined the account
    const ready = id === 'claim-bookings' ? () => expect(page.getByRole('status')).toContainText(guest.reference) : undefined;
    await expectMostlyHindi(page, path, { ready });
  }

  await loginAs(page, user, '/favicon.svg');
  const signedIn: Record<string, string[]> = {
    // the profile, consents and rights are sections of the dashboard; trends its other view
    dashboard: ['/UserDashboard', '/UserDashboard?view=trends'],
    appointment: ['/Appointment'],
    report: [`/report/${own.id}`],
    membership: ['/membership'],
    packages: ['/packages'],
  };
  expect([...Object.keys(signedIn), 'bill'].sort()).toEqual([...signedInScreens].sort());
  for (const path of Object.values(signedIn).flat()) await expectMostlyHindi(page, path);
  // The bill opens from its card on the dashboard only (a direct visit goes to the dashboard).
  await expectMostlyHindi(page, `/billing/${own.id}`, {
    reach: async () => {
      await open(page, '/UserDashboard');
      await page.getByRole('article').filter({ hasText: own.reference }).getByRole('button', { name: /^बिल देखें/ }).click();
    },
  });
});
