// The check that nothing on a Hindi page is left in English: every public page under /hi/ (the five
// service pages among them) and the screens that also answer there (/hi/packages), as the server renders it (the build `npm test` has just made, with the demo content), may show Latin
// letters only in the lab's own data and content (names, addresses, staff-written posts), in names
// that are the same in every language, and in the switch back to English.
import { pathInLocale } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import * as demo from '../../server/src/db/seed/content.ts';
import { DEFAULT_LAB_DETAILS } from '../../server/src/db/seed/lab-details.ts';
import { testNamesHi } from '../../server/src/db/seed/hindi.ts';
import { bilingualPublicPaths, renderPage } from '../scripts/first-load-js.ts';
import { screensWithHindiPath } from './shared/i18n/page-locale.ts';
import { untranslatedLines } from './untranslated-english.ts';

/** every string in a value: the data a page may show as it is */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

// The lab's data and content as plain text (posts are markdown; a page shows their words in pieces).
// The lab's test names in Hindi are its data too (a popular package's tests open on the home page).
const data = [...stringsOf(DEFAULT_LAB_DETAILS), ...stringsOf(demo), ...stringsOf(testNamesHi)].join('\n').replace(/[*_#`]/g, '');

/** a piece of the lab's data or content (a preview cut short ends in "...") */
const isData = (line: string) => data.includes(line.replace(/\.\.\.$/, ''));

const untranslated = (html: string) => untranslatedLines(html, isData);

const hindiRoutes = [...bilingualPublicPaths.filter((p) => p.startsWith('/hi')), ...screensWithHindiPath.map((p) => pathInLocale(p, 'hi'))];

describe('Hindi pages show no English of ours', () => {
  it('covers the five service pages and the packages screen', () => {
    for (const path of ['/hi/Hematology', '/hi/MicroBiology', '/hi/Serology', '/hi/BioChemistry', '/hi/Radiology', '/hi/packages']) expect(hindiRoutes).toContain(path);
  });

  it.each(hindiRoutes)('%s', async (route) => {
    const html = await renderPage(route);
    expect(html).toContain('<html lang="hi-IN"');
    expect(untranslated(html)).toEqual([]);
  });
});
