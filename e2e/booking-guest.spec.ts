// Booking as a guest (docs/product.md#public-pages, #screen-behaviour, #validation, #messages): the search, home collection, the
// confirmation page that stays (reference, date and slot the Indian way, preparation, what happens next,
// the bill and the calendar file), every refused field at its field at once with focus on the first,
// the phone rule, the failure banner, the teaser prefill, the bill and its print view, and the bill guard.
import { settledAxe } from './support/axe.ts';
import { type Page } from '@playwright/test';
import { agreeToNotice, chooseSlot, expect, openDate, test } from './support/fixtures.ts';

interface CatalogueTest {
  id: number;
  name: string;
  price: number;
  discounted_price: number;
}

/** a date as the site writes it: "28 Nov 2026" */
const indianDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${'JanFebMarAprMayJunJulAugSepOctNovDec'.slice(m * 3 - 3, m * 3)} ${y}`;
};

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

async function catalogue(page: Page): Promise<CatalogueTest[]> {
  const res = await page.request.get('/api/tests/');
  expect(res.status()).toBe(200);
  return (await res.json()) as CatalogueTest[];
}

/** picks a test through the search box: type part of its name, click its row */
async function pickTest(page: Page, query: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')},`) }).click();
  await expect(search).toHaveValue(name);
}

async function fillDetails(page: Page, d: { date?: string; time?: string; name?: string; email?: string; phone: string }) {
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(d.date ?? openDate(3));
  await chooseSlot(form, d.time ?? '10:30');
  if (d.name !== undefined) await form.getByLabel('Name').fill(d.name);
  if (d.email !== undefined) await form.getByLabel('Email').fill(d.email);
  await form.getByLabel('Phone').fill(d.phone);
}

test('the search shows every test on focus, filters by name and hides after blur', async ({ page }) => {
  const all = await catalogue(page);
  await page.goto('/Appointment');
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.focus();
  const results = page.getByRole('listbox', { name: 'Tests' });
  await expect(results).toBeVisible();
  await expect(page.getByText(`${all.length} tests found`)).toBeAttached();
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-setsize', String(all.length));

  await search.fill('BLOOD');
  const expected = all.filter((t) => t.name.toLowerCase().includes('blood'));
  expect(expected.length).toBeGreaterThan(1);
  await expect(results.getByRole('option')).toHaveCount(expected.length);
  for (const option of await results.getByRole('option').all()) {
    await expect(option).toHaveAccessibleName(/blood/i);
  }

  await search.fill('');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-setsize', String(all.length));

  await page.getByRole('heading', { level: 1 }).click();
  await expect(results).toBeHidden();

  // Keyboard: arrows move through the rows, Enter adds the highlighted test and fills the input.
  await search.focus();
  await search.fill('lipid');
  await search.press('ArrowDown');
  await expect(results.getByRole('option', { selected: true })).toHaveAccessibleName(/^Lipid Profile,/);
  await search.press('Enter');
  await expect(search).toHaveValue('Lipid Profile');
  // Duplicates are allowed; each row has its own Delete, and the total follows.
  await pickTest(page, 'lipid', 'Lipid Profile');
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  const lipid = all.find((t) => t.name === 'Lipid Profile')!;
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(2 * lipid.discounted_price));
  await selected.getByRole('button', { name: 'Delete Lipid Profile' }).first().click();
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(lipid.discounted_price));

  await search.focus();
  await expect(results).toBeVisible();
  const axe = await settledAxe(page, 'main');
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a guest books two tests with home collection and gets the bill, which prints alone', async ({ page }) => {
  const all = await catalogue(page);
  const cbc = all.find((t) => t.name === 'Complete Blood Count (CBC)');
  const lipid = all.find((t) => t.name === 'Lipid Profile');
  if (!cbc || !lipid) throw new Error('the demo catalogue lacks CBC or Lipid Profile');
  const total = cbc.discounted_price + lipid.discounted_price;

  await page.goto('/Appointment');
  await pickTest(page, 'complete blood', cbc.name);
  await pickTest(page, 'lipid', lipid.name);
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(total));

  await fillDetails(page, { name: 'Ravi Kumar', email: 'ravi.kumar@example.com', phone: '9829012345' });
  const address = page.getByRole('group', { name: 'Address for home collection' });
  await expect(address).toHaveCount(0);
  await page.getByRole('switch', { name: 'Home sample collection' }).check();
  // The time was chosen among the centre's seats: home collections have seats of their own.
  await chooseSlot(page.getByRole('form', { name: 'Your details' }), '10:30');
  await address.getByLabel('House or flat').fill('12');
  await address.getByLabel('Street').fill('MI Road');
  await address.getByLabel('Locality').fill('Sindhi Camp');
  await address.getByLabel('City').fill('Jaipur');
  // A PIN code the lab does not reach yet is told at once, with the centre as the other choice.
  await address.getByLabel('PIN code').fill('110001');
  await expect(address.getByText('Home collection is not available at this PIN code yet.')).toBeVisible();
  await expect(address.getByRole('button', { name: 'Visit the centre instead' })).toBeVisible();
  await address.getByLabel('PIN code').fill('302001');
  await expect(address.getByText('We collect samples at home in MI Road.')).toBeVisible();

  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointments/');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    user_name: 'Ravi Kumar',
    user_email: 'ravi.kumar@example.com',
    user_phone: '9829012345',
    time: '10:30',
    tests: [cbc.id, lipid.id],
    home_sample: true,
    address: '12, MI Road, Sindhi Camp, Jaipur 302001',
    home_address: { house: '12', street: 'MI Road', locality: 'Sindhi Camp', city: 'Jaipur', pin: '302001' },
  });
  expect(body).not.toHaveProperty('package_id');

  // The confirmation stays (no timer takes it away): reference, date and slot, where, the preparation,
  // what happens next, the bill and the calendar file.
  const heading = page.getByRole('heading', { level: 1, name: 'Your appointment is booked' });
  await expect(heading).toBeFocused();
  const status = page.getByRole('status').filter({ hasText: 'Appointment booked successfully!' });
  await expect(status).toContainText(/Your booking reference is LC-[A-Z0-9]{4}-[A-Z0-9]{2}\./);
  const reference = (await page.getByTestId('booking-reference').textContent())!;
  await expect(page.getByText(`${indianDate(openDate(3))}, 10:30 to 11:00`, { exact: true })).toBeVisible();
  await expect(page.getByText('Sample collection at your address', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Before your test' })).toBeVisible();
  await expect(page.getByText(/^Our phlebotomist comes to your address at your time/)).toBeVisible();
  await expect(page.getByText(/we e-mail you a link to your report\.$/)).toBeVisible();
  // when the report is expected, from the slot and the tests' turnaround (docs/samples.md); the bill says the same
  const expected = page.getByTestId('report-expected');
  await expect(expected).toHaveText(/^Report expected by \d{1,2} \w{3} \d{4}, \d\d:\d\d \(India time\)$/);
  const expectedText = (await expected.textContent())!;
  await expect(selected).toHaveCount(0);
  const calendar = page.getByRole('link', { name: 'Add to your calendar' });
  const [file] = await Promise.all([page.waitForEvent('download'), calendar.click()]);
  expect(file.suggestedFilename()).toBe(`appointment-${reference}.ics`);
  const ics = (await (await page.request.get((await calendar.getAttribute('href'))!)).text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics).toContain(reference);
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole('link', { name: 'View and pay the bill' }).click();

  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/[^/]+$/);
  await expect(invoice.getByText('Lab Centre Diagnostics')).toBeVisible();
  await expect(invoice.getByText('Ravi Kumar')).toBeVisible();
  await expect(invoice.getByText('ravi.kumar@example.com')).toBeVisible();
  await expect(invoice.getByRole('row', { name: new RegExp(`^${cbc.name.replace(/[()]/g, '\\$&')}`) })).toContainText(rupees(cbc.discounted_price));
  await expect(invoice.getByRole('row', { name: /^Lipid Profile/ })).toContainText(rupees(lipid.discounted_price));
  await expect(invoice.getByRole('row', { name: /^Total Amount/ })).toContainText(rupees(total));
  await expect(invoice.getByText('Unpaid')).toBeVisible();
  await expect(invoice.getByTestId('report-expected')).toHaveText(expectedText);

  // "Download PDF" opens the print dialog; headless Chromium would block on it, so record the call.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const download = page.getByRole('button', { name: 'Download PDF' });
  await download.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  const nav = page.getByRole('navigation', { name: 'Main' });
  const footer = page.getByRole('contentinfo');
  await expect(nav).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(invoice).toBeVisible();
  await expect(download).toBeHidden();
  await expect(nav).toBeHidden();
  await expect(footer).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(nav).toBeVisible();
});

test('a phone shorter than 10 digits shows the message and sends nothing', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/appointments')) posts.push(r.url());
  });
  await page.goto('/Appointment');
  await pickTest(page, 'lipid', 'Lipid Profile');
  await fillDetails(page, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '98290123' });
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  // The message is the field's own, and the field takes the focus.
  const phone = page.getByRole('form', { name: 'Your details' }).getByLabel('Phone');
  await expect(phone).toHaveAccessibleDescription('* number less than 10 digits');
  await expect(phone).toBeFocused();
  // Give a request that should not exist every chance to show up.
  await page.waitForLoadState('networkidle');
  expect(posts).toEqual([]);
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem')).toHaveCount(1);

  // Fixing the phone clears the message.
  await page.getByLabel('Phone').fill('9829012345');
  await expect(page.getByText('* number less than 10 digits')).toHaveCount(0);
});

test('a failed booking shows the red banner, which clears after 3 seconds', async ({ page }) => {
  await page.route('**/api/appointments/', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }) : route.continue(),
  );
  await page.clock.install();
  await page.goto('/Appointment');
  await pickTest(page, 'lipid', 'Lipid Profile');
  await fillDetails(page, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9829012345' });
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Failed to book appointment. Please try again.' });
  await expect(banner).toBeVisible();
  // Still there a second later, gone after its 3 s; the selection is kept for another try.
  await page.clock.runFor(1_000);
  await expect(banner).toBeVisible();
  await page.clock.runFor(2_100);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/\/Appointment$/);
});

test('an answer without an id counts as a failure', async ({ page }) => {
  await page.route('**/api/appointments/', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 201, json: {} }) : route.continue(),
  );
  await page.goto('/appointment');
  await pickTest(page, 'lipid', 'Lipid Profile');
  await fillDetails(page, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9829012345' });
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to book appointment. Please try again.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment booked successfully!' })).toHaveCount(0);
});

test("the home teaser's name, e-mail and phone prefill the booking form, once", async ({ page }) => {
  await page.goto('/');
  // The booking page's data comes slowly (a busy network): the values must be consumed all the same
  // before the router has finished its own clean-up of the navigation state.
  await page.route(/\/Appointment\.data/, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue().catch(() => undefined);
  });
  const teaser = page.getByRole('form', { name: 'Book Your Test Today' });
  await teaser.getByLabel('Full Name').fill('Kavya Sharma');
  await teaser.getByLabel('Email Address').fill('kavya@example.com');
  await teaser.getByLabel('Phone Number').fill('9876543210');
  await teaser.getByRole('button', { name: 'Book Appointment' }).click();

  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Name')).toHaveValue('Kavya Sharma');
  await expect(form.getByLabel('Email')).toHaveValue('kavya@example.com');
  await expect(form.getByLabel('Phone')).toHaveValue('9876543210');
  expect(await page.evaluate(() => sessionStorage.getItem('bookingTeaser'))).toBeNull();

  // Consumed: a reload starts empty.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('teaser values kept in sessionStorage prefill the form opened directly', async ({ page }) => {
  await page.goto('/favicon.svg');
  await page.evaluate(() =>
    sessionStorage.setItem('bookingTeaser', JSON.stringify({ name: 'Arjun Mehta', email: 'arjun@example.com', number: '9123456780' })),
  );
  await page.goto('/Appointment');
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Name')).toHaveValue('Arjun Mehta');
  await expect(form.getByLabel('Email')).toHaveValue('arjun@example.com');
  await expect(form.getByLabel('Phone')).toHaveValue('9123456780');
  expect(await page.evaluate(() => sessionStorage.getItem('bookingTeaser'))).toBeNull();
});

test('the bill without the access flag sends a visitor to the dashboard and on to login', async ({ page }) => {
  await page.goto('/billing/not-a-real-id');
  await expect(page.getByRole('heading', { level: 1, name: /log ?in/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/i);
  await expect(page.getByRole('article', { name: 'Invoice' })).toHaveCount(0);
});

test('every mistake shows at its own field at once, focus moves to the first, and the server’s refusals land at their fields too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // On a phone the form comes a step at a time (decision 075): Book Now is on the last step, opened here by its address.
  await page.goto('/Appointment?step=review');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  // the fields of the steps not shown are hidden, their messages set all the same (read once their step opens)
  const form = page.getByRole('form', { name: 'Your details', includeHidden: true });
  const next = page.getByRole('button', { name: 'Next' });
  await form.getByRole('button', { name: 'Book Now' }).click();
  // All of them at once, each under its field, in words a patient reads (no field keys); the first one's step opens.
  await expect(page.getByText('Select at least one test.')).toBeVisible();
  await expect(form.getByLabel('Date')).toHaveAccessibleDescription('Fill in this field.');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Fill in this field.');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Fill in this field.');
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription('* number less than 10 digits');
  await expect(page.getByText('Select at least one test.')).toBeFocused();
  await expect(page.locator('main')).not.toContainText(/user_phone|user_email|user_name/);

  // A number too short is said at its field, on its step, with focus on the step's first mistake.
  await pickTest(page, 'lipid', 'Lipid Profile');
  await next.click();
  await form.getByLabel('Phone').fill('123');
  await next.click();
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription('* number less than 10 digits');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Fill in this field.');
  await expect(form.getByLabel('Name')).toBeFocused();

  // Changing a field clears its own message only.
  await form.getByLabel('Name').fill('Ravi Kumar');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Fill in this field.');

  // An e-mail that cannot be read is said at its field; what only the server knows (a name it refuses)
  // comes back to its field too, on its step.
  await form.getByLabel('Name').fill('Ravi 2 Kumar');
  await form.getByLabel('Email').fill('ravi@example');
  await form.getByLabel('Phone').fill('9829012345');
  await next.click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address.');
  await form.getByLabel('Email').fill('ravi@example.com');
  await next.click();
  await next.click();
  await form.getByLabel('Date').fill(openDate(3));
  await chooseSlot(form, '10:30');
  await next.click();
  await agreeToNotice(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(/\S/);
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(page).toHaveURL(/[?&]step=who\b/);
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
