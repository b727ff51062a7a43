// Shared browser-test factories: make an account through the real API and start a logged-in session
// the way the web app keeps it (localStorage keys accessToken, refreshToken, user).
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

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
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}
