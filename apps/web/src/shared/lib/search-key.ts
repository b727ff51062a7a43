// The search key of a text: what is left of it once the differences in how people spell a test's name
// are folded away, so "थायराइड" finds "थायरॉइड" and "haemoglobin" finds "Hemoglobin" (docs/i18n.md,
// "Search as people spell"). Pure; the same folding is applied to the names and to what is typed, and a
// name matches when its key contains the query's key (search-index.ts).
//
// Devanagari: nukta letters as their plain letter (क़ क, ज़ ज, फ़ फ, ड़ ड …); chandrabindu, anusvara and a half
// nasal (ङ् ञ् ण् न् म् before a consonant, or ending the text as it does while typed) as one nasal sign ं;
// ॉ and ो as ा (ऑ, ओ as आ); short and long vowels alike (ि ी, ु ू, इ ई, उ ऊ); ॅ as े; virama, ZWJ and
// ZWNJ dropped; Devanagari digits as 0-9.
// Latin: case and accents; within a word ph as f, ee as i, oo as u, ae as e, ck and q as k, w as v, y as i,
// an h after k g t d b s dropped (kh, th, sh …), then a doubled letter as one.
// Spaces and punctuation of either script are dropped. The Latin rules work within a word, so a word
// typed whole finds the name it begins ("complete" in "Complete Elisa"), and searchKeys covers a word
// still being typed ("blo" on the way to "blood").
//
// One pass over the text, with no regular expression on the common path: a 5,000-test catalogue is
// folded in a few milliseconds, once per catalogue.

/** Devanagari signs and letters folded into another, by char code (0: dropped) */
const DEVANAGARI = new Map<number, number>([
  [0x0901, 0x0902], // chandrabindu
  [0x0949, 0x093e], // ॉ
  [0x094b, 0x093e], // ो
  [0x094a, 0x093e], // ॊ
  [0x0911, 0x0906], // ऑ
  [0x0913, 0x0906], // ओ
  [0x0912, 0x0906], // ऒ
  [0x0940, 0x093f], // ी
  [0x0908, 0x0907], // ई
  [0x0942, 0x0941], // ू
  [0x090a, 0x0909], // ऊ
  [0x0945, 0x0947], // ॅ
  [0x090d, 0x090f], // ऍ
  [0x093c, 0], // nukta
  [0x0929, 0x0928], // ऩ
  [0x0931, 0x0930], // ऱ
  [0x0934, 0x0933], // ऴ
  [0x0958, 0x0915], // क़ → क
  [0x0959, 0x0916], // ख़ → ख
  [0x095a, 0x0917], // ग़ → ग
  [0x095b, 0x091c], // ज़ → ज
  [0x095c, 0x0921], // ड़ → ड
  [0x095d, 0x0922], // ढ़ → ढ
  [0x095e, 0x092b], // फ़ → फ
  [0x095f, 0x092f], // य़ → य
]);

const VIRAMA = 0x094d;
const NASAL_CONSONANTS = new Set([0x0919, 0x091e, 0x0923, 0x0928, 0x092e]);
const isConsonant = (code: number) => (code >= 0x0915 && code <= 0x0939) || (code >= 0x0958 && code <= 0x095f);
const isJoiner = (code: number) => code === 0x200c || code === 0x200d;

const codeOf = (c: string) => c.charCodeAt(0);
/** Latin letters folded into another, by char code */
const LATIN_ONE = new Map([
  [codeOf('w'), codeOf('v')],
  [codeOf('y'), codeOf('i')],
  [codeOf('q'), codeOf('k')],
]);
/** first letter → second letter, and what the pair is (char codes) */
const LATIN_PAIRS = new Map([
  [codeOf('p'), [codeOf('h'), codeOf('f')]],
  [codeOf('e'), [codeOf('e'), codeOf('i')]],
  [codeOf('o'), [codeOf('o'), codeOf('u')]],
  [codeOf('a'), [codeOf('e'), codeOf('e')]],
  [codeOf('c'), [codeOf('k'), codeOf('k')]],
] as const);
const H = codeOf('h');
/** letters whose following h is dropped */
const BEFORE_SILENT_H = new Set(['k', 'g', 't', 'd', 'b', 's'].map(codeOf));
const NASAL_SIGN = codeOf('ं');

/** a text that needs NFKD first: anything beyond ASCII and Devanagari (accented Latin, compatibility forms) */
const NEEDS_DECOMPOSITION = /[^\u0900-\u097f\t\n\r\x20-\x7e]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function searchKey(text: string): string {
  let s = text.toLowerCase();
  if (NEEDS_DECOMPOSITION.test(s)) s = s.normalize('NFKD');
  /** the key's char codes */
  const out: number[] = [];
  /** within a Latin word: the last letter written (for doubled letters) and the last letter read (for h) */
  let written = 0;
  let read = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x61 && c <= 0x7a) {
      let f: number;
      const pair = LATIN_PAIRS.get(c);
      if (pair !== undefined && s.charCodeAt(i + 1) === pair[0]) {
        f = pair[1];
        i++;
      } else if (c === H && BEFORE_SILENT_H.has(read)) {
        read = c;
        continue;
      } else {
        f = LATIN_ONE.get(c) ?? c;
      }
      read = c;
      if (f === written) continue;
      out.push(f);
      written = f;
    } else if (c >= 0x30 && c <= 0x39) {
      out.push(c);
      written = read = 0;
    } else if (c >= 0x0900 && c <= 0x097f) {
      written = read = 0;
      if (c === VIRAMA) {
        // A half nasal is the nasal sign; any other virama is dropped.
        let next = i + 1;
        while (next < s.length && isJoiner(s.charCodeAt(next))) next++;
        if (NASAL_CONSONANTS.has(s.charCodeAt(i - 1)) && (next === s.length || isConsonant(s.charCodeAt(next)))) out[out.length - 1] = NASAL_SIGN;
      } else if (c >= 0x0966 && c <= 0x096f) {
        out.push(c - 0x0966 + 0x30);
      } else if (c !== 0x0964 && c !== 0x0965) {
        // (a danda is punctuation)
        const folded = DEVANAGARI.get(c);
        if (folded === undefined) out.push(c);
        else if (folded !== 0) out.push(folded);
      }
    } else if (isJoiner(c) || (c >= 0x0300 && c <= 0x036f)) {
      // a joiner or a Latin accent: no letter of its own, and no word boundary
    } else if (c > 0x7f && LETTER_OR_DIGIT.test(s[i]!)) {
      out.push(c);
      written = read = 0;
    } else {
      // a space or punctuation: a word ends
      written = read = 0;
    }
  }
  return String.fromCharCode(...out);
}

/** the letters a word's last letter may begin a pair with (LATIN_PAIRS): "blo" may be "bloo…" */
const PAIR_NEXT: Record<string, string> = { p: 'h', e: 'e', o: 'o', a: 'e', c: 'k' };

/**
 * The keys a query is searched by: its key, and where its last letter may still become something else as
 * the person types on, the key as it would then be: the first letter of a Latin pair as the pair ("blo"
 * as "bloo", which folds to "blu", as "blood" does), a nasal consonant as the half nasal ("डेन" on the way
 * to "डेन्गू", which folds to "डेंगु").
 */
export function searchKeys(query: string): string[] {
  const key = searchKey(query);
  const trimmed = query.trimEnd();
  const last = trimmed.at(-1)?.toLowerCase() ?? '';
  if (key === '') return [key];
  const next = PAIR_NEXT[last] ?? (NASAL_CONSONANTS.has(last.charCodeAt(0)) ? '्' : undefined);
  if (next === undefined) return [key];
  const completed = searchKey(trimmed + next);
  return completed === key ? [key] : [key, completed];
}
