// Medical and lab terms said the same way everywhere (docs/i18n.md): web catalogues, e-mails, bills, PDF
// reports and the seed's Hindi content take these words from here. Hindi as patients in north India
// read it: the everyday word where one exists, otherwise the English term in Devanagari (as labs and
// doctors say it), never a coined Sanskritism nobody uses.

export interface GlossaryTerm {
  en: string;
  hi: string;
}

export const glossary = {
  test: { en: 'test', hi: 'जाँच' },
  tests: { en: 'tests', hi: 'जाँचें' },
  bloodTest: { en: 'blood test', hi: 'खून की जाँच' },
  sample: { en: 'sample', hi: 'सैंपल' },
  sampleCollection: { en: 'sample collection', hi: 'सैंपल कलेक्शन' },
  homeCollection: { en: 'home sample collection', hi: 'घर से सैंपल कलेक्शन' },
  phlebotomist: { en: 'phlebotomist', hi: 'फ्लेबोटोमिस्ट (सैंपल लेने वाले)' },
  report: { en: 'report', hi: 'रिपोर्ट' },
  result: { en: 'result', hi: 'परिणाम' },
  referenceRange: { en: 'reference range', hi: 'सामान्य सीमा' },
  fasting: { en: 'fasting', hi: 'खाली पेट' },
  fastingHours: { en: '{hours} hours of fasting', hi: '{hours} घंटे खाली पेट' },
  firstMorningUrine: { en: 'first morning urine', hi: 'सुबह का पहला पेशाब' },
  sterileContainer: { en: 'sterile container', hi: 'स्टेराइल (कीटाणु-रहित) डिब्बी' },
  urine: { en: 'urine', hi: 'पेशाब' },
  stool: { en: 'stool', hi: 'मल' },
  blood: { en: 'blood', hi: 'खून' },
  preparation: { en: 'preparation', hi: 'जाँच से पहले की तैयारी' },
  appointment: { en: 'appointment', hi: 'अपॉइंटमेंट' },
  timeSlot: { en: 'time slot', hi: 'समय' },
  bill: { en: 'bill', hi: 'बिल' },
  receipt: { en: 'receipt', hi: 'रसीद' },
  payment: { en: 'payment', hi: 'भुगतान' },
  membership: { en: 'membership', hi: 'सदस्यता' },
  package: { en: 'package', hi: 'पैकेज' },
  discount: { en: 'discount', hi: 'छूट' },
  doctor: { en: 'doctor', hi: 'डॉक्टर' },
  pathologist: { en: 'pathologist', hi: 'पैथोलॉजिस्ट' },
  laboratory: { en: 'laboratory', hi: 'लैब' },
  completeBloodCount: { en: 'complete blood count (CBC)', hi: 'सीबीसी (कंप्लीट ब्लड काउंट)' },
  haemoglobin: { en: 'haemoglobin', hi: 'हीमोग्लोबिन' },
  bloodSugar: { en: 'blood sugar', hi: 'ब्लड शुगर' },
  fastingBloodSugar: { en: 'fasting blood sugar', hi: 'खाली पेट ब्लड शुगर' },
  hba1c: { en: 'HbA1c', hi: 'HbA1c (तीन महीने की औसत शुगर)' },
  lipidProfile: { en: 'lipid profile', hi: 'लिपिड प्रोफ़ाइल (कोलेस्ट्रॉल की जाँच)' },
  cholesterol: { en: 'cholesterol', hi: 'कोलेस्ट्रॉल' },
  thyroidProfile: { en: 'thyroid profile', hi: 'थायरॉइड प्रोफ़ाइल' },
  liverFunction: { en: 'liver function test (LFT)', hi: 'लिवर फ़ंक्शन टेस्ट (एलएफटी)' },
  kidneyFunction: { en: 'kidney function test (KFT)', hi: 'किडनी फ़ंक्शन टेस्ट (केएफटी)' },
  vitaminD: { en: 'vitamin D', hi: 'विटामिन डी' },
  hematology: { en: 'Hematology', hi: 'हीमेटोलॉजी (खून की जाँच)' },
  microbiology: { en: 'Microbiology', hi: 'माइक्रोबायोलॉजी (संक्रमण की जाँच)' },
  serology: { en: 'Serology', hi: 'सीरोलॉजी' },
  biochemistry: { en: 'Biochemistry', hi: 'बायोकेमिस्ट्री' },
  radiology: { en: 'Radiology', hi: 'रेडियोलॉजी (एक्स-रे, अल्ट्रासाउंड)' },
  xRay: { en: 'X-ray', hi: 'एक्स-रे' },
  ultrasound: { en: 'ultrasound', hi: 'अल्ट्रासाउंड' },
  personalData: { en: 'personal data', hi: 'व्यक्तिगत जानकारी' },
  consent: { en: 'consent', hi: 'सहमति' },
  privacyNotice: { en: 'privacy notice', hi: 'गोपनीयता सूचना' },
  guardian: { en: 'parent or guardian', hi: 'माता-पिता या अभिभावक' },
} as const satisfies Record<string, GlossaryTerm>;

export type GlossaryKey = keyof typeof glossary;
