// The public pages read without JavaScript (issue 12): the server renders every page with its content
// (decision record 020), so a visitor whose browser runs no script reads the blogs, a blog, the
// offers, the careers and the lab's details, and can send the contact form as a plain form post.
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
});
