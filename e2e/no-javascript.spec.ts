// The public pages read without JavaScript: the server renders every page with its content (decision
// record 020), so a visitor whose browser runs no script reads the blogs, a blog, the offers, the
// careers and the lab's details, sends the contact form as a plain form post, follows the menu and
// account buttons (links), searches tests (prices rendered on the server) and blogs (plain GET forms).
// Screens that need scripts say so in a <noscript> note. A missing blog answers HTTP 404.
import type { LabDetails } from '@lab/contract';
import { expect, test } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false });

test('/Blogs lists every published post, and a post opens with its markdown', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/')).json()) as Array<{ id: number; title: string }>;
  expect(blogs.length).toBeGreaterThan(0);
  await page.goto('/Blogs');
  await expect(page.getByRole('article')).toHaveCount(blogs.length);
  for (const b of blogs) await expect(page.getByRole('link', { name: b.title })).toHaveAttribute('href', `/blog/${b.id}`);
  await expect(page.getByText('Loading blogs...')).toHaveCount(0);

  const first = blogs[0]!;
  await page.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  // the markdown is rendered in place, not left behind a loading text for a script to swap
  await expect(page.locator('article .markdown p').first()).toBeVisible();
  await expect(page.getByText('Loading blog...')).toHaveCount(0);
  await expect(page).toHaveTitle(`${first.title} | Lab Centre Diagnostics`);
});

test('a blog that does not exist answers 404 with the not-found page', async ({ page, consoleErrors }) => {
  // the browser logs the page's own 404, which is what this test asks for
  consoleErrors.allow(/status of 404 .*\/blog\/(99999|abc)\)$/);
  for (const path of ['/blog/99999', '/blog/abc']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all blogs' })).toHaveAttribute('href', '/Blogs');
  }
});

test('/offers shows each offer with its badge and dates', async ({ page, request }) => {
  const offers = (await (await request.get('/api/offers/')).json()) as Array<{ description: string; active: boolean }>;
  await page.goto('/offers');
  await expect(page.getByRole('article')).toHaveCount(offers.length);
  for (const o of offers) {
    const card = page.getByRole('article').filter({ hasText: o.description });
    await expect(card.getByText(o.active ? 'Active' : 'Expired', { exact: true })).toBeVisible();
    await expect(card.getByText('Valid till')).toBeVisible();
  }
});

test('/Career: an open position links to its application, a closed one says "Applications closed"', async ({ page, request }) => {
  const careers = (await (await request.get('/api/careers/')).json()) as Array<{ job_title: string; is_open: boolean; application_link: string }>;
  const open = careers.find((c) => c.is_open);
  const closed = careers.find((c) => !c.is_open);
  expect(open && closed, 'the demo content has open and closed positions').toBeTruthy();
  await page.goto('/Career');
  const openCard = page.getByRole('article').filter({ hasText: open!.job_title });
  await expect(openCard.getByRole('link', { name: `Apply Now for ${open!.job_title} (opens in a new tab)` })).toHaveAttribute('href', open!.application_link);
  const closedCard = page.getByRole('article').filter({ hasText: closed!.job_title });
  await expect(closedCard.getByText('Applications closed', { exact: true })).toBeVisible();
  await expect(closedCard.getByRole('link')).toHaveCount(0);
});

test('the lab’s details: footer, Contact (phones, e-mail, hours of every weekday, map) and Home’s Call and WhatsApp links', async ({ page, request }) => {
  const lab = (await (await request.get('/api/lab/')).json()) as LabDetails;
  await page.goto('/Contact');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(lab.address_lines.join(', '))).toBeVisible();
  await expect(footer.getByRole('link', { name: lab.email })).toHaveAttribute('href', `mailto:${lab.email}`);

  const panel = page.getByRole('region', { name: 'Get a Quote' });
  for (const line of lab.address_lines) await expect(panel.getByText(line, { exact: true })).toBeVisible();
  for (const phone of lab.phones) {
    await expect(panel.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
  }
  await expect(panel.getByRole('link', { name: lab.email })).toHaveAttribute('href', `mailto:${lab.email}`);
  await expect(panel.getByRole('link', { name: /Open in a map/ })).toHaveAttribute('href', lab.map_url);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await expect(panel.getByText(day, { exact: true })).toBeVisible();
  }

  await page.goto('/');
  const contact = page.getByRole('region', { name: 'Visit or Call Us' });
  await expect(contact.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${lab.phones[0]!.replace(/[^\d+]/g, '')}`);
  await expect(contact.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', `https://wa.me/${lab.whatsapp.replace(/\D/g, '')}`);
});

test('the contact form posts without JavaScript: the success message, or the fields to fix', async ({ page }) => {
  await page.goto('/Contact');
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field may not be blank.').first()).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Meera Joshi');
  await form.getByLabel('Phone', { exact: true }).fill('+91 98765 43210');
  await form.getByLabel('Message', { exact: true }).fill('Do you collect samples in Malviya Nagar?');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Form submitted successfully!')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('screens that need scripts say so: booking, sign-in, dashboard and bill', async ({ page }) => {
  for (const path of ['/Appointment', '/Login', '/UserDashboard', '/billing/abcdefghijklmnop']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This page needs JavaScript' }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact details' })).toHaveAttribute('href', '/Contact');
  }
  // The booking page's frame keeps its own title above the note, and no offer to sign in by code, which needs scripts.
  await page.goto('/Appointment');
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'This page needs JavaScript' })).toBeVisible();
  await expect(page.locator('summary')).toBeHidden();
});

test('the menu and account buttons work without scripts: to the list of every page, and to sign-in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  await banner.getByRole('link', { name: 'Open menu' }).click();
  await expect(page).toHaveURL(/\/#site-links$/);
  const links = page.getByRole('navigation', { name: 'Footer' });
  await expect(links).toBeInViewport();
  for (const name of ['About Us', 'Contact Us', 'Appointment', 'Find my booking', 'Services', 'Blogs', 'Offers', 'Careers']) {
    await expect(links.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await links.getByRole('link', { name: 'Offers', exact: true }).click();
  await expect(page).toHaveURL(/\/offers$/);

  // The account button is a link to the sign-in screen, which says it needs scripts and links on.
  await banner.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByRole('heading', { name: 'This page needs JavaScript' })).toBeVisible();
});

test('the footer links Offers and Careers, and its copyright year is this year in India', async ({ page }) => {
  await page.goto('/Blogs');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Offers', exact: true })).toHaveAttribute('href', '/offers');
  await expect(footer.getByRole('link', { name: 'Careers', exact: true })).toHaveAttribute('href', '/Career');
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());
  await expect(footer.getByText(`© ${year} Lab Centre Diagnostics. All rights reserved.`)).toBeVisible();
  await page.goto('/hi/Blogs');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'करियर', exact: true })).toHaveAttribute('href', '/hi/Career');
});

test('the home page’s test search answers with the tests and their prices, rendered on the server', async ({ page, request }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string; price: number; general_offer_price: number }>;
  const cbc = tests.filter((t) => t.name.toLowerCase().includes('cbc'));
  expect(cbc.length).toBeGreaterThan(0);
  await page.goto('/');
  const search = page.getByRole('search');
  await search.getByLabel('Find a test and its price').fill('cbc');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/tests\?q=cbc$/);
  const heading = `“cbc”: ${cbc.length} ${cbc.length === 1 ? 'test' : 'tests'}`;
  const results = page.getByRole('region', { name: heading });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText(heading);
  const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
  for (const t of cbc) {
    const row = results.getByRole('listitem').filter({ hasText: t.name });
    await expect(row).toContainText(rupees(t.general_offer_price));
    await expect(row.getByRole('link', { name: `Book ${t.name}` })).toHaveAttribute('href', `/Appointment?tests=${t.id}`);
  }
  await expect(page.getByText('This page needs JavaScript')).toHaveCount(0);

  // Nothing found says so, with the way on; the search box keeps what was asked.
  await page.getByRole('search').getByLabel('Find a test and its price').fill('zzqx');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '“zzqx”: 0 tests' })).toBeVisible();
  await expect(page.getByText('Check the spelling, or try a shorter name.')).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Find a test and its price')).toHaveValue('zzqx');

  // In Hindi, the Hindi page.
  await page.goto('/hi');
  await page.getByRole('search').getByRole('searchbox').fill('cbc');
  await page.getByRole('search').getByRole('button').click();
  await expect(page).toHaveURL(/\/hi\/tests\?q=cbc$/);
  await expect(page.getByRole('heading', { level: 2, name: /^“cbc”: \d+ जाँच/ })).toBeVisible();
});

test('blog search is a plain form: the server answers with the matching posts', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/')).json()) as Array<{ id: number; title: string; content: string }>;
  const first = blogs[0]!;
  const word = first.title.split(/\s+/).find((w) => w.length > 4)!;
  const matching = blogs.filter((b) => `${b.title}\n${b.content}`.toLowerCase().includes(word.toLowerCase()));
  expect(matching.length).toBeLessThan(blogs.length);
  await page.goto('/Blogs');
  await page.getByRole('searchbox', { name: 'Search blogs' }).fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/Blogs\\?q=${encodeURIComponent(word)}$`));
  await expect(page.getByRole('article')).toHaveCount(matching.length);
  await expect(page.getByRole('searchbox', { name: 'Search blogs' })).toHaveValue(word);
  await page.getByRole('searchbox', { name: 'Search blogs' }).fill('zzqx');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No blogs match your search.')).toBeVisible();
});
