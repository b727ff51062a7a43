// Behaviour of the content pages: Learn More toggles, blog search and detail, the contact form's three
// messages, and the blogs, offers and careers error states. page.route is used only to force failures.
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** opens a page and waits until its script has hydrated it (clicks before that would be lost) */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
}

test('the Learn More toggles of the services overview are independent', async ({ page }) => {
  await open(page, '/Services');
  const card = (name: string) => page.getByRole('article', { name });
  const hema = card('Hematology');
  const sero = card('Serology');
  await expect(hema.getByText(/procedures/)).toBeHidden();

  await hema.getByRole('button', { name: 'Learn More' }).click();
  await expect(hema.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  await expect(hema.getByText(/service details|procedures/).first()).toBeVisible();
  for (const other of ['Microbiology', 'Serology', 'Biochemistry', 'Radiology']) {
    await expect(card(other).getByRole('button', { name: 'Learn More' })).toHaveAttribute('aria-expanded', 'false');
  }

  await sero.getByRole('button', { name: 'Learn More' }).click();
  await expect(sero.getByRole('button', { name: 'Show Less' })).toBeVisible();
  await expect(hema.getByRole('button', { name: 'Show Less' })).toBeVisible();

  await hema.getByRole('button', { name: 'Show Less' }).click();
  await expect(hema.getByRole('button', { name: 'Learn More' })).toHaveAttribute('aria-expanded', 'false');
  await expect(hema.getByText(/procedures/)).toBeHidden();
  await expect(sero.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
});

test('a service page expands its deeper panel: Serology has four paragraphs', async ({ page }) => {
  await open(page, '/Serology');
  const deeper = page.getByRole('heading', { name: 'Deeper Insights into Serology' });
  await expect(deeper).toBeHidden();
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect(deeper).toBeVisible();
  await expect(deeper.locator('xpath=following-sibling::div[1]/p')).toHaveCount(4);
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(deeper).toBeHidden();

  await open(page, '/Biochemistry');
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect(page.getByRole('heading', { name: 'The Role of Biochemistry in Medicine' })).toBeVisible();

  await open(page, '/Radiology');
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect(page.getByRole('heading', { name: 'The Role of Radiology in Medicine' })).toBeVisible();
  await expect(page.getByTestId('expertise-badge')).toHaveText(['X-ray', 'MRI', 'CT']);
});

test('blog search filters by title or content, case-insensitively', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/')).json()) as { title: string; content: string }[];
  expect(blogs.length).toBeGreaterThan(2);
  await open(page, '/Blogs');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(blogs.length);
  const search = page.getByPlaceholder('Search blogs...');

  const target = blogs[0]!;
  const word = target.title;
  const matching = blogs.filter((b) => `${b.title}\n${b.content}`.toLowerCase().includes(word.toLowerCase()));
  expect(matching.length).toBeLessThan(blogs.length);
  await search.fill(word.toUpperCase());
  await expect(cards).toHaveCount(matching.length);
  await expect(page.getByRole('heading', { name: target.title })).toBeVisible();

  // a word only found in a post's content, not in any title
  const contentOnly = 'phlebotomist';
  const byContent = blogs.filter((b) => b.content.toLowerCase().includes(contentOnly));
  expect(byContent.length).toBeGreaterThan(0);
  expect(blogs.some((b) => b.title.toLowerCase().includes(contentOnly))).toBe(false);
  await search.fill('PhleBotomist');
  await expect(cards).toHaveCount(byContent.length);

  await search.fill('zzqx-nothing-matches');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No blogs match your search.')).toBeVisible();
  await search.fill('');
  await expect(cards).toHaveCount(blogs.length);
});

test('a blog card previews the first 200 characters as markdown, with "..." when cut', async ({ page, request }) => {
  const blogs = (await (await request.get('/api/blogs/')).json()) as { id: number; title: string; content: string }[];
  const long = blogs.find((b) => b.content.length > 200)!;
  await open(page, '/Blogs');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: long.title }) });
  const preview = card.locator('.markdown');
  await expect(preview).toContainText('...');
  await expect(preview).not.toContainText('**');
  const text = (await preview.innerText()).replace(/\s+/g, ' ');
  expect(text.length).toBeLessThan(215);
  await card.getByRole('link', { name: long.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${long.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: long.title })).toBeVisible();
});

// Blog markdown is rendered on the server now: apps/web/src/shared/ui/markdown.test.tsx checks that its
// HTML holds no script, raw HTML or javascript: link, and the staff console's spec publishes a post
// with a script in it.

/**
 * The content pages' data is read on the server; moving between pages in the browser asks the server
 * for the next page's data (`/offers.data`). A failing answer shows the page's own error message.
 */
async function navigateWithFailingData(page: Page, link: string, dataPath: string) {
  let requests = 0;
  await page.route(`**${dataPath}*`, (route) => (requests++, route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' })));
  await open(page, '/About');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: link, exact: true }).click();
  await expect.poll(() => requests).toBeGreaterThan(0);
}

test('a blog list that cannot be read shows the site’s error page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500 .*\/Blogs\.data/);
  await navigateWithFailingData(page, 'Blogs', '/Blogs.data');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('offers and careers show their error messages when their data cannot be read', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500 .*\/(offers|Career)\.data/);
  await navigateWithFailingData(page, 'Offers', '/offers.data');
  await expect(page.getByText('Error: Failed to fetch offers', { exact: true })).toBeVisible();
  await navigateWithFailingData(page, 'Career', '/Career.data');
  await expect(page.getByText('Error: Failed to fetch career data', { exact: true })).toBeVisible();
});

test.describe('contact form', () => {
  async function fill(page: import('@playwright/test').Page) {
    await page.getByLabel('Name', { exact: true }).fill('Kavya Nair');
    await page.getByLabel('Email', { exact: true }).fill('kavya@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('+91 98765 43210');
    await page.getByLabel('Message', { exact: true }).fill('Do you collect samples at home on Sundays?');
  }

  test('201: success message in success style, the form resets, focusing a field clears the message', async ({ page }) => {
    await open(page, '/Contact');
    await fill(page);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await posted).status()).toBe(201);
    const status = page.getByRole('status').filter({ hasText: 'Form submitted successfully!' });
    await expect(status).toBeVisible();
    await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
    for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    await page.getByLabel('Phone', { exact: true }).focus();
    await expect(page.getByText('Form submitted successfully!')).toHaveCount(0);
  });

  test('another status: "Something went wrong. Please try again." in error style, the form keeps its values', async ({ page }) => {
    await page.route('**/api/contact/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal"}' }),
    );
    await open(page, '/Contact');
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const message = page.getByText('Something went wrong. Please try again.', { exact: true });
    await expect(message).toBeVisible();
    await expect(message).toHaveAttribute('data-tone', 'error');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kavya Nair');
    await page.getByLabel('Message', { exact: true }).click();
    await expect(message).toHaveCount(0);
  });

  test('an answer other than 201, even a 200, is not reported as sent', async ({ page }) => {
    await page.route('**/api/contact/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await open(page, '/Contact');
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Something went wrong. Please try again.', { exact: true })).toBeVisible();
    await expect(page.getByText('Form submitted successfully!')).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kavya Nair');
  });

  test('the server refusing bad input also reads "Something went wrong. Please try again."', async ({ page }) => {
    await open(page, '/Contact');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Something went wrong. Please try again.', { exact: true })).toBeVisible();
  });

  test('no answer at all: "Failed to submit the form. Please try again."', async ({ page }) => {
    await page.route('**/api/contact/', (route) => route.abort('failed'));
    await open(page, '/Contact');
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const message = page.getByText('Failed to submit the form. Please try again.', { exact: true });
    await expect(message).toBeVisible();
    await expect(message).toHaveAttribute('data-tone', 'error');
  });
});
