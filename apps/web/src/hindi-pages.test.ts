// The check that nothing on a Hindi page is left in English: every public page under /hi/, as
// the server renders it (the build `npm test` has just made, with the demo content), may show Latin
// letters only in the lab's own data and content (names, addresses, staff-written posts), in names
// that are the same in every language, and in the switch back to English.
import { describe, expect, it } from 'vitest';
import * as demo from '../../server/src/db/seed/content.ts';
import { DEFAULT_LAB_DETAILS } from '../../server/src/db/seed/lab-details.ts';
import { bilingualPublicPaths, renderPage } from '../scripts/first-load-js.ts';
import { untranslatedLines } from './untranslated-english.ts';

/** every string in a value: the data a page may show as it is */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

// The lab's data and content as plain text (posts are markdown; a page shows their words in pieces).
const data = [...stringsOf(DEFAULT_LAB_DETAILS), ...stringsOf(demo)].join('\n').replace(/[*_#`]/g, '');

/** a piece of the lab's data or content (a preview cut short ends in "...") */
const isData = (line: string) => data.includes(line.replace(/\.\.\.$/, ''));

const untranslated = (html: string) => untranslatedLines(html, isData);

// The five service pages' own texts (What is…, expertise, tests) are not translated yet (left for
// later; docs/i18n.md): listed so the test fails for anything else, and fails once they are, to be struck off.
const notYetTranslated = new Set(['/hi/Hematology', '/hi/MicroBiology', '/hi/Microbiology', '/hi/Serology', '/hi/BioChemistry', '/hi/Biochemistry', '/hi/Radiology']);

describe('Hindi pages show no English of ours', () => {
  it.each(bilingualPublicPaths.filter((p) => p.startsWith('/hi')))('%s', async (route) => {
    const left = untranslated(await renderPage(route));
    if (notYetTranslated.has(route)) expect(left.length, `${route} is translated: strike it off the list`).toBeGreaterThan(0);
    else expect(left).toEqual([]);
  });
});
