// The staff console (/staff) in the browser: the staff account is made with `npm run staff:create`
// against the e2e server's own database, then a staff member signs in through the console's form,
// adds a test that booking then offers, publishes a blog that /Blogs then lists, moves a booked
// appointment to completed (the home statistics follow), marks its bill paid (the patient's bill
// shows Paid), and reads a contact message. A patient at /staff sees only "You do not have access".
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { settledAxe } from './support/axe.ts';
import { type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { logIn, unique, uniqueName } from '../test-support/users.ts';
import { createUser, expect, loginAs, openDate, poster, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, homeVisitFor, signInToConsole } from './support/staff.ts';

const run = promisify(execFile);
const PORT = process.env.E2E_PORT ?? '3100';
const repoRoot = path.resolve(import.meta.dirname, '..');

const staff = {
  username: unique('staff_'),
  password: `Tulsi-${randomBytes(6).toString('hex')}-Quay`,
};

test.beforeAll(async () => {
  // e2e-server.mjs leaves the address of its database here, so the command line can reach it.
  const { databaseUrl } = JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { databaseUrl: string };
  const { stdout } = await run('npm', ['run', '--silent', 'staff:create', '--', '--username', staff.username, '--email', `${staff.username}@example.com`, '--first-name', 'Kavya', '--last-name', 'Nair'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_PASSWORD: staff.password, JWT_SECRET: 'e2e-cli-secret-e2e-cli-secret-e2e-cli-0', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  expect(stdout).toContain(`Created staff account "${staff.username}"`);
});

/** what the staff member's authenticator app holds, once set up at the first sign-in */
const factor: { secret: string | null; lastStep: number; recoveryCodes: string[] } = { secret: null, lastStep: -1, recoveryCodes: [] };

/**
 * Password, then the second step: at the first sign-in the console sets up the authenticator app
 * (the test reads the key off the screen and makes codes with otplib, as the app would); later the
 * app's code, or a recovery code when this 30-second step's code was used already (a code works once).
 */
async function signInAsStaff(page: Page, to = '/staff') {
  await page.goto(to);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(staff.username);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The code of this very moment, and its 30-second step.
  const now = Date.now();
  const step = Math.floor(now / 30_000);
  const code = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });
  if (factor.secret === null) {
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up the app' }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    factor.secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('6-digit code').fill(await code(factor.secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    factor.recoveryCodes = await codes.allTextContents();
    await page.getByRole('button', { name: 'I have kept them, continue' }).click();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    if (step > factor.lastStep) {
      await page.getByLabel('6-digit code').fill(await code(factor.secret));
    } else {
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(factor.recoveryCodes.pop()!);
    }
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  factor.lastStep = step;
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });

async function bookAs(request: APIRequestContext, user: { username: string; password: string; email: string }, details: { name: string; date: string; time: string; test?: string }) {
  const token = (await logIn(poster(request), user)).tokens.access;
  const tests = (await (await request.get('/api/tests/')).json()) as { id: number; name: string }[];
  const lipid = tests.find((t) => t.name === (details.test ?? 'Lipid Profile')) ?? tests[0]!;
  const res = await request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { date: details.date, time: details.time, user_name: details.name, user_email: user.email, user_phone: '9829012345', tests: [lipid.id], home_sample: false, address: '' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

test('a patient at /staff sees only "You do not have access", and the public site never links there', async ({ page, request }) => {
  const patient = await createUser(request);
  await loginAs(page, patient, '/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff console' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toHaveCount(0);
  const staffCall = await page.request.get('/api/staff/appointments', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` } });
  expect(staffCall.status()).toBe(403);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('a[href^="/staff"]')).toHaveCount(0);
});

test('staff signs in and adds a test, kept through a validation error, that the booking page then offers', async ({ page }) => {
  const name = `Vitamin K2 Assay ${unique('')}`;
  await signInAsStaff(page);
  await consoleNav(page).getByRole('link', { name: 'Catalogue' }).click();
  const form = page.getByRole('region', { name: 'Add a test' });
  await expect(form).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Biochemistry' });
  await form.getByRole('button', { name: 'Add test' }).click();
  // Refused for the missing price: the message sits at the price, and nothing typed is lost.
  await expect(form.getByText('Enter a price in rupees.')).toBeVisible();
  await expect(form.getByLabel('Price (Rs)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(form.getByLabel('Category')).toHaveValue(/\d+/);

  await form.getByLabel('Price (Rs)').fill('345.50');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” added.` })).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
  await page.getByRole('searchbox', { name: 'Search tests' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Rs 345.50');
  await expect(row).toContainText('Active');

  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(name.slice(0, 20));
  await expect(page.getByRole('option', { name: new RegExp(`^${name}, Rs 345\\.50`) })).toBeVisible();

  // Deactivated, it leaves the booking page (the staff session is still open).
  await page.goto('/staff');
  await consoleNav(page).getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('searchbox', { name: 'Search tests' }).fill(name);
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” deactivated.` })).toBeVisible();
  await page.goto('/Appointment');
  const again = page.getByRole('combobox', { name: 'Search tests' });
  await again.click();
  await again.fill(name.slice(0, 20));
  await expect(page.getByRole('option', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test('staff add a Hindi name to a test by keyboard; Hindi readers of the catalogue get it, English readers keep the English', async ({ page }) => {
  const name = `Serum Amylase ${unique('')}`;
  const hindiName = `एमाइलेज़ की जाँच ${name.slice(-6)}`;
  await signInAsStaff(page);
  await consoleNav(page).getByRole('link', { name: 'Catalogue' }).click();
  const form = page.getByRole('region', { name: 'Add a test' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Biochemistry' });
  await form.getByLabel('Price (Rs)').fill('450');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” added.` })).toBeVisible();

  // Edit it: the Hindi field follows the English name in the tab order, is marked as Hindi and says it is optional.
  await page.getByRole('searchbox', { name: 'Search tests' }).fill(name);
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('region', { name: 'Edit test' });
  const english = editor.getByLabel('Name', { exact: true });
  await expect(english).toHaveValue(name);
  const hindi = editor.getByLabel('Name in Hindi');
  await expect(hindi).toHaveAttribute('lang', 'hi');
  await expect(hindi).toHaveAccessibleDescription(/Optional/);
  await expect(hindi).toHaveValue('');
  await english.focus();
  await page.keyboard.press('Tab');
  await expect(hindi).toBeFocused();
  await page.keyboard.insertText(hindiName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” saved.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).locator('[lang="hi"]')).toHaveText(hindiName);

  // The public catalogue in Hindi names it in Hindi; in English it is as it was.
  const inHindi = (await (await page.request.get('/api/tests/?lang=hi')).json()) as Array<{ name: string }>;
  expect(inHindi.map((x) => x.name)).toContain(hindiName);
  const inEnglish = (await (await page.request.get('/api/tests/')).json()) as Array<{ name: string }>;
  expect(inEnglish.map((x) => x.name)).toContain(name);
  expect(inEnglish.map((x) => x.name)).not.toContain(hindiName);
});

test('staff writes a blog with a live markdown preview, publishes it, and /Blogs lists it', async ({ page }) => {
  const title = `Fasting before a lipid test ${unique('')}`;
  await signInAsStaff(page);
  await consoleNav(page).getByRole('link', { name: 'Content' }).click();
  const form = page.getByRole('region', { name: 'Write a post' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  // exact: 'Author in Hindi' stands beside it
  await form.getByLabel('Author', { exact: true }).fill('Dr. Kavya Nair');
  await form.getByLabel('Content (markdown)').fill('Drink **only water** for twelve hours.\n\n<script>window.hacked = true</script>');
  // The Hindi beside the English (docs/i18n.md): readers of the Hindi blog get it.
  const hindiTitle = `लिपिड जाँच से पहले खाली पेट ${title.slice(-6)}`;
  await form.getByLabel('Title in Hindi').fill(hindiTitle);
  await expect(form.getByLabel('Title in Hindi')).toHaveAttribute('lang', 'hi');
  await form.getByLabel('Author in Hindi').fill('डॉ. काव्या नायर');
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('only water');
  await expect(preview.locator('script')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Post “${title}” saved as a draft.` })).toBeVisible();

  // A draft stays off the public list.
  await page.goto('/Blogs');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/staff/content');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Post “${title}” published.` })).toBeVisible();
  await expect(row).toContainText('Published');

  await page.goto('/Blogs');
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  // The server renders the list and caches it (decision record 020): the HTML of the very next load,
  // which a visitor without JavaScript reads, already holds the post, and the draft's earlier absence
  // above was that same cache.
  expect(await (await page.request.get('/Blogs')).text()).toContain(title);
  const inHindi = (await (await page.request.get('/api/blogs/?lang=hi')).json()) as Array<{ title: string; author: string }>;
  expect(inHindi.map((b) => b.title)).toContain(hindiTitle);
  expect(inHindi.find((b) => b.title === hindiTitle)?.author).toBe('डॉ. काव्या नायर');
});

test('staff moves a booked appointment to completed and marks it paid: the home statistics and the patient’s bill follow', async ({ page, request, browser }) => {
  const patient = await createUser(request, { first_name: 'Rohan', last_name: 'Das' });
  const who = `Rohan Das ${uniqueName()}`;
  const date = openDate(5);
  // a test without parameters (imaging): staff complete its visit; one with results to report is completed by its report (reports-path.spec.ts)
  const id = await bookAs(request, patient, { name: who, date, time: '10:45', test: 'Chest X-ray' });
  const stats = async () => (await (await request.get('/api/dashboard/')).json()) as { total_appointments: number; total_approved_appointments: number; test_completion_rate: number };
  const completed = (s: { total_appointments: number; test_completion_rate: number }) => Math.round((s.test_completion_rate * s.total_appointments) / 100);
  const before = await stats();

  await signInAsStaff(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(who);
  const row = page.getByRole('row', { name: new RegExp(who) });
  const status = (name: string) => row.getByRole('cell', { name, exact: true });
  await expect(status('Booked')).toBeVisible();
  await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();

  // The patient's e-mails: the confirmation went out, the reminder waits for the evening before.
  await row.getByText('Messages', { exact: true }).click();
  const mails = row.getByRole('list', { name: 'Messages of this appointment' }).getByRole('listitem');
  await expect(mails.filter({ hasText: 'Booking confirmation' })).toContainText('Sent');
  await expect(mails.filter({ hasText: 'Reminder' })).toContainText('Queued');

  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(status('Approved')).toBeVisible();
  await row.getByRole('button', { name: 'Sample collected' }).click();
  await expect(status('Sample collected')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Complete (no report)' }).click();
  await expect(status('Completed')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // Payment of the amount due, in cash at the desk, recorded in the console's dialog.
  await row.getByRole('button', { name: 'Record payment' }).click();
  const record = page.getByRole('dialog', { name: 'Record a payment' });
  await record.getByLabel('Mode').selectOption('cash');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The audit log shows every step, by whom.
  await consoleNav(page).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Kind of record').selectOption('appointment');
  await page.getByLabel('Record id').fill(id);
  const entries = page.getByRole('table').getByRole('row');
  await expect(entries).toHaveCount(4); // header + approved, sample collected, completed
  await expect(entries.nth(1)).toContainText(staff.username);

  // The home statistics: one more approved appointment, one more completed.
  const after = await stats();
  expect(after.total_approved_appointments).toBe(before.total_approved_appointments + 1);
  expect(completed(after)).toBe(completed(before) + 1);
  // Approved Appointments is the fourth card: three turns of 3 s, run on the page's clock.
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('button', { name: 'Pause statistics rotation' }).waitFor();
  await page.clock.runFor(9_000);
  await expect(page.getByTestId('stat-card')).toHaveText(new RegExp(`^${after.total_approved_appointments}Approved Appointments$`));

  // The patient's bill shows Paid.
  const patientPage = await (await browser.newContext()).newPage();
  await loginAs(patientPage, patient, '/UserDashboard');
  await patientPage.getByRole('button', { name: `View Bill for appointment on ${date} at 10:45` }).click();
  const invoice = patientPage.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await patientPage.context().close();
});

test('staff reads a contact message and marks it handled', async ({ page, request }) => {
  const name = `Anita Menon ${unique('')}`;
  const sent = await request.post('/api/contact/', { data: { name, email: 'anita@example.com', phone: '9829012345', message: 'Do you collect samples on Sundays?' } });
  expect(sent.status()).toBe(201);

  await signInAsStaff(page, '/staff/inbox');
  await expect(page.getByRole('heading', { level: 2, name: 'Contact inbox' })).toBeVisible();
  const message = page.getByRole('article', { name });
  await expect(message).toContainText('Do you collect samples on Sundays?');
  await expect(message).toContainText('anita@example.com');
  await message.getByRole('button', { name: `Mark the message from ${name} handled` }).click();
  await expect(message).toContainText(`Handled by ${staff.username}`);

  await page.getByLabel('Only messages not yet handled').check();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // Signing out leaves the console's own sign-in form, and the session is gone.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('an admin changes the lab’s phone number in Lab details, refused first in the wrong form, and the bill prints the new one', async ({ page, request }) => {
  const patient = await createUser(request);
  const id = await bookAs(request, patient, { name: `Meena Joshi ${uniqueName()}`, date: openDate(6), time: '10:15' });
  const digits = String(Date.now()).slice(-7);
  const phone = `+91 141 ${digits.slice(0, 3)} ${digits.slice(3)}`;

  await signInAsStaff(page, '/staff/content/lab');
  await expect(page.getByRole('heading', { level: 3, name: 'Lab details' })).toBeVisible();
  const main = page.getByLabel('Phone 1', { exact: true });
  await expect(main).not.toHaveValue('');
  await main.fill('98290 12345');
  await page.getByRole('button', { name: 'Save lab details' }).click();
  await expect(page.getByText('Enter the number in international form, e.g. +91 98290 12345.')).toBeVisible();
  await expect(main).toBeFocused();
  await main.fill(phone);
  await page.getByRole('button', { name: 'Save lab details' }).click();
  await expect(page.getByText('Lab details saved.')).toBeVisible();

  // The bill, opened by its link as the patient would from the e-mail, prints the number just saved.
  await page.goto(`/bill/${id}`);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByText(new RegExp(`^Phone: ${phone.replace(/\+/g, '\\+')}`))).toBeVisible();
});

test('every console screen passes the axe accessibility checks', async ({ page }) => {
  // Twelve screens, each loaded afresh (with the sign-in's two steps before) and checked by axe: about
  // 40 s on a quiet machine, near the default minute when the two cores are shared.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  const check = async (screen: string) => {
    const { violations } = await settledAxe(page);
    expect(violations.map((v) => `${screen}: ${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check('sign in');
  await signInAsStaff(page);
  const screens: [string, string, string][] = [
    ['/staff', 'Appointments queue', 'Loading appointments...'],
    ['/staff/catalogue', 'Add a test', 'Loading tests...'],
    ['/staff/catalogue/categories', 'Add a category', 'Loading categories...'],
    ['/staff/catalogue/packages', 'Add a package', 'Loading packages...'],
    ['/staff/catalogue/offers', 'Add an offer', 'Loading offers...'],
    ['/staff/catalogue/plans', 'Add a membership plan', 'Loading plans...'],
    ['/staff/content', 'Write a post', 'Loading blogs...'],
    ['/staff/content/careers', 'Add an opening', 'Loading careers...'],
    ['/staff/inbox', 'Contact inbox', 'Loading messages...'],
    ['/staff/inbox/grievances', 'Inbox', 'Loading grievances...'],
    ['/staff/inbox/corrections', 'Inbox', 'Loading correction requests...'],
    ['/staff/audit', 'Audit log', 'Loading the audit log...'],
    ['/staff/audit/reads', 'Read log', 'Loading the read log...'],
    ['/staff/audit/breaches', 'Breach register', 'Loading the breach register...'],
    ['/staff/accounts', 'Staff accounts', 'Loading staff accounts...'],
    ['/staff/content/lab', 'Lab details', "Loading the lab's details..."],
    ['/staff/samples/tat', 'Turnaround time per test and week', 'Loading the TAT report...'],
  ];
  for (const [url, heading, loading] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(loading)).toHaveCount(0);
    await check(url);
  }
});

test('the console shows each role only what it may do: a technician, then a phlebotomist with their home visit', async ({ page, request, browser }) => {
  // Each role's rights come from the server's access table (GET /api/staff/me, decision 052).
  const desk = await createDeskAccount(request, { first: 'Farah', last: 'Khan' });
  const technician = await consoleAccountWithRole(request, desk, 'technician');
  const phlebotomist = await consoleAccountWithRole(request, desk, 'phlebotomist', {}, { first_name: 'Ravi', last_name: `Yadav ${uniqueName()}` });
  // A home collection, given to the phlebotomist by the desk.
  const patient = await createUser(request);
  const who = `Kiran Rao ${uniqueName()}`;
  const date = openDate(6);
  await homeVisitFor(request, desk, phlebotomist, patient, { name: who, date, time: '12:00', tests: ['Complete Blood Count (CBC)'] });

  // The technician: the queue and the results, no money, no catalogue, no accounts.
  await signInToConsole(page, technician);
  const nav = consoleNav(page);
  await expect(nav.getByRole('link', { name: 'Appointments' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Results' })).toBeVisible();
  for (const hidden of ['Catalogue', 'Content', 'Collections', 'Inbox', 'Staff accounts', 'Audit log and breaches']) {
    await expect(nav.getByRole('link', { name: hidden }), hidden).toHaveCount(0);
  }
  await page.getByRole('searchbox', { name: 'Search' }).fill(who);
  const row = page.getByRole('row', { name: new RegExp(who) });
  await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  // A screen the role may not use, opened by its address, says so at once.
  await page.goto('/staff/catalogue');
  await expect(page.getByRole('alert')).toHaveText('Your staff role does not allow this.');
  await expect(page.getByRole('heading', { name: 'Add a test' })).toHaveCount(0);

  // The phlebotomist: the queue and their home collections, which they cannot give to anyone else.
  const other = await (await browser.newContext()).newPage();
  await signInToConsole(other, phlebotomist);
  const theirNav = consoleNav(other);
  await expect(theirNav.getByRole('link', { name: 'Slots and home visits' })).toBeVisible();
  for (const hidden of ['Catalogue', 'Results', 'Collections', 'Staff accounts']) await expect(theirNav.getByRole('link', { name: hidden }), hidden).toHaveCount(0);
  await other.goto(`/staff/slots/home-visits?date=${date}`);
  const tabs = other.getByRole('navigation', { name: 'Slots and home visits' });
  await expect(tabs.getByRole('link', { name: 'Home collections' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Week' })).toHaveCount(0);
  await expect(other.getByText(who)).toBeVisible();
  await expect(other.getByText('Phlebotomist: Ravi Yadav')).toBeVisible();
  await expect(other.getByRole('combobox', { name: new RegExp(`^Phlebotomist for ${who}`) })).toHaveCount(0);
  await other.context().close();
});
