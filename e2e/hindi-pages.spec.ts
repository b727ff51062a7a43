// Issue 18: the public pages in Hindi under /hi/, with lang and hreflang, axe clean; the navbar's
// switch keeps the person on the same page and remembers the choice for the patient screens.
import { settledAxe } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('the Hindi services page: lang, alternates both ways, Hindi navigation and content, no axe findings', async ({ page, baseURL }) => {
  await page.goto('/hi/Services');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', `${baseURL}/Services`);
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute('href', `${baseURL}/hi/Services`);
  await expect(page).toHaveTitle('सेवाएँ | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.getByRole('heading', { level: 1, name: 'लैब सेंटर डायग्नोस्टिक्स की सेवाएँ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'हमारी विशेष सेवाएँ' })).toBeVisible();
  await expect(page.getByText('सीबीसी (कंप्लीट ब्लड काउंट)')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute('href', '/hi/Contact');
  await expect(page.getByRole('link', { name: 'हीमेटोलॉजी (खून की जाँच) के बारे में और जानें' })).toHaveAttribute('href', '/hi/Hematology');
  const { violations } = await settledAxe(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // The English page names the Hindi one too.
  await page.goto('/Services');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute('href', `${baseURL}/hi/Services`);
});

test('the switch keeps the page, sets the lang cookie, and patient screens follow it', async ({ page, context }) => {
  await page.goto('/Services');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('link', { name: 'हिन्दी में पढ़ें (Read in Hindi)' }).click();
  await expect(page).toHaveURL(/\/hi\/Services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'लैब सेंटर डायग्नोस्टिक्स की सेवाएँ' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');

  // A patient screen has one path and speaks the remembered language.
  await page.goto('/Login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('navigation', { name: 'मुख्य' })).toBeVisible();

  // Back to English from a Hindi page: the same page at its English path.
  await page.goto('/hi/Services');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('link', { name: 'Read in English (अंग्रेज़ी में पढ़ें)' }).click();
  await expect(page).toHaveURL(/\/Services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lab Centre Diagnostics Services' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
});
