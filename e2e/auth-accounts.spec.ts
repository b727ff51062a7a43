// Accounts in the browser (docs/product.md#public-pages, #screen-behaviour, #roles, #messages): registration, login,
// a session that survives a reload, logout, the guards, token renewal and the screens' messages.
import { settledAxe } from './support/axe.ts';
import { type Page } from '@playwright/test';
import { agreeToNotice, fillRegistration, createUser, expect, loginAs, newUser, test } from './support/fixtures.ts';

const loginButton = (page: Page) => page.getByRole('button', { name: 'Login', exact: true });

async function storedSession(page: Page) {
  return page.evaluate(() => ({
    user: localStorage.getItem('user'),
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

test('register, log in, stay logged in over a reload, log out', async ({ page }) => {
  const user = newUser();
  await page.goto('/Register');
  await fillRegistration(page, user);
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toHaveValue(user.username);

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByText(user.email).first()).toBeVisible();

  const session = await storedSession(page);
  expect(JSON.parse(session.user ?? 'null')).toMatchObject({
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    tokens: { access: session.accessToken, refresh: session.refreshToken },
  });
  expect(session.accessToken).toBeTruthy();
  expect(session.refreshToken).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
  expect(await storedSession(page)).toEqual(session);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ user: null, accessToken: null, refreshToken: null });

  // Logout revoked the refresh token on the server, not only in this browser.
  const refresh = await page.request.post('/api/users/token/refresh/', { data: { refresh: session.refreshToken } });
  expect(refresh.status()).toBe(401);

  // And the dashboard is closed again.
  await page.goto('/UserDashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('the e-mail address logs in too, and the password can be shown and hidden', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/login');
  // The field says what it takes: either works.
  await page.getByLabel('Username or e-mail', { exact: true }).fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(user.password);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/UserDashboard$/);
});

test('a wrong password shows the server message in the red box', async ({ page, request }) => {
  const user = await createUser(request);
  const refused = await request.post('/api/users/login/', { data: { username: user.username, password: 'not-the-password' } });
  expect(refused.status()).toBe(401);
  const { error } = (await refused.json()) as { error: string };
  expect(error).toBeTruthy();

  await page.goto('/Login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('also-not-the-password');
  await loginButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(error);
  await expect(page).toHaveURL(/\/Login$/);
  expect((await storedSession(page)).user).toBeNull();

  // An unknown user gets the very same answer: nobody learns which usernames exist.
  await page.getByLabel('Username').fill(`${user.username}_nobody`);
  await loginButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(error);

  // The error belongs to the login screen: it is gone on the registration screen.
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('login without an error from the server says "Login failed"; a network failure says so', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('something');

  await page.route('**/api/users/login/', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
  await loginButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed');

  await page.unroute('**/api/users/login/');
  await page.route('**/api/users/login/', (route) => route.abort('connectionrefused'));
  await loginButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred during login');
});

test('registration shows every refused field under that field at once, focus on the first, in the page’s language', async ({ page, request, baseURL }) => {
  const taken = await createUser(request);
  const user = newUser({ username: taken.username.toUpperCase() });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/Register');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await fillRegistration(page, { ...user, password: '12345' });
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Register' }).click();

  // Each message at its field (the field's label names it), never as "username: …" at the top.
  const username = page.getByLabel('Username');
  await expect(username).toHaveAccessibleDescription('A user with that username already exists.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/^This password is too short\./);
  await expect(username).toBeFocused();
  await expect(page.locator('main')).not.toContainText(/\b(username|password|email):/);
  await expect(page).toHaveURL(/\/Register$/);
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Fixing a field clears its message and leaves the others; an e-mail the server cannot read is said at its field.
  await username.fill(`${taken.username}_2`);
  await expect(username).toHaveAccessibleDescription('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/^This password is too short\./);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address.');
  await expect(page.getByLabel('Email')).toBeFocused();

  // An answer that names no field, or none at all, says so above the form.
  const alert = page.getByRole('alert');
  await page.route('**/api/users/register/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(alert).toHaveText('Registration failed');
  await page.unroute('**/api/users/register/');
  await page.route('**/api/users/register/', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(alert).toHaveText('An error occurred during registration');
  await page.unroute('**/api/users/register/');

  // In Hindi, the same: Hindi labels, Hindi messages, no field keys.
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await page.goto('/Register');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('पहला नाम').fill(user.first_name);
  await page.getByLabel('उपनाम').fill(user.last_name);
  await page.getByLabel('यूज़रनेम').fill(user.username);
  await page.getByLabel('ई-मेल').fill(user.email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill('12345');
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();
  await expect(page.getByLabel('यूज़रनेम')).toHaveAccessibleDescription('इस यूज़रनेम का खाता पहले से है।');
  await expect(page.getByLabel('पासवर्ड', { exact: true })).toHaveAccessibleDescription(/^यह पासवर्ड बहुत छोटा है।/);
  await expect(page.getByLabel('यूज़रनेम')).toBeFocused();
  await expect(page.locator('main')).not.toContainText(/username|email/);
});

test('a logged-in user is sent from /Login, /login and a reset link to the dashboard', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/Login');
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await page.goto('/reset-password/MQ/some-token');
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test('an expired access token is renewed once with the refresh token', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/favicon.svg');
  const before = await storedSession(page);
  await page.evaluate(() => localStorage.setItem('accessToken', 'garbage.access.token'));

  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/users/token/refresh/'));
  await page.goto('/UserDashboard');
  expect((await renewed).status()).toBe(200);
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page).toHaveURL(/\/UserDashboard$/);

  const after = await storedSession(page);
  expect(after.accessToken).not.toBe('garbage.access.token');
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(JSON.parse(after.user ?? 'null')).toMatchObject({ username: user.username, tokens: { access: after.accessToken, refresh: after.refreshToken } });
});

test('a session that cannot be renewed ends at /login with the storage cleared', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/favicon.svg');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'garbage.access.token');
    localStorage.setItem('refreshToken', 'garbage.refresh.token');
  });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/users/token/refresh/'));
  await page.goto('/UserDashboard');
  expect((await refused).status()).toBe(401);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ user: null, accessToken: null, refreshToken: null });
});

test('forgot password: "Sending..." while busy, the message, then /login after 3 s; failures say so', async ({ page }) => {
  await page.clock.install();
  await page.goto('/forgot-password');
  const email = page.getByLabel('Email');
  await email.fill('nobody@example.com');

  // Hold the request until the busy label has been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/send-reset-email/', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  // The same words whether or not an account has the address.
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/\S/);
  const shown = await page.getByRole('main').getByRole('status').textContent();
  const direct = await page.request.post('/api/send-reset-email/', { data: { email: 'nobody@example.com' } });
  expect(((await direct.json()) as { message: string }).message).toBe(shown);

  await page.clock.runFor(3_000);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/forgot-password');
  await page.unroute('**/api/send-reset-email/');
  await page.route('**/api/send-reset-email/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error sending email.');
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.unroute('**/api/send-reset-email/');
  await page.route('**/api/send-reset-email/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Reset link sent to your email.');
});

test('reset password: the match rule, a forged link and a server failure', async ({ page }) => {
  await page.goto('/reset-password/MQ/forged-token');
  const submit = page.getByRole('button', { name: 'Reset Password' });
  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm password', { exact: true });
  await expect(submit).toBeDisabled();

  await newPassword.fill('Brand-new-passphrase-1');
  await expect(submit).toBeDisabled();
  await confirm.fill('Brand-new-passphrase-2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();

  await confirm.fill('Brand-new-passphrase-1');
  await expect(page.getByText('Passwords do not match')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('The password reset link has expired or is invalid.');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');

  await page.route('**/api/reset-password/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy"}' }));
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Failed to reset password. Please try again.');
});

test('the account screens have labelled fields and no axe violations', async ({ page }) => {
  for (const path of ['/Login', '/Register', '/forgot-password', '/reset-password/MQ/some-token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await settledAxe(page);
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
  // with the error box showing, too
  await page.goto('/Login');
  await page.route('**/api/users/login/', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Invalid username or password."}' }));
  await loginButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const results = await settledAxe(page);
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});
