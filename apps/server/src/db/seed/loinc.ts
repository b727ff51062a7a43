// LOINC codes of the demo parameters and panels, and SNOMED CT codes of their sample types.
//
// Where they come from: the LOINC database (loinc.org, Regenstrief Institute; each code's "long common
// name" is the display kept here), chosen to match the method and sample each demo parameter names
// (automated counts for the analyser's CBC, test strip for the urine dipstick, serum or plasma for
// chemistry). Parameters without a code we are sure of stay uncoded: their FHIR observations carry the
// name as text (the urine epithelial cells, the dengue and malaria rapid cards). A lab adopting this product checks the codes against its own methods.
// SNOMED CT specimen codes: the "Specimen" hierarchy that the NRCeS implementation guide's
// Specimen.type binds to (docs/abdm.md), one per sample type the demo parameters name. Every code's check
// digit (LOINC's mod 10, SNOMED CT's Verhoeff) is verified by apps/server/test/fhir-bundle.test.ts.

/** LOINC code and display per parameter name, as the demo names them */
export const loincByParameter: Record<string, [code: string, display: string]> = {
  Haemoglobin: ['718-7', 'Hemoglobin [Mass/volume] in Blood'],
  'Total Leucocyte Count': ['6690-2', 'Leukocytes [#/volume] in Blood by Automated count'],
  'RBC Count': ['789-8', 'Erythrocytes [#/volume] in Blood by Automated count'],
  'Haematocrit (PCV)': ['4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count'],
  MCV: ['787-2', 'MCV [Entitic volume] by Automated count'],
  MCH: ['785-6', 'MCH [Entitic mass] by Automated count'],
  MCHC: ['786-4', 'MCHC [Mass/volume] by Automated count'],
  'RDW-CV': ['788-0', 'Erythrocyte distribution width [Ratio] by Automated count'],
  'Platelet Count': ['777-3', 'Platelets [#/volume] in Blood by Automated count'],
  Neutrophils: ['770-8', 'Neutrophils/100 leukocytes in Blood by Automated count'],
  Lymphocytes: ['736-9', 'Lymphocytes/100 leukocytes in Blood by Automated count'],
  Monocytes: ['5905-5', 'Monocytes/100 leukocytes in Blood by Automated count'],
  Eosinophils: ['713-8', 'Eosinophils/100 leukocytes in Blood by Automated count'],
  Basophils: ['706-2', 'Basophils/100 leukocytes in Blood by Automated count'],
  ESR: ['4537-7', 'Erythrocyte sedimentation rate by Westergren method'],
  'Total Cholesterol': ['2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma'],
  Triglycerides: ['2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma'],
  'HDL Cholesterol': ['2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma'],
  'LDL Cholesterol': ['13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation'],
  'VLDL Cholesterol': ['13458-5', 'Cholesterol in VLDL [Mass/volume] in Serum or Plasma by calculation'],
  'Total Cholesterol / HDL Ratio': ['9830-1', 'Cholesterol.total/Cholesterol in HDL [Mass Ratio] in Serum or Plasma'],
  'Total Bilirubin': ['1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma'],
  'Direct Bilirubin': ['1968-7', 'Bilirubin.direct [Mass/volume] in Serum or Plasma'],
  'SGOT (AST)': ['1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma'],
  'SGPT (ALT)': ['1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma'],
  'Alkaline Phosphatase': ['6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma'],
  GGT: ['2324-2', 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma'],
  'Total Protein': ['2885-2', 'Protein [Mass/volume] in Serum or Plasma'],
  Albumin: ['1751-7', 'Albumin [Mass/volume] in Serum or Plasma'],
  Sodium: ['2951-2', 'Sodium [Moles/volume] in Serum or Plasma'],
  Potassium: ['2823-3', 'Potassium [Moles/volume] in Serum or Plasma'],
  Chloride: ['2075-0', 'Chloride [Moles/volume] in Serum or Plasma'],
  'Blood Urea': ['3091-6', 'Urea [Mass/volume] in Serum or Plasma'],
  Creatinine: ['2160-0', 'Creatinine [Mass/volume] in Serum or Plasma'],
  'Uric Acid': ['3084-1', 'Urate [Mass/volume] in Serum or Plasma'],
  Calcium: ['17861-6', 'Calcium [Mass/volume] in Serum or Plasma'],
  'Total T3': ['3053-6', 'Triiodothyronine (T3) [Mass/volume] in Serum or Plasma'],
  'Total T4': ['3026-2', 'Thyroxine (T4) [Mass/volume] in Serum or Plasma'],
  TSH: ['3016-3', 'Thyrotropin [Units/volume] in Serum or Plasma'],
  HbA1c: ['4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood'],
  'Fasting Plasma Glucose': ['1558-6', 'Fasting glucose [Mass/volume] in Serum or Plasma'],
  'Vitamin B12': ['2132-9', 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma'],
  Ferritin: ['2276-4', 'Ferritin [Mass/volume] in Serum or Plasma'],
  CRP: ['1988-5', 'C reactive protein [Mass/volume] in Serum or Plasma'],
  Colour: ['5778-6', 'Color of Urine'],
  Appearance: ['5767-9', 'Appearance of Urine'],
  pH: ['5803-2', 'pH of Urine by Test strip'],
  'Specific Gravity': ['5811-5', 'Specific gravity of Urine by Test strip'],
  Protein: ['20454-5', 'Protein [Presence] in Urine by Test strip'],
  Glucose: ['25428-4', 'Glucose [Presence] in Urine by Test strip'],
  Ketones: ['2514-8', 'Ketones [Presence] in Urine by Test strip'],
  'Pus Cells': ['5821-4', 'Leukocytes [#/area] in Urine sediment by Microscopy high power field'],
  'Red Blood Cells': ['13945-1', 'Erythrocytes [#/area] in Urine sediment by Microscopy high power field'],
  'HIV 1 & 2 Antibodies': ['56888-1', 'HIV 1+2 Ab+HIV1 p24 Ag [Presence] in Serum or Plasma by Immunoassay'],
  HBsAg: ['5196-1', 'Hepatitis B virus surface Ag [Presence] in Serum'],
  'Anti-HCV': ['13955-0', 'Hepatitis C virus Ab [Presence] in Serum or Plasma by Immunoassay'],
};

/** LOINC panel codes of the demo tests that have one */
export const loincPanelByTest: Record<string, string> = {
  'Complete Blood Count (CBC)': '57021-8',
  'Lipid Profile': '24331-1',
  'Liver Function Test (LFT)': '24325-3',
  'Urine Routine Examination': '24356-8',
};

/** SNOMED CT specimen concepts of the demo's sample types, as the parameters name them (staff change them in the catalogue) */
export const snomedBySampleType: Record<string, [code: string, display: string]> = {
  'Whole blood (EDTA)': ['258580003', 'Whole blood sample'],
  Serum: ['119364003', 'Serum specimen'],
  'Plasma (fluoride, fasting)': ['119361006', 'Plasma specimen'],
  'Urine (random, midstream)': ['122575003', 'Urine specimen'],
};
