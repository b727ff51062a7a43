// The booking form's time slots on a phone and on a desktop: each slot's accessible name holds the words
// on it in their order (WCAG 2.5.3, "label in name"), so speech input that says what it sees picks the
// slot, and axe's label-content-name-mismatch rule finds nothing.
import AxeBuilder from '@axe-core/playwright';
import { expect, openDate, test } from './support/fixtures.ts';

/** what axe compares: lower case, punctuation and extra spaces gone */
const curated = (s: string) => s.toLowerCase().replace(/[\p{P}\p{S}]/gu, '').replace(/\s+/g, ' ').trim();

for (const [device, viewport] of [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`on a ${device}, every slot's name contains the text shown on it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // a phone shows the form a step at a time (decision 075): straight to the step with the times
    await page.goto(device === 'phone' ? '/Appointment?step=when' : '/Appointment');
    await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByLabel('Date').fill(openDate(2));
    const group = form.getByRole('group', { name: 'Time' });
    const radios = group.getByRole('radio');
    await expect(radios.first()).toBeAttached();
    const count = await radios.count();
    expect(count).toBeGreaterThan(10);
    // The visible words of each slot (what a sighted person would say), and the name it is heard by.
    const slots = await group.locator('label').evaluateAll((labels) =>
      labels.map((label) => ({
        shown: [...label.querySelectorAll('span')].filter((s) => !s.classList.contains('sr-only')).map((s) => s.textContent ?? '').join(' '),
      })),
    );
    expect(slots).toHaveLength(count);
    for (let i = 0; i < count; i++) {
      const radio = radios.nth(i);
      // the name the browser's accessibility tree gives the radio button
      const name = /^- radio "(.*)"/.exec(await radio.ariaSnapshot())?.[1] ?? '';
      expect(name, `slot ${i} has a name`).not.toBe('');
      expect(curated(name), `slot ${i}: "${name}" holds "${slots[i]!.shown}"`).toContain(curated(slots[i]!.shown));
    }
    const axe = await new AxeBuilder({ page }).include('form').withRules(['label-content-name-mismatch', 'label', 'aria-allowed-attr']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
}
