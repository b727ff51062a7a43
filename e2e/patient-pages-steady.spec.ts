// The booking page (a guest's) and the dashboard (signed in, the session in storage as the web app keeps
// it) on a phone (360 × 780), as Lighthouse's mobile run in bench/journey.ts loads them: nothing drawn
// moves afterwards (the layout shifts the browser reports add up to under 0.01, the CLS Lighthouse
// counts), however late the API's answers come, and neither page logs an error to the console, not even
// the browser's own line for an API answer that is not 2xx (which the fixture otherwise lets through, and
// which Lighthouse's best-practices audit counts).
import type { Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** the most a page may move once drawn (Lighthouse's layout shift score) */
const MOST_SHIFT = 0.01;
/** every API answer this much later: whatever arrives after the first paint must not move what is drawn */
const API_DELAY_MS = 400;

/** every console error of the page, refused API answers too; and the page's layout shifts, summed as CLS sums them */
async function watch(page: Page): Promise<{ errors: string[]; shifts(): Promise<{ total: number; moved: string[] }> }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Array<{ value: number; moved: string }> };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
        if (e.hadRecentInput) continue;
        const moved = e.sources.map((s) => (s.node instanceof Element ? `<${s.node.localName}> ${s.node.textContent?.slice(0, 40) ?? ''}` : String(s.node?.nodeName))).join('; ');
        w.shifts.push({ value: e.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, API_DELAY_MS));
    await route.fallback();
  });
  return {
    errors,
    shifts: () =>
      page.evaluate(async () => {
        // two frames on, every shift so far has been reported to the observer
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
        const all = (window as unknown as { shifts: Array<{ value: number; moved: string }> }).shifts;
        return { total: all.reduce((sum, s) => sum + s.value, 0), moved: all.map((s) => `${s.value.toFixed(4)}: ${s.moved}`) };
      }),
  };
}

test('/Appointment as a guest: nothing moves once drawn, and no console error', async ({ page }) => {
  const seen = await watch(page);
  const catalogue = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tests/');
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.locator('summary', { hasText: 'Sign in with your mobile number' })).toBeVisible();
  await catalogue;
  await page.waitForLoadState('networkidle');
  const { total, moved } = await seen.shifts();
  expect(total, moved.join('\n')).toBeLessThan(MOST_SHIFT);
  expect(seen.errors).toEqual([]);
});

test("/Appointment before its scripts run: the page's top where the page draws it, the offer to sign in only to a guest", async ({ page, consoleErrors }) => {
  const top = async () => {
    const boxes = await Promise.all([page.getByRole('heading', { level: 1, name: 'Book an Appointment' }), page.getByText('Choose your tests, pick a date and time'), page.locator('summary', { hasText: 'Sign in with your mobile number' })].map((l) => l.boundingBox()));
    return boxes.map((b) => (b ? [b.x, b.y, b.width, b.height].map(Math.round) : null));
  };
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  const drawnByThePage = await top();

  // The scripts held back: what shows is the server's frame alone, its top where the page puts it.
  await page.route('**/assets/*.js', (route) => route.abort());
  consoleErrors.allow(/^console\.error: Failed to load resource: net::ERR_FAILED \(http:\/\/[^/]+\/assets\/[\w.-]+\.js\)$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'false');
  expect(await top()).toEqual(drawnByThePage);
  expect(drawnByThePage.every((box) => box !== null)).toBe(true);

  // A browser holding a session is offered no sign-in, in the frame as on the page.
  await page.evaluate(() => localStorage.setItem('user', '{}'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(page.locator('summary')).toBeHidden();
});

test('/UserDashboard signed in: nothing moves once drawn, and no console error', async ({ page, request }) => {
  // made through the API as the bench's account is: no consent given at registration, so the dashboard
  // asks for it at its top, and no membership
  const user = await createUser(request);
  const seen = await watch(page);
  await loginAs(page, user);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { total, moved } = await seen.shifts();
  expect(total, moved.join('\n')).toBeLessThan(MOST_SHIFT);
  expect(seen.errors).toEqual([]);
});
