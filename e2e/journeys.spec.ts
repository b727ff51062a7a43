// Patient journeys of issue 12: an offer's tests booked from a link, the member-price column of the
// booking page, its search results named by what they show, the membership confirmations, the reset
// password refusal, and the home page's test search and packages.
import { expect, test } from './support/fixtures.ts';

interface Offer {
  id: number;
  description: string;
  active: boolean;
  tests: { id: number; name: string }[];
}

test("an offer's Book link opens /Appointment with its tests chosen, unknown ids left out", async ({ page }) => {
  const offers = (await (await page.request.get('/api/offers/')).json()) as Offer[];
  const offer = offers.find((o) => o.active && o.tests.length > 1);
  if (!offer) throw new Error('the demo seed runs no offer that names tests');

  // What the Offers page links to (paths.bookTests), with an unknown and a malformed id added.
  await page.goto(`/Appointment?tests=${offer.tests.map((t) => t.id).join(',')},2147483000,abc`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(offer.tests.length);
  for (const t of offer.tests) await expect(selected.getByText(t.name, { exact: true })).toBeVisible();
});
