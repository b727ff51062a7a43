// The Hematology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. One module per page, so a page loads only its own text.
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const hematology: ServicePageContent = {
  key: 'hematology',
  name: 'Hematology',
  metaTitle: 'Hematology | Lab Centre Diagnostics',
  metaDescription: 'Blood tests at Lab Centre Diagnostics: CBC, platelet count, hemoglobin, PT/INR, ESR and bone marrow analysis.',
  path: paths.hematology,
  tagline: 'Precise blood analysis that reveals the story your blood tells about your health.',
  whatIs: {
    heading: 'What is Hematology?',
    paragraphs: [
      'Hematology is the study of blood and the organs that make it. A blood test counts and examines red cells, white cells and platelets, measures hemoglobin and checks how well your blood clots.',
      'These results help doctors find anaemia, infections, bleeding and clotting problems and blood cancers, and follow how a treatment is working.',
    ],
  },
  deeper: {
    heading: 'Deeper Insights into Hematology',
    paragraphs: [
      'Every sample is run on automated five-part differential analysers that count tens of thousands of cells in under a minute. When a count falls outside the expected pattern, a trained hematologist examines a stained smear under the microscope before the report is released.',
      'Coagulation tests such as PT/INR are run on dedicated analysers with daily quality controls, because people on blood thinners adjust their dose by these numbers.',
      'For complex cases our pathologists review bone marrow aspirates and biopsies and discuss the findings with the treating doctor.',
    ],
  },
  expertiseHeading: 'Our Hematology Expertise',
  expertiseIntro: 'Specialists and analysers dedicated to blood, from routine counts to complex disorders.',
  expertiseLayout: 'cards',
  expertise: [
    {
      title: 'Blood Disorder Diagnosis',
      text: 'Anaemias, infections and blood cancers identified from counts, indices and expert smear review.',
    },
    { title: 'Coagulation Studies', text: 'PT/INR, APTT and related tests that guide the safe use of blood thinners and surgery.' },
    {
      title: 'Bone Marrow Evaluation',
      text: 'Aspirate and biopsy reporting by experienced pathologists for a complete picture of blood formation.',
    },
  ],
  tests: [
    { name: 'Complete Blood Count (CBC)', text: 'Red cells, white cells, platelets and hemoglobin in one test.' },
    { name: 'Platelet Count', text: 'Tracks bleeding risk and recovery, for example in dengue fever.' },
    { name: 'Hemoglobin Test', text: 'Screens for anaemia and monitors its treatment.' },
    { name: 'Coagulation Test (PT/INR)', text: 'Measures clotting time and guides blood-thinner doses.' },
    { name: 'Erythrocyte Sedimentation Rate (ESR)', text: 'A simple marker of inflammation in the body.' },
    { name: 'Bone Marrow Analysis', text: 'Examines where blood cells are made, for complex disorders.' },
  ],
};
