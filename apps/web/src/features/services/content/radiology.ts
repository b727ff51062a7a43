// The Radiology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. One module per page, so a page loads only its own text.
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const radiology: ServicePageContent = {
  key: 'radiology',
  name: 'Radiology',
  metaTitle: 'Radiology | Lab Centre Diagnostics',
  metaDescription: 'Radiology at Lab Centre Diagnostics: X-ray, MRI, CT scans, mammography, bone density and ultrasound imaging.',
  path: paths.radiology,
  tagline: 'Advanced imaging solutions for accurate diagnosis and treatment.',
  whatIs: {
    heading: 'What is Radiology?',
    paragraphs: [
      'Radiology uses images of the inside of the body to find and follow disease. X-rays, ultrasound, CT and MRI each show different tissues, so the right scan depends on the question your doctor is asking.',
      'Most scans are quick and painless, and our radiologists report them the same day.',
    ],
  },
  deeper: {
    heading: 'The Role of Radiology in Medicine',
    paragraphs: [
      'Imaging shows fractures, infections, tumours and blocked vessels without surgery, and guides procedures such as biopsies with precision.',
      'Digital X-ray and low-dose CT protocols keep radiation as low as possible, while MRI and ultrasound use no ionising radiation at all.',
      'Every study is read by a qualified radiologist, and images and reports are shared digitally with your doctor.',
    ],
  },
  expertiseHeading: 'Our Radiology Expertise',
  expertiseIntro: 'Modern imaging equipment operated by certified technologists and reported by radiologists.',
  expertiseLayout: 'rows',
  expertise: [
    { title: 'X-ray Imaging', text: 'Digital radiography for bones, chest and abdomen with minimal radiation and instant images.' },
    { title: 'MRI Scans', text: 'Detailed pictures of the brain, spine, joints and soft tissues, without radiation.' },
    { title: 'CT Scans', text: 'Fast cross-sectional imaging for injuries, infections and cancer staging.' },
  ],
  tests: [
    { name: 'Chest X-ray', text: 'Checks the lungs, heart and ribs.' },
    { name: 'Brain MRI', text: 'Detailed imaging of the brain and nerves.' },
    { name: 'Abdominal CT Scan', text: 'Cross-sectional images of the abdominal organs.' },
    { name: 'Mammography', text: 'Low-dose breast imaging for screening and diagnosis.' },
    { name: 'Bone Density Scan', text: 'Measures bone strength to detect osteoporosis.' },
    { name: 'Ultrasound Imaging', text: 'Real-time images of organs and pregnancy, without radiation.' },
  ],
};
