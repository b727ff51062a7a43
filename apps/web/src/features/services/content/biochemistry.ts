// The Biochemistry page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. One module per page, so a page loads only its own text.
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const biochemistry: ServicePageContent = {
  key: 'biochemistry',
  name: 'Biochemistry',
  metaTitle: 'Biochemistry | Lab Centre Diagnostics',
  metaDescription:
    'Biochemistry at Lab Centre Diagnostics: liver and kidney function, lipid profile, glucose tolerance, hormones, vitamins and minerals.',
  path: paths.biochemistry,
  tagline: 'Dive into the molecular world of life with advanced biochemistry testing.',
  whatIs: {
    heading: 'What is Biochemistry?',
    paragraphs: [
      'Clinical biochemistry measures the chemicals in your blood and urine: sugars, fats, proteins, enzymes, hormones, vitamins and minerals. Together they show how well your organs are working.',
      'These are the tests behind routine health check-ups and the long-term care of diabetes, heart, liver, kidney and thyroid conditions.',
    ],
  },
  deeper: {
    heading: 'The Role of Biochemistry in Medicine',
    paragraphs: [
      'Biochemistry tests often find disease before symptoms appear: a raised HbA1c can show diabetes years before complications, and a lipid profile shows the risk of heart disease.',
      'Enzymes released by damaged cells point to the organ in trouble, such as liver enzymes in hepatitis or creatinine in kidney disease, and repeated tests show whether treatment is working.',
      'Our fully automated analysers are calibrated every day and take part in external quality programmes, so results are comparable from one visit to the next.',
    ],
  },
  expertiseHeading: 'Our Biochemistry Expertise',
  expertiseIntro: 'Precise chemistry on automated platforms, reviewed by qualified biochemists.',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'Enzyme Analysis', text: 'Liver, heart and pancreatic enzymes that reveal which organ needs attention.' },
    { title: 'Metabolic Profiling', text: 'Glucose, lipids and electrolytes that map your metabolic health.' },
    { title: 'Protein Characterization', text: 'Total protein, albumin and protein fractions for liver, kidney and immune disorders.' },
  ],
  tests: [
    { name: 'Liver Function Tests (LFT)', text: 'Enzymes, bilirubin and proteins made by the liver.' },
    { name: 'Kidney Function Tests (KFT)', text: 'Urea, creatinine and electrolytes.' },
    { name: 'Lipid Profile', text: 'Cholesterol and triglycerides for heart health.' },
    { name: 'Glucose Tolerance Test', text: 'How your body handles sugar, for diabetes and pregnancy.' },
    { name: 'Hormonal Assays', text: 'Thyroid, reproductive and stress hormones.' },
    { name: 'Vitamin and Mineral Analysis', text: 'Vitamin D, B12, iron, calcium and more.' },
  ],
};
