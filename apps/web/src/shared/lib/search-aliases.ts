// Words people type for a test that its catalogue name does not contain (docs/i18n.md, "Search as people
// spell"): Hinglish and everyday words ("khoon", "peshab", "sugar"), in Latin or Devanagari, each mapped to
// words the catalogue's names do contain. Only used when the text as typed finds nothing (search-index.ts),
// so an alias can add results to an empty list but never changes a list the plain text finds. Spelling
// variants need no entry here: searchKey folds them ("khun" is "khoon", "थायराइड" is "थायरॉइड").
//
// No entry for "blood": typed as it is, it must find exactly the tests whose names say blood.

export const SEARCH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // blood in Hindi and Hinglish
  khoon: ['blood', 'hemoglobin', 'platelet', 'cbc'],
  'खून': ['blood', 'hemoglobin', 'platelet', 'cbc'],
  rakt: ['blood', 'hemoglobin', 'platelet', 'cbc'],
  'रक्त': ['blood', 'hemoglobin', 'platelet', 'cbc'],
  // sugar and diabetes
  sugar: ['glucose', 'sugar', 'hba1c'],
  'शुगर': ['glucose', 'sugar', 'hba1c'],
  diabetes: ['glucose', 'sugar', 'hba1c'],
  diabetic: ['glucose', 'sugar', 'hba1c'],
  'डायबिटीज़': ['glucose', 'sugar', 'hba1c'],
  'मधुमेह': ['glucose', 'sugar', 'hba1c'],
  glucose: ['glucose', 'sugar', 'hba1c'],
  // urine and stool
  peshab: ['urine'],
  pishab: ['urine'],
  'पेशाब': ['urine'],
  mutra: ['urine'],
  'मूत्र': ['urine'],
  urine: ['urine'],
  potty: ['stool'],
  latrine: ['stool'],
  'मल': ['stool'],
  'पॉटी': ['stool'],
  // organs and their panels
  thyroid: ['thyroid', 'tpo'],
  'थायरॉइड': ['thyroid', 'tpo'],
  lipid: ['lipid'],
  cholesterol: ['lipid', 'cholesterol'],
  cholestrol: ['lipid', 'cholesterol'],
  kolestrol: ['lipid', 'cholesterol'],
  'कोलेस्ट्रॉल': ['lipid', 'cholesterol'],
  liver: ['liver', 'lft'],
  jigar: ['liver', 'lft'],
  'जिगर': ['liver', 'lft'],
  'लिवर': ['liver', 'lft'],
  kidney: ['kidney', 'kft'],
  gurda: ['kidney', 'kft'],
  'गुर्दा': ['kidney', 'kft'],
  'किडनी': ['kidney', 'kft'],
  heart: ['ecg', 'lipid', 'troponin'],
  dil: ['ecg', 'lipid', 'troponin'],
  'दिल': ['ecg', 'lipid', 'troponin'],
  // vitamins
  'vitamin d': ['vitamin d'],
  'vit d': ['vitamin d'],
  'विटामिन डी': ['vitamin d'],
  'vit b12': ['vitamin b12'],
  // fevers
  typhoid: ['widal', 'typhoid'],
  'टाइफाइड': ['widal', 'typhoid'],
  bukhar: ['widal', 'malaria', 'dengue'],
  'बुखार': ['widal', 'malaria', 'dengue'],
  fever: ['widal', 'malaria', 'dengue'],
  // common short names
  cbc: ['complete blood count', 'cbc'],
  'सीबीसी': ['complete blood count', 'cbc'],
  xray: ['x-ray'],
  'एक्सरे': ['x-ray'],
  sonography: ['ultrasound'],
  'सोनोग्राफी': ['ultrasound'],
  tb: ['afb'],
  'टीबी': ['afb'],
};

/**
 * Words that say nothing about which test ("test", "jaanch", "ki"): left out when a search of several
 * words is matched word by word.
 */
export const SEARCH_FILLER_WORDS: readonly string[] = ['test', 'tests', 'jaanch', 'janch', 'jaach', 'check', 'checkup', 'ki', 'ka', 'ke', 'ko', 'की', 'का', 'के', 'को', 'जाँच', 'टेस्ट'];
