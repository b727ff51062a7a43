// The catalogue's words as FHIR codes: a unit as printed ("10^3/µL") to its UCUM code ("10*3/uL"), and
// a sample type as staff name it ("Whole blood (EDTA)") to the SNOMED CT specimen concept that the
// NRCeS implementation guide's Specimen.type takes. A unit or sample type not listed here is carried
// as text only: nothing is guessed.
import type { CodeableConcept } from '@medplum/fhirtypes';

/** units as the catalogue prints them → UCUM (unitsofmeasure.org) */
const UCUM: Record<string, string> = {
  'g/dL': 'g/dL',
  'g/L': 'g/L',
  'mg/dL': 'mg/dL',
  'mg/L': 'mg/L',
  'µg/dL': 'ug/dL',
  'ug/dL': 'ug/dL',
  'ng/mL': 'ng/mL',
  'pg/mL': 'pg/mL',
  'pg': 'pg',
  'fL': 'fL',
  '%': '%',
  'U/L': 'U/L',
  'IU/L': '[IU]/L',
  'mmol/L': 'mmol/L',
  'µmol/L': 'umol/L',
  'mEq/L': 'meq/L',
  'µIU/mL': 'u[IU]/mL',
  'mIU/L': 'm[IU]/L',
  'mm/hr': 'mm/h',
  'mm/h': 'mm/h',
  '10^3/µL': '10*3/uL',
  '10^6/µL': '10*6/uL',
  '/hpf': '/[HPF]',
  '/µL': '/uL',
  'sec': 's',
  's': 's',
};

/** the UCUM code of a unit as the catalogue prints it; null when it is not one we map */
export function ucumOf(unit: string): string | null {
  return UCUM[unit.trim()] ?? null;
}

/** SNOMED CT specimen concepts, matched by the sample type's words (the first match wins: whole blood before blood) */
const SPECIMENS: Array<[RegExp, string, string]> = [
  [/whole blood|edta/i, '258580003', 'Whole blood sample'],
  [/serum/i, '119364003', 'Serum specimen'],
  [/plasma/i, '119361006', 'Plasma specimen'],
  [/urine/i, '122575003', 'Urine specimen'],
  [/stool|faec|fec/i, '119339001', 'Stool specimen'],
  [/blood/i, '119297000', 'Blood specimen'],
];

/**
 * the sample type as a CodeableConcept, its text always: coded by the SNOMED CT code staff gave it in the
 * catalogue (with the display where it is one listed here), else by its words where listed, else text only
 */
export function sampleTypeCode(sampleType: string, staffCode?: string | null): CodeableConcept {
  if (staffCode) {
    const known = SPECIMENS.find(([, code]) => code === staffCode);
    return { coding: [{ system: 'http://snomed.info/sct', code: staffCode, ...(known ? { display: known[2] } : {}) }], text: sampleType };
  }
  const hit = SPECIMENS.find(([re]) => re.test(sampleType));
  return hit ? { coding: [{ system: 'http://snomed.info/sct', code: hit[1], display: hit[2] }], text: sampleType } : { text: sampleType };
}
