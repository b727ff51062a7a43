// The search key's rules (search-key.ts, docs/i18n.md): each pair of spellings folds to one key, and
// spellings that say something else do not.
import { describe, expect, it } from 'vitest';
import { searchKey, searchKeys } from './search-key.ts';

/** asserts that every spelling of a group has the same key */
function alike(...spellings: string[]) {
  const keys = spellings.map(searchKey);
  expect(new Set(keys).size, `${spellings.join(' / ')} → ${keys.join(' / ')}`).toBe(1);
  expect(keys[0]).not.toBe('');
}

const differ = (a: string, b: string) => expect(searchKey(a), `${a} / ${b}`).not.toBe(searchKey(b));

describe('searchKey: Devanagari', () => {
  it('reads a nukta letter as its plain letter, precomposed or not', () => {
    alike('क़', 'क़', 'क');
    alike('ज़रूरी', 'ज़रूरी', 'जरूरी');
    alike('फ़ैक्टर', 'फ़ैक्टर', 'फैक्टर');
    alike('पढ़ाई', 'पढाई');
    alike('ग़', 'ग');
    alike('ख़ून', 'खून');
  });

  it('treats chandrabindu, anusvara and a half nasal before a consonant alike', () => {
    alike('डेंगू', 'डेन्गू');
    alike('कंप्लीट', 'कम्प्लीट');
    alike('अण्डा', 'अंडा');
    alike('जाँच', 'जांच');
    alike('पाँच', 'पांच', 'पान्च');
    // a nasal consonant before a vowel stays a consonant
    differ('सोना', 'सों');
  });

  it('takes a half nasal at the end as the nasal being typed', () => {
    expect(searchKey('डेंगू').startsWith(searchKey('डेन्'))).toBe(true);
  });

  it('reads ॉ and ो as ा, and ऑ, ओ as आ', () => {
    alike('थायराइड', 'थायरॉइड', 'थायरोइड');
    alike('कोलेस्ट्रॉल', 'कोलेस्ट्रोल', 'कालेस्ट्राल');
    alike('ऑफ़र', 'ओफर', 'आफर');
  });

  it('treats short and long vowels alike', () => {
    alike('हीमोग्लोबिन', 'हिमोग्लोबिन', 'हिमोग्लोबीन');
    alike('यूरिक', 'युरिक');
    alike('ईसीजी', 'इसिजि');
    alike('ऊपर', 'उपर');
  });

  it('ignores virama differences, ZWJ and ZWNJ', () => {
    alike('कोलेस्ट्रॉल', 'कोलेस्टरॉल');
    alike('प्लेट्लेट', 'प्लेटलेट');
    alike('ब्\u200dलड', 'ब्लड', 'ब्\u200cलड');
  });

  it('drops spaces and punctuation, and reads Devanagari digits as digits', () => {
    alike('एक्स-रे', 'एक्स रे', 'एक्सरे');
    alike('सी.बी.सी.', 'सीबीसी');
    alike('विटामिन डी (२५)', 'विटामिन डी 25');
    alike('जाँच।', 'जाँच');
  });

  it('keeps letters that say something else apart', () => {
    differ('शुगर', 'सुगर');
    differ('खून', 'कून');
    differ('डेंगू', 'डेगू');
  });
});

describe('searchKey: Latin', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    alike('Thyroid Profile (T3, T4, TSH)', 'thyroid profile t3 t4 tsh', 'THYROID-PROFILE T3/T4/TSH');
    alike('Café', 'cafe');
    alike('X-ray', 'xray', 'x ray');
  });

  it('folds the common Hinglish sound-alikes', () => {
    alike('phosphorus', 'fosforus');
    alike('feever', 'fiver');
    alike('khoon', 'khun');
    alike('haemoglobin', 'hemoglobin');
    alike('widal', 'vidal');
    alike('thyroid', 'thiroid', 'tyroid');
    alike('check', 'chek');
    alike('shugar', 'sugar');
    alike('bukhar', 'bukar');
  });

  it('reads doubled letters as one', () => {
    alike('mammography', 'mamography');
    alike('widaal', 'widal');
    alike('malariya', 'malaria');
  });

  it('folds within a word, so a whole word finds the name it begins', () => {
    expect(searchKey('Complete Elisa')).toContain(searchKey('complete'));
    expect(searchKey('Bone Eye')).toContain(searchKey('bone'));
  });

  it('keeps other letters apart', () => {
    differ('lipid', 'liquid');
    differ('blood', 'bleed');
    differ('ca', 'ka');
  });
});

describe('searchKeys', () => {
  it('also searches a word still being typed as if its pair were complete', () => {
    expect(searchKeys('blo')).toEqual([searchKey('blo'), searchKey('bloo')]);
    expect(searchKey('blood').startsWith(searchKeys('blo')[1]!)).toBe(true);
    expect(searchKeys('p')).toEqual(['p', 'f']);
    expect(searchKey('haemoglobin').startsWith(searchKeys('ha')[1]!)).toBe(true);
  });

  it('also searches a last nasal consonant as the half nasal it may become', () => {
    expect(searchKeys('डेन')).toEqual([searchKey('डेन'), searchKey('डें')]);
    expect(searchKey('डेंगू').startsWith(searchKeys('डेन')[1]!)).toBe(true);
  });

  it('is the one key otherwise', () => {
    expect(searchKeys('lipid')).toEqual(['lipid']);
    expect(searchKeys('थायराइड')).toEqual([searchKey('थायरॉइड')]);
    expect(searchKeys(' - ')).toEqual(['']);
  });
});
