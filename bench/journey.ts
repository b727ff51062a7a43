// The patient's journey on a phone (360 × 780, the CPU slowed 4× as Lighthouse's mobile preset does):
// from the home page to a confirmed booking of one test at the centre, as a guest, driven in Chromium the
// way a person does it. Counted: taps (every press, and every field tapped to type in), fields typed, and
// the bytes the browser fetched (encoded, as they crossed the network), with the JavaScript among them.
// Then the same booking with JavaScript off, through the plain steps (/book) the booking page's note
// leads to. Target (docs/benchmarks.md): at most 12 taps from the home page to the confirmation.
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { openDate } from '../test-support/dates.ts';
import { chromiumFlags, chromiumPath, startServer } from './lib/server.ts';

export interface JourneyFigures {
  viewport: string;
  taps: number;
  typedFields: number;
  /** the steps, in order, with the taps of each */
  steps: Array<{ step: string; taps: number; typed: number }>;
  requests: number;
  transferKb: number;
  scriptKb: number;
  /** wall time of the whole journey at 4× CPU slowdown (loaded machines move it; the counts do not) */
  seconds: number;
  targetTaps: number;
}

const TARGET_TAPS = 12;
const round1 = (n: number) => Math.round(n * 10) / 10;

class Journey {
  steps: JourneyFigures['steps'] = [];
  step(step: string) {
    this.steps.push({ step, taps: 0, typed: 0 });
  }
  private get current() {
    const s = this.steps.at(-1);
    if (!s) throw new Error('no step begun');
    return s;
  }
  async tap(target: Locator) {
    this.current.taps++;
    await target.click();
  }
  /** a field tapped, then typed in */
  async type(target: Locator, text: string) {
    this.current.taps++;
    this.current.typed++;
    await target.fill(text);
  }
}

type Walk = (j: Journey, page: Page) => Promise<void>;

/** with scripts: the search, the result's Book link, the booking form, the confirmation */
const withScripts: Walk = async (j, page) => {
  j.step('home: search a test');
  await page.goto('/');
  await page.locator('main[data-hydrated="true"]').waitFor();
  const search = page.getByRole('search');
  await j.type(search.getByRole('searchbox'), 'sugar');
  await j.tap(search.getByRole('button'));

  j.step('results: book it');
  await j.tap(page.getByRole('link', { name: 'Book Fasting Blood Sugar' }));
  await page.locator('main[data-hydrated="true"]').waitFor();
  await page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem').first().waitFor();

  j.step('when');
  const form = page.getByRole('form', { name: 'Your details' });
  await j.type(form.getByLabel('Date', { exact: true }), openDate(2));
  const slot = form.getByRole('radio', { name: /^10:30 to / });
  await j.tap(slot.locator('xpath=ancestor::label[1]'));

  j.step('who');
  await j.type(form.getByLabel('Name', { exact: true }), 'Journey Bench');
  await j.type(form.getByLabel('Email', { exact: true }), 'journey.bench@example.com');
  await j.type(form.getByLabel('Phone', { exact: true }), '9829012345');

  j.step('review and book');
  await j.tap(page.getByRole('checkbox', { name: /I have read the privacy notice/ }));
  await j.tap(page.getByRole('button', { name: 'Book Now' }));
  await page.getByRole('heading', { level: 1, name: 'Your appointment is booked' }).waitFor();
};

/** without scripts: the same search, then the booking page's note to the plain steps (/book) */
const withoutScripts: Walk = async (j, page) => {
  j.step('home: search a test');
  await page.goto('/');
  const search = page.getByRole('search');
  await j.type(search.getByRole('searchbox'), 'sugar');
  await j.tap(search.getByRole('button'));

  j.step('results: book it');
  await j.tap(page.getByRole('link', { name: 'Book Fasting Blood Sugar' }));
  await j.tap(page.getByRole('link', { name: 'book in steps' }));

  j.step('tests');
  await j.tap(page.getByRole('button', { name: 'Next' }));

  j.step('when');
  await j.type(page.getByLabel('Date', { exact: true }), openDate(2));
  await j.tap(page.getByRole('button', { name: 'Show times for this date' }));
  await j.tap(page.getByRole('radio', { name: /^09:30 to / }));
  await j.tap(page.getByRole('button', { name: 'Next' }));

  j.step('who');
  await j.type(page.getByLabel("Patient's name"), 'Journey Bench');
  await j.type(page.getByLabel('E-mail'), 'journey.bench@example.com');
  await j.type(page.getByLabel('Mobile number'), '9829012345');
  await j.tap(page.getByRole('button', { name: 'Next' }));

  j.step('review and book');
  await j.tap(page.getByRole('checkbox', { name: /I have read the privacy notice/ }));
  await j.tap(page.getByRole('button', { name: 'Book Now' }));
  await page.getByRole('heading', { level: 1, name: 'Your appointment is booked' }).waitFor();
};

async function walk(browser: Browser, baseURL: string, scripts: boolean, route: Walk): Promise<JourneyFigures> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, javaScriptEnabled: scripts });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    const types = new Map<string, string>();
    let bytes = 0;
    let scriptBytes = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') scriptBytes += e.encodedDataLength;
    });
    const j = new Journey();
    const started = performance.now();
    await route(j, page);
    const seconds = (performance.now() - started) / 1000;
    return {
      viewport: `360x780, CPU 4x, JavaScript ${scripts ? 'on' : 'off'}`,
      taps: j.steps.reduce((n, s) => n + s.taps, 0),
      typedFields: j.steps.reduce((n, s) => n + s.typed, 0),
      steps: j.steps,
      requests,
      transferKb: round1(bytes / 1024),
      scriptKb: round1(scriptBytes / 1024),
      seconds: round1(seconds),
      targetTaps: TARGET_TAPS,
    };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<{ scripts: JourneyFigures; noScripts: JourneyFigures }> {
  const server = await startServer({ RATE_LIMITS: 'off' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    return { scripts: await walk(browser, server.url, true, withScripts), noScripts: await walk(browser, server.url, false, withoutScripts) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function printOne(r: JourneyFigures): void {
  console.log(`${r.viewport}:`);
  for (const s of r.steps) console.log(`  ${s.step.padEnd(24)} ${s.taps} taps, ${s.typed} typed`);
  console.log(`  home page to a confirmed booking (one test, at the centre): ${r.taps} taps (target ≤ ${r.targetTaps}), ${r.typedFields} fields typed`);
  console.log(`  fetched ${r.requests} responses, ${r.transferKb} KB (${r.scriptKb} KB of JavaScript), in ${r.seconds} s`);
  if (r.taps > r.targetTaps) console.log(`  OVER the target of ${r.targetTaps} taps`);
}

export function print(r: { scripts: JourneyFigures; noScripts: JourneyFigures }): void {
  printOne(r.scripts);
  printOne(r.noScripts);
}

if (process.argv[1] === import.meta.filename) print(await run());
