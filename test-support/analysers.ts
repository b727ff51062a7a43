// What the sample analysers' codes (apps/server/analyser-samples/) report in the demo catalogue, by the
// parameter's name: the mapping a lab would make on the Analysers screen (docs/analysers.md), for the
// API tests, the browser test and the bench. The XN-1000's IG% is not reported (ignored); its
// haemoglobin comes in g/L, which a factor of 0.1 makes the catalogue's g/dL.
export const XN_1000_CODES: Readonly<Record<string, string>> = {
  WBC: 'Total Leucocyte Count', RBC: 'RBC Count', HGB: 'Haemoglobin', HCT: 'Haematocrit (PCV)', MCV: 'MCV', MCH: 'MCH', MCHC: 'MCHC',
  'RDW-CV': 'RDW-CV', PLT: 'Platelet Count', 'NEUT%': 'Neutrophils', 'LYMPH%': 'Lymphocytes', 'MONO%': 'Monocytes', 'EO%': 'Eosinophils', 'BASO%': 'Basophils',
};

export const AU480_CODES: Readonly<Record<string, string>> = { CHOL: 'Total Cholesterol', TG: 'Triglycerides', HDL: 'HDL Cholesterol', LDL: 'LDL Cholesterol', VLDL: 'VLDL Cholesterol', 'CHOL/HDL': 'Total Cholesterol / HDL Ratio' };
