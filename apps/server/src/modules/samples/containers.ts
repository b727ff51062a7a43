// Containers (docs/samples.md): the default container and volume of every demo test and of a test of each
// category, what each container holds, and the grouping of a visit's tests into the fewest containers
// (two serum tests share one tube while their volumes fit in it). Pure rules: the service reads staff's
// settings from the database and hands them in.
import { CONTAINER_NAMES, type ContainerCode, type PlannedContainer } from '@lab/contract';

export interface ContainerSetting {
  container: ContainerCode;
  /** microlitres */
  volume_ul: number;
}

/** what one container holds, in microlitres: tests are grouped into one while their volumes fit */
export const CAPACITY_UL: Record<ContainerCode, number> = {
  edta: 4000,
  sst: 5000,
  fluoride: 2000,
  citrate: 2700,
  heparin: 4000,
  blood_culture: 10_000,
  urine: 30_000,
  sterile: 30_000,
  stool: 10_000,
  sputum: 10_000,
  // a swab carries one test's specimen
  swab: 1,
  formalin: 20_000,
  none: 0,
};

const s = (container: ContainerCode, ml: number): ContainerSetting => ({ container, volume_ul: Math.round(ml * 1000) });

/** the demo catalogue's tests (db/seed/catalogue.ts), by name */
export const DEMO_CONTAINERS: Readonly<Record<string, ContainerSetting>> = {
  'Complete Blood Count (CBC)': s('edta', 2),
  'Platelet Count': s('edta', 1),
  'Hemoglobin Test': s('edta', 0.5),
  'Coagulation Test (PT/INR)': s('citrate', 1.3),
  'Coagulation Profile': s('citrate', 1.3),
  'Erythrocyte Sedimentation Rate (ESR)': s('edta', 1),
  'Bone Marrow Analysis': s('edta', 1),
  'Bone Marrow Biopsy': s('formalin', 10),
  'Peripheral Smear Examination': s('edta', 0.5),
  'Reticulocyte Count': s('edta', 0.5),
  'Blood Group and Rh Typing': s('edta', 0.5),
  'Iron Studies (Serum Iron, TIBC)': s('sst', 1),
  'Serum Ferritin': s('sst', 0.5),
  'Hemoglobin Electrophoresis (HPLC)': s('edta', 1),
  'Culture and Sensitivity Testing': s('sterile', 10),
  'PCR Test': s('swab', 0),
  'Antibiotic Susceptibility Testing': s('sterile', 10),
  'Antimicrobial Susceptibility Test': s('sterile', 10),
  'Pathogen Identification': s('sterile', 10),
  'Urine and Blood Cultures': s('blood_culture', 8),
  'Blood Culture': s('blood_culture', 8),
  'Urine Culture': s('sterile', 10),
  'Mycology Tests': s('sterile', 5),
  'Stool Routine Examination': s('stool', 5),
  'Urine Routine Examination': s('urine', 10),
  'Sputum AFB Stain': s('sputum', 5),
  'Throat Swab Culture': s('swab', 0),
  'HIV Antibody Test': s('sst', 0.5),
  'Hepatitis Serology Tests': s('sst', 1),
  'Hepatitis B Surface Antigen': s('sst', 0.5),
  'Hepatitis C Antibody (Anti-HCV)': s('sst', 0.5),
  'COVID-19 Antibody Tests': s('sst', 0.5),
  'Allergy Testing': s('sst', 2),
  'Rheumatoid Factor Testing': s('sst', 0.5),
  'Autoimmune Disorder Screening': s('sst', 1),
  'Malaria Parasite Antigen Test': s('edta', 0.5),
  'Dengue NS1 Antigen': s('sst', 0.5),
  'Widal Test': s('sst', 0.5),
  'C-Reactive Protein (CRP)': s('sst', 0.5),
  'Anti-Nuclear Antibody (ANA)': s('sst', 0.5),
  'Liver Function Test (LFT)': s('sst', 1),
  'Kidney Function Test (KFT)': s('sst', 1),
  'Lipid Profile': s('sst', 1),
  'Glucose Tolerance Test': s('fluoride', 2),
  'Fasting Blood Sugar': s('fluoride', 1),
  'HbA1c (Glycated Haemoglobin)': s('edta', 0.5),
  'Hormonal Assays': s('sst', 1.5),
  'Thyroid Profile (T3, T4, TSH)': s('sst', 1),
  'Vitamin and Mineral Analysis': s('sst', 1.5),
  'Vitamin D (25-OH)': s('sst', 1),
  'Vitamin B12': s('sst', 1),
  'Serum Calcium': s('sst', 0.5),
  'Serum Electrolytes': s('sst', 0.5),
  'Uric Acid': s('sst', 0.5),
};

/** a test of the catalogue's category slug that nobody set and the demo does not name */
const BY_CATEGORY: Readonly<Record<string, ContainerSetting>> = {
  hematology: s('edta', 1),
  microbiology: s('sterile', 10),
  serology: s('sst', 1),
  biochemistry: s('sst', 1),
  radiology: s('none', 0),
};

/** the container a test is drawn into when staff have not set one */
export function defaultContainer(testName: string, categorySlug: string): ContainerSetting {
  return DEMO_CONTAINERS[testName] ?? BY_CATEGORY[categorySlug] ?? s('sst', 1);
}

export interface TestToDraw extends ContainerSetting {
  test_id: number;
  name: string;
}

export interface ContainerGroup {
  container: ContainerCode;
  volume_ul: number;
  tests: TestToDraw[];
}

/**
 * The fewest containers for a visit's tests: by container, each test into the first container of its
 * kind it still fits in, the largest volumes first (first-fit decreasing, which is optimal for the few
 * tests of one visit in practice and never more than 11/9 of the optimum). A test needing no sample gets
 * no container; one bigger than a container gets one of its own. Containers come in the order of the
 * container list, so the phone, the labels and the bench read them alike.
 */
export function groupIntoContainers(tests: readonly TestToDraw[]): ContainerGroup[] {
  const groups: ContainerGroup[] = [];
  const sorted = [...tests].filter((t) => t.container !== 'none').sort((a, b) => b.volume_ul - a.volume_ul || a.test_id - b.test_id);
  for (const test of sorted) {
    const capacity = CAPACITY_UL[test.container];
    const fits = groups.find((g) => g.container === test.container && g.volume_ul + Math.max(test.volume_ul, 1) <= capacity);
    if (fits) {
      fits.tests.push(test);
      fits.volume_ul += Math.max(test.volume_ul, 1);
    } else groups.push({ container: test.container, volume_ul: Math.max(test.volume_ul, 1), tests: [test] });
  }
  const order = Object.keys(CAPACITY_UL);
  return groups
    .map((g) => ({ ...g, volume_ul: g.tests.reduce((sum, t) => sum + t.volume_ul, 0), tests: [...g.tests].sort((a, b) => a.test_id - b.test_id) }))
    .sort((a, b) => order.indexOf(a.container) - order.indexOf(b.container));
}

export const ml = (ul: number) => Math.round(ul / 100) / 10;

export const planned = (g: ContainerGroup): PlannedContainer => ({
  container: g.container,
  container_name: CONTAINER_NAMES[g.container],
  volume_ml: ml(g.volume_ul),
  tests: g.tests.map((t) => t.name),
});
