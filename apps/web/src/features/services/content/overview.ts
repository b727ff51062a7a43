// The five cards of the /Services overview (spec §2 "/Services overview"): name, image, description and
// three tests each.
import { paths } from '@lab/contract';
import { serviceImages } from './images.ts';
import type { ServiceKey } from './types.ts';

export interface OverviewService {
  key: ServiceKey;
  name: string;
  image: string;
  path: string;
  description: string;
  tests: [string, string, string];
}

export const overviewServices: OverviewService[] = [
  {
    key: 'hematology',
    name: 'Hematology',
    image: serviceImages.hematology,
    path: paths.hematology,
    description: 'Blood counts, clotting studies and marrow analysis that detect anaemia, infection and blood disorders early.',
    tests: ['Complete Blood Count (CBC)', 'Coagulation Profile', 'Bone Marrow Biopsy'],
  },
  {
    key: 'microbiology',
    name: 'Microbiology',
    image: serviceImages.microbiology,
    path: paths.microbiology,
    description: 'Cultures and molecular tests that identify bacteria, viruses and fungi and the medicines that work against them.',
    tests: ['Blood Culture', 'Antimicrobial Susceptibility Test', 'PCR Test'],
  },
  {
    key: 'serology',
    name: 'Serology',
    image: serviceImages.serology,
    path: paths.serology,
    description: 'Antibody and antigen tests for infections, immunity and autoimmune conditions.',
    tests: ['HIV Antibody Test', 'Hepatitis B Surface Antigen', 'Malaria Parasite Antigen Test'],
  },
  {
    key: 'biochemistry',
    name: 'Biochemistry',
    image: serviceImages.biochemistry,
    path: paths.biochemistry,
    description: 'Organ function, metabolism and hormone tests behind every routine health check-up.',
    tests: ['Liver Function Test (LFT)', 'Kidney Function Test (KFT)', 'Lipid Profile'],
  },
  {
    key: 'radiology',
    name: 'Radiology',
    image: serviceImages.radiology,
    path: paths.radiology,
    description: 'Digital imaging that shows bones, organs and soft tissues clearly for an accurate diagnosis.',
    tests: ['X-ray Imaging', 'CT Scan', 'MRI Scan'],
  },
];

/** what "Learn More" expands on an overview card */
export const overviewDetails = (name: string) =>
  `Our ${name.toLowerCase()} service covers everything from sample collection to the final report: clear instructions before your visit, standardised procedures run by trained staff on calibrated analysers, and results reviewed by a specialist before release. We use current technologies with daily quality controls, so outcomes are accurate, reproducible and delivered on time, with a specialist available to discuss your report.`;
