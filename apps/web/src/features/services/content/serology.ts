// The Serology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. One module per page, so a page loads only its own text.
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const serology: ServicePageContent = {
  key: 'serology',
  name: 'Serology',
  metaTitle: 'Serology | Lab Centre Diagnostics',
  metaDescription:
    'Serology at Lab Centre Diagnostics: HIV, hepatitis, COVID-19 antibodies, allergy, rheumatoid factor and autoimmune screening.',
  path: paths.serology,
  tagline: 'Unlocking the secrets of your immunity with cutting-edge serological testing.',
  whatIs: {
    heading: 'What is Serology?',
    paragraphs: [
      'Serology is the study of serum, the clear part of blood, and of the antibodies and antigens it carries. These markers show whether your body has met an infection, is fighting one now or is attacking itself.',
      'A single blood sample can answer questions about infections, vaccinations, allergies and autoimmune disease.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Serology',
    paragraphs: [
      'Antibodies are proteins made by the immune system to recognise a specific invader. Measuring them tells us about past and present exposure: IgM antibodies usually point to a recent infection, while IgG antibodies show an older infection or immunity after vaccination.',
      'Antigen tests look for parts of the germ itself, such as the hepatitis B surface antigen, and can show an infection before the body has produced antibodies.',
      'In autoimmune diseases the immune system makes antibodies against the body’s own tissues. Tests such as rheumatoid factor and antinuclear antibodies help doctors recognise conditions like rheumatoid arthritis and lupus early.',
      'Our serology laboratory uses chemiluminescence and ELISA platforms with internal and external quality controls, and every reactive result for infections such as HIV is confirmed before it is reported.',
    ],
  },
  expertiseHeading: 'Our Serology Expertise',
  expertiseIntro: 'Immune testing that is sensitive, specific and confirmed before it reaches you.',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'Immune Profiling', text: 'Antibody levels that show immunity after infection or vaccination.' },
    { title: 'Infectious Disease Testing', text: 'Screening and confirmation for HIV, hepatitis, dengue, typhoid and more.' },
    { title: 'Autoimmune Screening', text: 'Markers that help diagnose arthritis, lupus and other autoimmune conditions.' },
  ],
  tests: [
    { name: 'HIV Antibody Testing', text: 'Confidential screening with confirmation of every reactive result.' },
    { name: 'Hepatitis Serology Tests', text: 'Markers of hepatitis A, B and C infection and immunity.' },
    { name: 'COVID-19 Antibody Tests', text: 'Shows antibodies after infection or vaccination.' },
    { name: 'Allergy Testing', text: 'Specific IgE against common food and environmental allergens.' },
    { name: 'Rheumatoid Factor Testing', text: 'Supports the diagnosis of rheumatoid arthritis.' },
    { name: 'Autoimmune Disorder Screening', text: 'Antinuclear antibodies and related markers.' },
  ],
};
