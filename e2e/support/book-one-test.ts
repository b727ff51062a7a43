// The booking preamble the payment specs share: a signed-in patient books the Complete Blood Count on
// the booking page, on a date and at a time of the spec's own (so specs never compete for a seat), and
// lands on the booking's confirmation; and money as the pages print it.
import type { Page } from '@playwright/test';
import { agreeToNotice, chooseSlot } from './fixtures.ts';

/** an amount as the bill and the console print it: "Rs 1,250.00" */
export const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

export async function bookBloodCount(page: Page, visit: { date: string; time: string; phone?: string }): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  await page.getByRole('option', { name: /^Complete Blood Count \(CBC\),/ }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  // Narrower than 640 px the form comes a step at a time (decision 075): for whom, where (the centre), when, review.
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await form.getByLabel('Phone').fill(visit.phone ?? '9829012345');
    await next.click();
    await next.click();
    await form.getByLabel('Date').fill(visit.date);
    await chooseSlot(form, visit.time);
    await next.click();
  } else {
    await form.getByLabel('Date').fill(visit.date);
    await chooseSlot(form, visit.time);
    await form.getByLabel('Phone').fill(visit.phone ?? '9829012345');
  }
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
}
