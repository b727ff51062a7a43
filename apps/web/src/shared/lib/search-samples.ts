// Spellings people type for a test, each with the test it must find (by its English catalogue name): the
// unit test runs every one against the demo catalogue's English and Hindi test lists
// (search-index.test.ts), and the browser test types the `browser` ones on /tests?q= and /hi/tests?q=
// (e2e/search-spellings.spec.ts). Spelling variants are folded by searchKey; Hinglish and everyday
// words reach their tests through search-aliases.ts.

export interface SearchSample {
  query: string;
  /** the English name of a test the search must find */
  finds: string;
  /** typed in the browser test too */
  browser?: true;
}

export const SEARCH_SAMPLES: readonly SearchSample[] = [
  // Devanagari spelled otherwise than the catalogue
  { query: 'थायराइड', finds: 'Thyroid Profile (T3, T4, TSH)', browser: true },
  { query: 'थायरोइड', finds: 'Thyroid Profile (T3, T4, TSH)' },
  { query: 'लिपिड प्रोफाइल', finds: 'Lipid Profile' },
  { query: 'कोलेस्ट्रोल', finds: 'Lipid Profile', browser: true },
  { query: 'कोलेस्टरॉल', finds: 'Lipid Profile' },
  { query: 'हिमोग्लोबिन', finds: 'Hemoglobin Test' },
  { query: 'डेन्गू', finds: 'Dengue NS1 Antigen', browser: true },
  { query: 'डेंगु', finds: 'Dengue NS1 Antigen' },
  { query: 'टाइफाइड', finds: 'Widal Test' },
  { query: 'मैमोग्राफी', finds: 'Mammography' },
  { query: 'फैक्टर', finds: 'Rheumatoid Factor Testing' },
  { query: 'हड्डियों की मजबूती', finds: 'Bone Density Scan' },
  { query: 'एक्सरे', finds: 'Chest X-ray' },
  { query: 'अलट्रासाउन्ड', finds: 'Ultrasound Imaging' },
  { query: 'अल्ट्रासॉउंड', finds: 'Ultrasound Whole Abdomen' },
  { query: 'कम्प्लीट ब्लड', finds: 'Complete Blood Count (CBC)' },
  { query: 'युरिक एसिड', finds: 'Uric Acid' },
  { query: 'कैलशियम', finds: 'Serum Calcium' },
  { query: 'प्लेट्लेट', finds: 'Platelet Count' },
  { query: 'ब्\u200dलड ग्रुप', finds: 'Blood Group and Rh Typing' },
  { query: 'सी.बी.सी.', finds: 'Complete Blood Count (CBC)' },
  { query: 'गुर्दा', finds: 'Kidney Function Test (KFT)' },
  { query: 'पेशाब', finds: 'Urine Routine Examination' },
  // Latin spelled otherwise than the catalogue
  { query: 'haemoglobin', finds: 'Hemoglobin Test', browser: true },
  { query: 'thyroyd', finds: 'Thyroid Profile (T3, T4, TSH)' },
  { query: 'tyroid', finds: 'Thyroid Profile (T3, T4, TSH)' },
  { query: 'lipid-profile', finds: 'Lipid Profile' },
  { query: 'xray', finds: 'Chest X-ray' },
  { query: 'ultra sound', finds: 'Ultrasound Imaging' },
  { query: 'mamography', finds: 'Mammography', browser: true },
  { query: 'widaal', finds: 'Widal Test' },
  { query: 'dengoo', finds: 'Dengue NS1 Antigen' },
  { query: 'malariya', finds: 'Malaria Parasite Antigen Test' },
  { query: 'cholestrol', finds: 'Lipid Profile' },
  { query: 'vit d', finds: 'Vitamin D (25-OH)' },
  { query: 'fasting sugar', finds: 'Fasting Blood Sugar' },
  // Hinglish and everyday words
  { query: 'khoon', finds: 'Complete Blood Count (CBC)', browser: true },
  { query: 'khun ki jaanch', finds: 'Hemoglobin Test' },
  { query: 'peshab', finds: 'Urine Routine Examination', browser: true },
  { query: 'pishab ki jaanch', finds: 'Urine Culture' },
  { query: 'shugar', finds: 'Fasting Blood Sugar' },
  { query: 'sugar test', finds: 'Glucose Tolerance Test' },
  { query: 'kidney test', finds: 'Kidney Function Test (KFT)' },
  { query: 'jigar', finds: 'Liver Function Test (LFT)' },
  { query: 'thyroid ki jaanch', finds: 'Thyroid Profile (T3, T4, TSH)' },
  { query: 'typhoid', finds: 'Widal Test', browser: true },
  { query: 'bukhar', finds: 'Malaria Parasite Antigen Test' },
  { query: 'potty', finds: 'Stool Routine Examination' },
  { query: 'sonography', finds: 'Ultrasound Whole Abdomen' },
  { query: 'dil ki jaanch', finds: 'ECG' },
];
