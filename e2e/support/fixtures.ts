// What every browser test shares: `test`, which fails any test whose page printed a console.error or
// threw an uncaught error, and the factories that make an account through the real API and start a
// logged-in session the way the web app keeps it (localStorage keys accessToken, refreshToken, user).
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

export interface TestUser {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    username: `user_${id}`,
    password: `Kx9-${randomBytes(6).toString('base64url')}-lab`,
    email: `user_${id}@example.com`,
    first_name: 'Asha',
    last_name: 'Rao',
    ...overrides,
  };
}

export async function createUser(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const res = await request.post('/api/users/register/', { data: user });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return user;
}

/** logs in through the API and stores the session in the page's origin, then opens `path` */
export async function loginAs(page: Page, user: TestUser, path = '/UserDashboard'): Promise<void> {
  const res = await page.request.post('/api/users/login/', { data: { username: user.username, password: user.password } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  const answer = await res.json();
  await page.goto('/favicon.svg');
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a));
    localStorage.setItem('accessToken', a.tokens.access);
    localStorage.setItem('refreshToken', a.tokens.refresh);
  }, answer);
  await page.goto(path);
}

/** a date in India a number of days from today, as YYYY-MM-DD */
export function istDate(days = 1): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() + days * 86_400_000);
}
