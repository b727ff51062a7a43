// Samples on a phone (docs/samples.md): the phlebotomist opens their day's home collections at 360 px,
// draws a visit's two containers (marks it collected while the connection is down: the phone keeps it and
// sends it when the connection returns), checks both labels: one by its number (a label scanner types
// it), one from a photo of its barcode read by our own decoder (the tier of browsers without barcode
// detection, decision 074), and a wrong label, typed or photographed, is refused; the bench receives one container by its number and sees when its report is expected, the
// turnaround queue lists it, and the patient's appointment card says "received at the lab".
import { accessionBarcode } from '@lab/contract';
import { devices } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { uniqueName } from '../test-support/users.ts';
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, homeVisitFor, signInToConsole } from './support/staff.ts';

const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, viewport: { width: 360, height: 740 } });

/** a photo of a label's barcode as the phone's camera gives it: a PNG of the Code 128 symbol bwip-js draws for our labels */
const labelPhoto = async (digits: string) => ({
  name: 'label.png',
  mimeType: 'image/png',
  buffer: await bwipjs.toBuffer({ bcid: 'code128', text: digits, scale: 3, height: 12, paddingwidth: 16, paddingheight: 8, backgroundcolor: 'FFFFFF' }),
});

test('a phlebotomist collects on a phone and checks the labels; the bench receives one; the patient sees it received', async ({ page, browser, request, consoleErrors }) => {
  // While the connection is down the router may try to learn the routes of the links on screen; that fetch
  // fails with the network, as it must, and the router says so in the console.
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED \(http:[^)]*\/__manifest\?|^console\.error: Failed to fetch manifest patches/);
  const desk = await createDeskAccount(request, { first: 'Sunita', last: 'Menon' });
  const phlebotomist = await consoleAccountWithRole(request, desk, 'phlebotomist', {}, { first_name: 'Raju', last_name: 'Collector' });
  const technician = await consoleAccountWithRole(request, desk, 'technician');
  const deskHeaders = { Authorization: `Bearer ${desk.access}` };

  // A home collection of a blood count and lipids (an EDTA tube and a serum tube), approved by the desk and
  // given to the phlebotomist, whose run lists only their own visits.
  const patient = await createUser(request);
  const who = `Devika Sample ${uniqueName()}`;
  const date = openDate(5);
  const id = await homeVisitFor(request, desk, phlebotomist, patient, { name: who, date, time: '09:30', tests: ['Complete Blood Count (CBC)', 'Lipid Profile'] });
  expect((await request.post(`/api/staff/appointments/${id}/status`, { headers: deskHeaders, data: { status: 'approved' } })).status()).toBe(200);

  // The phlebotomist's phone: the day's run, the visit's containers, collected.
  // the decoder's worker script, each time the page fetches it
  const decoderScripts: string[] = [];
  page.on('request', (r) => void (/code128\.worker/.test(r.url()) && decoderScripts.push(r.url())));
  // the browser's own detector is taken away, so our decoder's tier is the one tested, whatever the platform
  await page.addInitScript(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
  await signInToConsole(page, phlebotomist, '/staff/samples/run');
  await page.getByLabel('Day').fill(date);
  const card = page.getByRole('article', { name: new RegExp(who) });
  await expect(card.getByRole('link', { name: `Call ${who}` })).toHaveAttribute('href', 'tel:9829012345');
  await expect(card.getByText(/Fasting since\?/)).toBeVisible();
  await card.getByRole('button', { name: `Containers for ${who}` }).click();
  await expect(card.getByText('EDTA (lavender top)')).toBeVisible();
  await expect(card.getByText('Serum / SST (gold top)')).toBeVisible();
  // the connection drops as the visit is marked collected: the phone keeps it, and sends it when it returns
  await page.context().setOffline(true);
  await card.getByRole('button', { name: `Mark collected for ${who}` }).click();
  await expect(card.getByRole('status')).toHaveText('No connection: the collection is kept on this phone with its time and sent when the connection returns.');
  await expect(page.getByText('1 collection(s) kept on this phone, to send when the connection returns.')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText('Sent 1 collection(s) kept on this phone.')).toBeVisible();
  const drawn = card.getByRole('list', { name: `Containers of ${who}` });
  await expect(drawn.getByRole('listitem')).toHaveCount(2);
  await expect(drawn.getByText('Label not checked')).toHaveCount(2);
  // no wider than the phone: nothing scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A number typed that is not this visit's label (a label scanner types the barcode's digits).
  const samples = (await (await request.get(`/api/staff/samples/appointments/${id}`, { headers: deskHeaders })).json()).samples as Array<{ accession: string }>;
  expect(samples).toHaveLength(2);
  const field = card.getByLabel("Scan or type a label's number");
  await field.fill('9999999999');
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('status')).toHaveText('9999999999 is not a label of this visit. Check the tube.');
  // Without barcode detection (the page's init script took it away, as on desktop Linux Chromium) the photo
  // is read by our decoder, whose worker script was not loaded with the screen: it comes from our own
  // build at the first photo.
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
  expect(decoderScripts).toEqual([]);
  const photo = card.getByLabel('Photograph the label');
  await expect(photo).toHaveAttribute('capture', 'environment');
  // a photo of another visit's label is refused, with the number read from it
  await photo.setInputFiles(await labelPhoto('2611289999'));
  await expect(card.getByText('Read from the photo: 2611289999')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('2611289999 is not a label of this visit. Check the tube.');
  await expect(drawn.getByText('Label checked')).toHaveCount(0);
  expect(decoderScripts).toEqual([expect.stringMatching(/^http:\/\/[^/]+\/assets\/code128\.worker-[\w-]+\.js$/)]);
  // each of the visit's two labels, photographed, is read and checked
  for (const [n, s] of samples.entries()) {
    await photo.setInputFiles(await labelPhoto(accessionBarcode(s.accession)));
    await expect(card.getByText(`Read from the photo: ${accessionBarcode(s.accession)}`)).toBeVisible();
    await expect(card.getByRole('status')).toHaveText(new RegExp(`^Label ${s.accession} is on the `));
    await expect(drawn.getByText('Label checked')).toHaveCount(n + 1);
  }
  // typed, a label's number is checked the same way
  await field.fill(accessionBarcode(samples[0]!.accession));
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('status')).toContainText(`Label ${samples[0]!.accession} is on the`);
  // a picture with no Code 128 in it (a QR code) says so
  await photo.setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: await bwipjs.toBuffer({ bcid: 'qrcode', text: '2611280001', scale: 4, backgroundcolor: 'FFFFFF' }) });
  await expect(card.getByText(/^No barcode was found in the photo\./)).toBeVisible();

  // The bench: the desk scanner types the first container's number and Enter.
  const bench = await (await browser.newContext({ ...phone, viewport: { width: 360, height: 740 } })).newPage();
  await signInToConsole(bench, technician, '/staff/samples');
  const scan = bench.getByLabel('Scan or type the accession number');
  await scan.fill(accessionBarcode(samples[0]!.accession));
  await scan.press('Enter');
  await expect(bench.getByRole('status').first()).toContainText(new RegExp(`^Received ${samples[0]!.accession} \\(.+\\)\\. Report expected by \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d\\.$`));
  await expect(scan).toBeFocused();
  await expect(bench.getByRole('link', { name: `Open the results worksheet of ${samples[0]!.accession}` })).toHaveAttribute('href', `/staff/results/${id}`);
  // a second scan of the same container is told when it came
  await scan.fill(samples[0]!.accession);
  await scan.press('Enter');
  await expect(bench.getByRole('status').first()).toContainText('This container was already received at');

  // The turnaround queue lists it, with its expected time.
  await bench.getByRole('link', { name: 'Turnaround', exact: true }).click();
  await expect(bench.getByRole('row', { name: new RegExp(samples[0]!.accession) })).toContainText(who);

  // The patient's card: received at the lab, and when the report is expected.
  const mine = await (await browser.newContext({ ...phone, viewport: { width: 360, height: 740 } })).newPage();
  await loginAs(mine, patient);
  const journey = mine.getByRole('list', { name: 'Your sample' });
  await expect(journey).toContainText('Received at the lab:');
  await expect(journey).toContainText('Report expected by');
});
