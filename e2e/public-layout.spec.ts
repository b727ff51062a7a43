// The frame of every page: navigation bar (scroll behaviour, profile menu), sidebar, footer, scroll to
// top and the fade on client-side navigation.
import { type Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';

/** opens a page and waits until its script has hydrated it (clicks before that would be lost) */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
}

test('the navigation bar turns solid when scrolled, hides scrolling down past 50 px and returns scrolling up', async ({ page }) => {
  await open(page, '/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await expect(header).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 30));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  // not past 50 px yet: still shown
  await expect(header).toHaveAttribute('data-hidden', 'false');

  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await expect(header).not.toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 450));
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await expect(header).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('the profile menu offers Login and Register and closes on a click outside it', async ({ page }) => {
  await open(page, '/');
  const button = page.getByRole('button', { name: 'Account menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/Register');
  // a click inside the menu's own box does not close it
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it too and gives the focus back to the button
  await button.click();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Register' })).toBeHidden();
  await expect(button).toBeFocused();
});

test('logged in: greeting, profile menu with Logout/Profile/Membership, Test Packages in the sidebar; Logout logs out', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { first_name: 'Meera', last_name: 'Iyer' });
  await loginAs(page, user, '/');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Welcome, Meera Iyer', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/UserDashboard');
  await expect(page.getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Test Packages' })).toHaveAttribute('href', '/packages');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('the sidebar: Services dropdown, small-screen items, Escape closes and returns the focus', async ({ page }) => {
  // no slide: a click must not land while the panel is still moving in
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.getByRole('navigation', { name: 'Site menu' });
  await expect(menu).toBeHidden();
  await toggle.click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  // the focus moves to the first item shown (Home is hidden on wide screens)
  await expect(menu.getByRole('button', { name: 'Services' })).toBeFocused();
  for (const [name, href] of [
    ['Appointment', '/Appointment'],
    ['Blogs', '/Blogs'],
    ['Offers', '/offers'],
    ['Career', '/Career'],
  ] as const) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // logged out: no Test Packages; wide screen: Home, Contact Us and About Us are in the bar instead
  await expect(menu.getByRole('link', { name: 'Test Packages' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Home' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Facebook' })).toBeVisible();

  const services = menu.getByRole('button', { name: 'Services' });
  await expect(services).toHaveAttribute('aria-expanded', 'false');
  await services.click();
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  for (const [name, href] of [
    ['Hematology', '/Hematology'],
    ['MicroBiology', '/MicroBiology'],
    ['Serology', '/Serology'],
    ['BioChemistry', '/BioChemistry'],
    ['Radiology', '/Radiology'],
  ] as const) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  // a link navigates and closes the sidebar
  await toggle.click();
  await menu.getByRole('link', { name: 'Radiology' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Radiology' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('small screens: the bar hides Home, Contact Us and About Us; the sidebar shows them', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Site menu' });
  for (const [name, href] of [
    ['Home', '/'],
    ['Contact Us', '/Contact'],
    ['About Us', '/About'],
  ] as const) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // a click outside closes it
  await page.mouse.click(380, 400);
  await expect(menu).toBeHidden();
});

test('wide screens: the bar links Home, Contact Us and About Us; the logo links home', async ({ page }) => {
  await open(page, '/About');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/Contact');
  await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/About');
  await page.getByRole('banner').getByRole('link', { name: 'Lab Centre Diagnostics' }).click();
  await expect(page.getByText('Faster | Stronger | Higher', { exact: true })).toBeVisible();
});

test('the footer: quick links, social links (two placeholders) and this year’s copyright', async ({ page }) => {
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['About Us', '/About'],
    ['Contact Us', '/Contact'],
    ['Appointment', '/Appointment'],
    ['Services', '/Services'],
    ['Blogs', '/Blogs'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const hrefs = await Promise.all(
    ['Facebook', 'Instagram', 'Twitter', 'LinkedIn'].map((name) => footer.getByRole('link', { name }).getAttribute('href')),
  );
  expect(hrefs.filter((h) => h === '#')).toHaveLength(2);
  // the year is today's in India, not a year written into the code
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());
  await expect(footer.getByText(`© ${year} Lab Centre Diagnostics. All rights reserved.`)).toBeVisible();
});

test('a route change scrolls to the top and fades the new page in; the first load does not fade', async ({ page }) => {
  await open(page, '/');
  const content = page.locator('main > div');
  await expect(content).not.toHaveClass(/animate-page-fade/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lab Centre Diagnostics Services' })).toBeVisible();
  await expect(content).toHaveClass(/animate-page-fade/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const duration = await content.evaluate((el) => getComputedStyle(el).animationDuration);
  expect(duration).toBe('0.5s');
});
