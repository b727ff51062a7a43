// One factory of test accounts for the API tests (app.inject) and the browser tests (Playwright's
// request context): unique usernames and e-mails, a password the registration rules accept, and the
// register and login calls made through the real API. Also the India date both kinds of test book on.
import { randomBytes } from 'node:crypto';
import { inIndia } from '@lab/contract';

export interface NewUser {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** a client of the API as the factory needs it: POST a JSON body, get the status and the parsed answer */
export type Post = (url: string, data: object) => Promise<{ status: number; body: any }>;

let counter = 0;
/** a unique suffix for usernames and e-mails within a run (and across the parallel workers of one) */
export function unique(prefix = 'u'): string {
  counter++;
  return `${prefix}${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
}

/** a unique word of letters only, for names (names take no digits) */
export function uniqueName(): string {
  return unique('').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const id = unique();
  return {
    username: `user_${id}`,
    // Not derived from the username: Django's similarity rule would refuse it once the id grows.
    password: `Lab-pass-${randomBytes(5).toString('hex')}!`,
    email: `user_${id}@example.com`,
    first_name: 'Asha',
    last_name: 'Rao',
    ...overrides,
  };
}

/** registers a new account (fields from newUser, with the overrides) and answers it with its id */
export async function registerUser(post: Post, overrides: Partial<NewUser> = {}): Promise<NewUser & { id: number }> {
  const user = newUser(overrides);
  const res = await post('/api/users/register/', user);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...user, id: (res.body as { id: number }).id };
}

/** logs in; the answer is the login call's body (tokens, user fields, is_staff) */
export async function logIn(post: Post, user: Pick<NewUser, 'username' | 'password'>): Promise<{ tokens: { access: string; refresh: string }; [key: string]: unknown }> {
  const res = await post('/api/users/login/', { username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** a date in India a number of days from today, as YYYY-MM-DD (the contract's India rule) */
export function istDate(days = 1): string {
  return inIndia(Date.now() + days * 86_400_000).date;
}

/** a Monday-to-Friday date in India at least `days` days ahead, so a test never lands on a day the lab may close */
export function weekdayIst(days = 1): string {
  for (let d = days; ; d++) {
    const date = istDate(d);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}
