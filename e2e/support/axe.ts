// An axe scan of what a person sees once the page has settled: a scan during the 0.5 s page fade would
// measure colour contrast at partial opacity.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function settledAxe(page: Page, include?: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const builder = new AxeBuilder({ page });
  return (include ? builder.include(include) : builder).analyze();
}
