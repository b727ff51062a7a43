// The Microbiology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. One module per page, so a page loads only its own text.
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const microbiology: ServicePageContent = {
  key: 'microbiology',
  name: 'Microbiology',
  metaTitle: 'Microbiology | Lab Centre Diagnostics',
  metaDescription:
    'Microbiology at Lab Centre Diagnostics: cultures, PCR tests, antibiotic susceptibility, pathogen identification and mycology.',
  path: paths.microbiology,
  tagline: 'Identifying the invisible causes of infection so the right treatment starts sooner.',
  whatIs: {
    heading: 'What is Microbiology?',
    paragraphs: [
      'Microbiology is the study of bacteria, viruses, fungi and parasites. In the laboratory it tells your doctor which germ is causing an infection and which medicine will work against it.',
      'Samples such as blood, urine, sputum or swabs are cultured, examined and tested so that treatment is targeted rather than guessed.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Microbiology',
    paragraphs: [
      'Automated blood culture systems watch samples around the clock and flag growth within hours, so that critically ill patients get the right antibiotic as early as possible.',
      'Real-time PCR finds the genetic material of viruses and bacteria in a few hours, even when only a few organisms are present.',
      'Every susceptibility result follows current international guidelines, which helps doctors use antibiotics wisely and slows the spread of resistance.',
    ],
  },
  expertiseHeading: 'Our Microbiology Expertise',
  expertiseIntro: 'From the culture plate to the molecular lab, every step is handled by trained microbiologists.',
  expertiseLayout: 'cards',
  expertise: [
    {
      title: 'Diagnostic Microbiology',
      text: 'Culture, microscopy and identification of bacteria, fungi and parasites from every kind of sample.',
    },
    {
      title: 'Infection Control',
      text: 'Surveillance cultures and reports that help hospitals and clinics stop infections from spreading.',
    },
    { title: 'Molecular Diagnostics', text: 'PCR panels that detect viral and bacterial infections quickly and with high accuracy.' },
  ],
  tests: [
    { name: 'Culture and Sensitivity Testing', text: 'Grows the organism and finds the antibiotics that work.' },
    { name: 'PCR Tests', text: 'Detects the genetic material of viruses and bacteria.' },
    { name: 'Antibiotic Susceptibility Testing', text: 'Measures how an organism responds to each antibiotic.' },
    { name: 'Pathogen Identification', text: 'Names the exact organism behind an infection.' },
    { name: 'Urine and Blood Cultures', text: 'Find urinary tract and bloodstream infections.' },
    { name: 'Mycology Tests', text: 'Identify fungal infections of skin, nails and deeper organs.' },
  ],
};
