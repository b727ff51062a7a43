// Search as people spell (search-index.ts, docs/i18n.md): every sample spelling (search-samples.ts) finds
// its test in the demo catalogue's English list (with name_hi) and its Hindi list (with name_en), as
// GET /api/tests/ and /api/tests/?lang=hi give them; aliases widen only a search that finds nothing.
import { describe, expect, it } from 'vitest';
import { demoTests } from '../../../../server/src/db/seed/catalogue.ts';
import { testNamesHi } from '../../../../server/src/db/seed/hindi.ts';
import { SEARCH_ALIASES } from './search-aliases.ts';
import { buildSearchIndex, searchItems, type Searchable } from './search-index.ts';
import { SEARCH_SAMPLES } from './search-samples.ts';

type Listed = Searchable & { english: string };

const english = Object.values(demoTests).flatMap((tests) => tests.map(([name]) => name));
const hindiOf = (name: string) => testNamesHi[name];
/** the English answer: a Hindi name beside the English where the lab gave one */
const englishList: Listed[] = english.map((name) => {
  const hi = hindiOf(name);
  return hi && hi !== name ? { name, name_hi: hi, english: name } : { name, english: name };
});
/** the Hindi answer: the Hindi name where there is one, the English beside it */
const hindiList: Listed[] = english.map((name) => {
  const hi = hindiOf(name);
  return hi ? { name: hi, name_en: name, english: name } : { name, english: name };
});

const lists = { English: buildSearchIndex(englishList), Hindi: buildSearchIndex(hindiList) };
const found = (list: keyof typeof lists, query: string) => searchItems(lists[list], query).map((t) => t.english);

describe('search samples', () => {
  it('has at least 30 spellings, each of a test in the catalogue', () => {
    expect(SEARCH_SAMPLES.length).toBeGreaterThanOrEqual(30);
    for (const s of SEARCH_SAMPLES) expect(english, s.query).toContain(s.finds);
  });

  for (const list of ['English', 'Hindi'] as const) {
    it(`finds the intended test in the ${list} list, among a few`, () => {
      for (const s of SEARCH_SAMPLES) {
        const results = found(list, s.query);
        expect(results, s.query).toContain(s.finds);
        // a key folded too far would find most of the catalogue
        expect(results.length, s.query).toBeLessThanOrEqual(10);
      }
    });
  }
});

describe('searchItems', () => {
  it('finds an English page’s test by its Hindi name, and a Hindi page’s by its English name', () => {
    expect(found('English', 'थायरॉइड')).toEqual(['Thyroid Profile (T3, T4, TSH)']);
    expect(found('Hindi', 'Thyroid')).toEqual(['Thyroid Profile (T3, T4, TSH)']);
  });

  it('finds what the plain text finds, and only that, when it finds anything: no alias for "blood"', () => {
    const withBlood = english.filter((n) => n.toLowerCase().includes('blood'));
    expect(withBlood.length).toBeGreaterThan(1);
    expect(found('English', 'BLOOD')).toEqual(withBlood);
    expect(SEARCH_ALIASES).not.toHaveProperty('blood');
    // "sugar" has an alias (glucose tests), but the text finds the sugar test, so the alias stays out
    expect(found('English', 'sugar')).toEqual(['Fasting Blood Sugar']);
    expect(found('English', 'lipid')).toEqual(['Lipid Profile']);
  });

  it('widens to aliases and word by word only when the text finds nothing', () => {
    expect(found('English', 'sugar test')).toEqual(['Glucose Tolerance Test', 'Fasting Blood Sugar', 'HbA1c (Glycated Haemoglobin)']);
    expect(found('English', 'function liver')).toEqual(['Liver Function Test (LFT)']);
    // filler words alone, or a word found nowhere, find nothing
    expect(found('English', 'ki jaanch')).toEqual([]);
    expect(found('English', 'zzqx')).toEqual([]);
    expect(found('English', 'zzqx liver')).toEqual([]);
  });

  it('finds a name as it is typed, letter by letter', () => {
    const typed = 'haemoglobin test';
    for (let n = 1; n <= typed.length; n++) {
      expect(found('English', typed.slice(0, n)), typed.slice(0, n)).toContain('Hemoglobin Test');
    }
    const hindi = 'डेन्गू';
    for (let n = 1; n <= hindi.length; n++) {
      expect(found('Hindi', hindi.slice(0, n)), hindi.slice(0, n)).toContain('Dengue NS1 Antigen');
    }
  });

  it('has no alias that finds nothing in the catalogue, or more than its share', () => {
    for (const word of Object.keys(SEARCH_ALIASES)) {
      for (const list of ['English', 'Hindi'] as const) {
        const results = found(list, word);
        expect(results.length, `${word} (${list})`).toBeGreaterThan(0);
        expect(results.length, `${word} (${list})`).toBeLessThanOrEqual(10);
      }
    }
  });

  it('finds nothing for a query of no letters or digits', () => {
    expect(found('English', ' -() ')).toEqual([]);
  });
});
