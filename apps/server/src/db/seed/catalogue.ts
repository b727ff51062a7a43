// The demo catalogue: the five service categories and their tests at Indian list prices (rupees).
// Every test the service pages name is here, so a visitor can book what they just read about: once,
// under one name (a page's "PCR Tests" is the catalogue's "PCR Test"; migration 042 retires the second
// names an older seed gave).

export const categories = [
  { slug: 'hematology', name: 'Hematology' },
  { slug: 'microbiology', name: 'Microbiology' },
  { slug: 'serology', name: 'Serology' },
  { slug: 'biochemistry', name: 'Biochemistry' },
  { slug: 'radiology', name: 'Radiology' },
] as const;

export type CategorySlug = (typeof categories)[number]['slug'];

/** [name, price in rupees] per category */
export const demoTests: Record<CategorySlug, Array<[string, number]>> = {
  hematology: [
    ['Complete Blood Count (CBC)', 350],
    ['Platelet Count', 200],
    ['Hemoglobin Test', 150],
    ['Coagulation Test (PT/INR)', 450],
    ['Coagulation Profile', 900],
    ['Erythrocyte Sedimentation Rate (ESR)', 120],
    ['Bone Marrow Analysis', 4500],
    ['Bone Marrow Biopsy', 6500],
    ['Peripheral Smear Examination', 250],
    ['Reticulocyte Count', 300],
    ['Blood Group and Rh Typing', 150],
    ['Iron Studies (Serum Iron, TIBC)', 900],
    ['Serum Ferritin', 650],
    ['Hemoglobin Electrophoresis (HPLC)', 1200],
  ],
  microbiology: [
    ['Culture and Sensitivity Testing', 800],
    ['PCR Test', 2500],
    ['Antibiotic Susceptibility Testing', 700],
    ['Antimicrobial Susceptibility Test', 700],
    ['Pathogen Identification', 1500],
    ['Urine and Blood Cultures', 1100],
    ['Blood Culture', 900],
    ['Urine Culture', 600],
    ['Mycology Tests', 850],
    ['Stool Routine Examination', 200],
    ['Urine Routine Examination', 150],
    ['Sputum AFB Stain', 300],
    ['Throat Swab Culture', 650],
  ],
  serology: [
    ['HIV Antibody Test', 500],
    ['Hepatitis Serology Tests', 1400],
    ['Hepatitis B Surface Antigen', 400],
    ['Hepatitis C Antibody (Anti-HCV)', 750],
    ['COVID-19 Antibody Tests', 600],
    ['Allergy Testing', 3500],
    ['Rheumatoid Factor Testing', 450],
    ['Autoimmune Disorder Screening', 2800],
    ['Malaria Parasite Antigen Test', 400],
    ['Dengue NS1 Antigen', 600],
    ['Widal Test', 250],
    ['C-Reactive Protein (CRP)', 450],
    ['Anti-Nuclear Antibody (ANA)', 1100],
  ],
  biochemistry: [
    ['Liver Function Test (LFT)', 700],
    ['Kidney Function Test (KFT)', 650],
    ['Lipid Profile', 600],
    ['Glucose Tolerance Test', 350],
    ['Fasting Blood Sugar', 80],
    ['HbA1c (Glycated Haemoglobin)', 500],
    ['Hormonal Assays', 1800],
    ['Thyroid Profile (T3, T4, TSH)', 550],
    ['Vitamin and Mineral Analysis', 2200],
    ['Vitamin D (25-OH)', 1400],
    ['Vitamin B12', 900],
    ['Serum Calcium', 200],
    ['Serum Electrolytes', 450],
    ['Uric Acid', 180],
  ],
  radiology: [
    ['Chest X-ray', 400],
    ['X-ray Imaging', 450],
    ['Brain MRI', 6500],
    ['MRI Scan', 5500],
    ['Abdominal CT Scan', 4500],
    ['CT Scan', 3500],
    ['Mammography', 2000],
    ['Bone Density Scan', 1800],
    ['Ultrasound Imaging', 1200],
    ['Ultrasound Whole Abdomen', 1500],
    ['ECG', 250],
  ],
};

// For SEED_TESTS: realistic names are a body part or analyte with a method, priced in the usual bands.
const analytes = [
  'Serum Sodium', 'Serum Potassium', 'Serum Chloride', 'Serum Magnesium', 'Serum Phosphorus', 'Serum Zinc',
  'Serum Copper', 'Amylase', 'Lipase', 'Alkaline Phosphatase', 'SGOT (AST)', 'SGPT (ALT)', 'GGT', 'Bilirubin',
  'Albumin', 'Globulin', 'Creatinine', 'Blood Urea', 'BUN', 'Cystatin C', 'Troponin I', 'CK-MB', 'LDH',
  'Homocysteine', 'Folic Acid', 'Prolactin', 'Testosterone', 'Estradiol', 'Progesterone', 'LH', 'FSH',
  'Cortisol', 'Insulin', 'C-Peptide', 'PSA', 'CA-125', 'CEA', 'AFP', 'Beta hCG', 'Anti-TPO', 'IgE',
  'IgG', 'IgM', 'Complement C3', 'Complement C4', 'D-Dimer', 'Fibrinogen', 'APTT', 'Procalcitonin', 'Lactate',
];
const methods = [
  'Test', 'Level', 'Panel', 'Quantitative', 'Qualitative', 'by ELISA', 'by CLIA', 'by Nephelometry',
  'Random', 'Fasting', 'Post Prandial', '24 Hour Urine', 'Spot Urine', 'Serum', 'Plasma', 'Rapid Card',
];
const bands = [150, 250, 350, 450, 600, 800, 1000, 1200, 1500, 1800, 2200, 2800, 3500];

/** n generated tests: unique names, prices in rupees, a category chosen round-robin */
export function generatedTests(n: number): Array<{ name: string; rupees: number; category: CategorySlug }> {
  const out: Array<{ name: string; rupees: number; category: CategorySlug }> = [];
  for (let i = 0; out.length < n; i++) {
    const a = analytes[i % analytes.length]!;
    const m = methods[Math.floor(i / analytes.length) % methods.length]!;
    const round = Math.floor(i / (analytes.length * methods.length));
    const name = round === 0 ? `${a} ${m}` : `${a} ${m} (Profile ${round + 1})`;
    out.push({ name, rupees: bands[(i * 7) % bands.length]!, category: categories[i % categories.length]!.slug });
  }
  return out;
}

const FASTING_MORNING = { latest_time: '11:00' } as const;

/** the demo catalogue's preparation, by test name (the rest need none) */
export const preparations: Record<string, { fasting_hours: number | null; preparation: string; latest_time: string | null }> = {
  'Lipid Profile': { fasting_hours: 10, preparation: 'Fast 10 to 12 hours: water only, no tea or coffee.', ...FASTING_MORNING },
  'Fasting Blood Sugar': { fasting_hours: 8, preparation: 'Fast 8 to 10 hours: water only.', ...FASTING_MORNING },
  'Glucose Tolerance Test': { fasting_hours: 10, preparation: 'Fast 10 to 12 hours; the test takes about 2 hours at the centre.', ...FASTING_MORNING },
  'Urine Routine Examination': { fasting_hours: null, preparation: 'Bring the first morning urine in a sterile container.', latest_time: null },
};
