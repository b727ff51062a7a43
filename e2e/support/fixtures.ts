// Shared browser-test factories: make an account through the real API and start a logged-in session
// the way the web app keeps it (localStorage keys accessToken, refreshToken, user).
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, type NewUser, type Post, registerUser } from '../../test-support/users.ts';

export { istDate, newUser } from '../../test-support/users.ts';
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

/** registers an account through the real API (the factory the API tests use too) */
export async function createUser(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const { id: _id, ...user } = await registerUser(poster(request), overrides);
  return user;
}

/** logs in through the API and stores the session in the page's origin, then opens `path` */
export async function loginAs(page: Page, user: TestUser, path = '/UserDashboard'): Promise<void> {
  const answer = await logIn(poster(page.request), user);
  await page.goto('/favicon.svg');
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a));
    localStorage.setItem('accessToken', a.tokens.access);
    localStorage.setItem('refreshToken', a.tokens.refresh);
  }, answer);
  await page.goto(path);
}
