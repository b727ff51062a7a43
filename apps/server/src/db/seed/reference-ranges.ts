// Demo parameters (analytes) and adult reference intervals of the seeded tests.
//
// DEMO DATA, not for clinical use. The ranges are typical adult values as Indian accredited labs
// print them, taken from widely used sources: Tietz Clinical Guide to Laboratory Tests (CBC indices,
// liver and kidney markers, electrolytes), the WHO haemoglobin thresholds, the American Diabetes
// Association (fasting glucose, HbA1c), NCEP ATP III (lipids) and manufacturers' CLIA inserts
// (thyroid). Critical (panic) limits follow common published call-back lists. A lab adopting this
// product must replace them with the intervals it has verified for its own analysers and population.

type Sex = 'any' | 'male' | 'female';

/** an adult interval: [lower, upper, critical low, critical high]; null where a side has no limit */
type Limits = [number | null, number | null, (number | null)?, (number | null)?];

export interface SeedInterval {
  sex: Sex;
  age_from: number;
  lower: number | null;
  upper: number | null;
  critical_low: number | null;
  critical_high: number | null;
}

export interface SeedParameter {
  name: string;
  unit: string;
  result_type: 'number' | 'choice' | 'text';
  decimals: number;
  choices: string[] | null;
  normal_choice: string | null;
  method: string;
  sample_type: string;
  intervals: SeedInterval[];
}

const ADULT = 18;

function interval(sex: Sex, [lower, upper, criticalLow = null, criticalHigh = null]: Limits): SeedInterval {
  return { sex, age_from: ADULT, lower, upper, critical_low: criticalLow, critical_high: criticalHigh };
}

/** a number result with one interval for everyone, or one per sex */
function num(name: string, unit: string, decimals: number, method: string, sample: string, limits: Limits | { male: Limits; female: Limits }): SeedParameter {
  const intervals = Array.isArray(limits) ? [interval('any', limits)] : [interval('male', limits.male), interval('female', limits.female)];
  return { name, unit, result_type: 'number', decimals, choices: null, normal_choice: null, method, sample_type: sample, intervals };
}

function choice(name: string, choices: string[], method: string, sample: string): SeedParameter {
  return { name, unit: '', result_type: 'choice', decimals: 0, choices, normal_choice: choices[0]!, method, sample_type: sample, intervals: [] };
}

function text(name: string, unit: string, method: string, sample: string): SeedParameter {
  return { name, unit, result_type: 'text', decimals: 0, choices: null, normal_choice: null, method, sample_type: sample, intervals: [] };
}

const EDTA = 'Whole blood (EDTA)';
const SERUM = 'Serum';
const URINE = 'Urine (random, midstream)';
const analyser = 'Automated haematology analyser (impedance)';
const calculated = 'Calculated';
const differential = 'Flow cytometry (VCS), smear verified';

const cbc: SeedParameter[] = [
  num('Haemoglobin', 'g/dL', 1, 'Photometry (SLS, cyanide-free)', EDTA, { male: [13.0, 17.0, 7.0, 20.0], female: [12.0, 15.0, 7.0, 20.0] }),
  num('Total Leucocyte Count', '10^3/µL', 2, analyser, EDTA, [4.0, 10.0, 2.0, 30.0]),
  num('RBC Count', '10^6/µL', 2, analyser, EDTA, { male: [4.5, 5.5], female: [3.8, 4.8] }),
  num('Haematocrit (PCV)', '%', 1, calculated, EDTA, { male: [40.0, 50.0, 20.0, 60.0], female: [36.0, 46.0, 20.0, 60.0] }),
  num('MCV', 'fL', 1, calculated, EDTA, [83.0, 101.0]),
  num('MCH', 'pg', 1, calculated, EDTA, [27.0, 32.0]),
  num('MCHC', 'g/dL', 1, calculated, EDTA, [31.5, 34.5]),
  num('RDW-CV', '%', 1, calculated, EDTA, [11.6, 14.0]),
  num('Platelet Count', '10^3/µL', 0, analyser, EDTA, [150, 410, 20, 1000]),
  num('Neutrophils', '%', 0, differential, EDTA, [40, 80]),
  num('Lymphocytes', '%', 0, differential, EDTA, [20, 40]),
  num('Monocytes', '%', 0, differential, EDTA, [2, 10]),
  num('Eosinophils', '%', 0, differential, EDTA, [1, 6]),
  num('Basophils', '%', 0, differential, EDTA, [0, 2]),
];

const lipid: SeedParameter[] = [
  num('Total Cholesterol', 'mg/dL', 0, 'Enzymatic (CHOD-PAP)', SERUM, [null, 200]),
  num('Triglycerides', 'mg/dL', 0, 'Enzymatic (GPO-PAP)', SERUM, [null, 150, null, 1000]),
  num('HDL Cholesterol', 'mg/dL', 0, 'Direct enzymatic', SERUM, { male: [40, null], female: [50, null] }),
  num('LDL Cholesterol', 'mg/dL', 0, 'Calculated (Friedewald)', SERUM, [null, 100]),
  num('VLDL Cholesterol', 'mg/dL', 0, calculated, SERUM, [null, 30]),
  num('Total Cholesterol / HDL Ratio', '', 1, calculated, SERUM, [null, 5.0]),
];

const lft: SeedParameter[] = [
  num('Total Bilirubin', 'mg/dL', 2, 'Diazo (DPD)', SERUM, [0.3, 1.2, null, 15.0]),
  num('Direct Bilirubin', 'mg/dL', 2, 'Diazo', SERUM, [0.0, 0.3]),
  num('SGOT (AST)', 'U/L', 0, 'IFCC without P5P', SERUM, { male: [null, 50], female: [null, 35] }),
  num('SGPT (ALT)', 'U/L', 0, 'IFCC without P5P', SERUM, { male: [null, 50], female: [null, 35] }),
  num('Alkaline Phosphatase', 'U/L', 0, 'IFCC (AMP buffer)', SERUM, [30, 120]),
  num('GGT', 'U/L', 0, 'IFCC (Szasz)', SERUM, { male: [null, 55], female: [null, 38] }),
  num('Total Protein', 'g/dL', 1, 'Biuret', SERUM, [6.4, 8.3]),
  num('Albumin', 'g/dL', 1, 'Bromocresol green', SERUM, [3.5, 5.2, 1.5, null]),
];

const electrolytes: SeedParameter[] = [
  num('Sodium', 'mmol/L', 0, 'ISE (indirect)', SERUM, [136, 145, 120, 160]),
  num('Potassium', 'mmol/L', 1, 'ISE (indirect)', SERUM, [3.5, 5.1, 2.8, 6.2]),
  num('Chloride', 'mmol/L', 0, 'ISE (indirect)', SERUM, [98, 107]),
];

const kft: SeedParameter[] = [
  num('Blood Urea', 'mg/dL', 0, 'Urease-GLDH', SERUM, [17, 43, null, 200]),
  num('Creatinine', 'mg/dL', 2, 'Jaffe (kinetic, compensated)', SERUM, { male: [0.7, 1.3, null, 10.0], female: [0.6, 1.1, null, 10.0] }),
  num('Uric Acid', 'mg/dL', 1, 'Uricase-POD', SERUM, { male: [3.5, 7.2], female: [2.6, 6.0] }),
  num('Calcium', 'mg/dL', 1, 'Arsenazo III', SERUM, [8.6, 10.3, 6.5, 13.0]),
  ...electrolytes,
];

const thyroid: SeedParameter[] = [
  num('Total T3', 'ng/mL', 2, 'CLIA', SERUM, [0.8, 2.0]),
  num('Total T4', 'µg/dL', 1, 'CLIA', SERUM, [5.1, 14.1]),
  num('TSH', 'µIU/mL', 2, 'CLIA (3rd generation)', SERUM, [0.27, 4.2, null, 50]),
];

const urine: SeedParameter[] = [
  text('Colour', '', 'Visual', URINE),
  choice('Appearance', ['Clear', 'Slightly turbid', 'Turbid'], 'Visual', URINE),
  num('pH', '', 1, 'Dipstick (double indicator)', URINE, [4.6, 8.0]),
  num('Specific Gravity', '', 3, 'Dipstick (pKa change)', URINE, [1.005, 1.03]),
  choice('Protein', ['Nil', 'Trace', '1+', '2+', '3+'], 'Dipstick (protein error of indicator)', URINE),
  choice('Glucose', ['Nil', 'Trace', '1+', '2+', '3+'], 'Dipstick (GOD-POD)', URINE),
  choice('Ketones', ['Nil', 'Trace', '1+', '2+', '3+'], 'Dipstick (nitroprusside)', URINE),
  text('Pus Cells', '/hpf', 'Microscopy', URINE),
  text('Red Blood Cells', '/hpf', 'Microscopy', URINE),
  text('Epithelial Cells', '/hpf', 'Microscopy', URINE),
];

const reactive = (name: string, method: string) => [choice(name, ['Non-reactive', 'Reactive'], method, SERUM)];
const positive = (name: string, method: string, sample = SERUM) => [choice(name, ['Negative', 'Positive'], method, sample)];

/** parameters per seeded test name; tests not named here (imaging, cultures, panels) have none yet */
export const parametersByTest: Record<string, SeedParameter[]> = {
  'Complete Blood Count (CBC)': cbc,
  'Hemoglobin Test': [cbc[0]!],
  'Platelet Count': [cbc[8]!],
  'Erythrocyte Sedimentation Rate (ESR)': [num('ESR', 'mm/hr', 0, 'Westergren', EDTA, { male: [0, 15], female: [0, 20] })],
  'Lipid Profile': lipid,
  'Liver Function Test (LFT)': lft,
  'Kidney Function Test (KFT)': kft,
  'Serum Electrolytes': electrolytes,
  'Uric Acid': [kft[2]!],
  'Serum Calcium': [kft[3]!],
  'Thyroid Profile (T3, T4, TSH)': thyroid,
  'HbA1c (Glycated Haemoglobin)': [num('HbA1c', '%', 1, 'HPLC (NGSP certified)', EDTA, [null, 5.7])],
  'Fasting Blood Sugar': [num('Fasting Plasma Glucose', 'mg/dL', 0, 'Hexokinase', 'Plasma (fluoride, fasting)', [70, 100, 40, 450])],
  'Vitamin D (25-OH)': [num('25-OH Vitamin D', 'ng/mL', 1, 'CLIA', SERUM, [30, 100])],
  'Vitamin B12': [num('Vitamin B12', 'pg/mL', 0, 'CLIA', SERUM, [211, 911])],
  'Serum Ferritin': [num('Ferritin', 'ng/mL', 1, 'CLIA', SERUM, { male: [30, 400], female: [13, 150] })],
  'C-Reactive Protein (CRP)': [num('CRP', 'mg/L', 1, 'Immunoturbidimetry', SERUM, [null, 6.0])],
  'Urine Routine Examination': urine,
  'HIV Antibody Test': reactive('HIV 1 & 2 Antibodies', 'ELISA (4th generation)'),
  'Hepatitis B Surface Antigen': reactive('HBsAg', 'CLIA'),
  'Hepatitis C Antibody (Anti-HCV)': reactive('Anti-HCV', 'CLIA'),
  'Dengue NS1 Antigen': positive('Dengue NS1 Antigen', 'Immunochromatography (rapid card)'),
  'Malaria Parasite Antigen Test': positive('Malaria Antigen (P.f / P.v)', 'Immunochromatography (rapid card)', EDTA),
};
