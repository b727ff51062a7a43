// What every browser test shares: `test`, which fails any test whose page printed a console.error or
// threw an uncaught error, and the factories that make an account through the real API and start a
// logged-in session the way the web app keeps it (localStorage keys accessToken, refreshToken, user).
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { logIn, type NewUser, type Post, registerUser } from '../../test-support/users.ts';
import { lastMailTo } from './outbox.ts';

export { expect };

export interface ConsoleErrors {
  /** a test that provokes an error on purpose names it, so only that one is let through */
  allow(pattern: RegExp): void;
}

/** the browser's own log line for an answer that is not 2xx (the test asserts how the app handles it) */
function isRefusedApiAnswer(text: string, url: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  const { pathname } = new URL(url, 'http://localhost');
  return pathname.startsWith('/api/') || pathname === '/favicon.ico';
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !isRefusedApiAnswer(m.text(), m.location().url)) seen.push(`console.error: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(seen.filter((e) => !allowed.some((p) => p.test(e))), 'console errors or uncaught errors of the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { istDate, newUser, weekdayIst } from '../../test-support/users.ts';
export { closedDate, lastOpenDate, openDate, spreadVisit } from '../../test-support/dates.ts';
export type TestUser = NewUser;

/** the shared factory's view of the server: POSTs through Playwright's request context */
export const poster =
  (request: APIRequestContext): Post =>
  async (url, data) => {
    const res = await request.post(url, { data });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): kept as text for the factory's error message.
    }
    return { status: res.status(), body };
  };

/**
 * registers an account through the real API (the factory the API tests use too), and proves its address
 * with the link of the proof e-mail, as its owner would (decision 049), unless `proven: false`
 */
export async function createUser(request: APIRequestContext, overrides: Partial<TestUser> = {}, options: { proven?: boolean } = {}): Promise<TestUser> {
  const { id: _id, ...user } = await registerUser(poster(request), overrides);
  if (options.proven ?? true) {
    const proof = await lastMailTo(user.email, /^Confirm the e-mail address of your new /);
    const [, uidb64, token] = /\/verify-email\/([^/\s]+)\/([^/\s"<]+)/.exec(proof.text) ?? [];
    const res = await poster(request)('/api/users/verify-email/', { uidb64, token });
    if (res.status !== 200) throw new Error(`proving the address failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return user;
}

/** logs in through the API and stores the session in the page's origin, then opens `path` */
export async function loginAs(page: Page, user: TestUser, path = '/UserDashboard'): Promise<void> {
  await storeSession(page, await logIn(poster(page.request), user), path);
}

/** keeps a login's (or a sign-in by code's) answer as the web app does, in the page's origin, then opens `path` */
export async function storeSession(page: Page, answer: { tokens: { access: string; refresh: string } }, path = '/UserDashboard'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a));
    localStorage.setItem('accessToken', a.tokens.access);
    localStorage.setItem('refreshToken', a.tokens.refresh);
  }, answer);
  await page.goto(path);
}

/**
 * Picks the booking form's time: the slot starting at `start` (HH:MM), found by the name a screen
 * reader hears ("10:30 to 11:00, 3 places left"); the label is clicked, as a person would.
 */
export async function chooseSlot(form: Locator, start: string): Promise<void> {
  const slot = form.getByRole('radio', { name: new RegExp(`^${start} to `) });
  await slot.locator('xpath=ancestor::label[1]').click();
  await expect(slot).toBeChecked();
}

/** ticks the required box of the privacy notice on a registration or booking form, as a person must (docs/personal-data.md) */
export async function agreeToNotice(scope: Page | Locator): Promise<void> {
  await scope.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
}

/** fills the registration form's fields with the user's (the consent boxes are left to the test) */
export async function fillRegistration(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('First name').fill(user.first_name);
  await page.getByLabel('Last name').fill(user.last_name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}
