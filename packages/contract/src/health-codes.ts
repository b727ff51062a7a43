// Codes other systems read (docs/abdm.md): LOINC codes of parameters and panels (their check digit by
// LOINC's mod-10 rule), SNOMED CT codes of sample types (a Verhoeff check digit), and the patient's ABHA number (14 digits, a Verhoeff check digit, shown
// 12-3456-7890-1234) and ABHA address (name@abdm). Pure functions and the zod fields built on them,
// shared by the server's checks and the web's forms.
import { z } from 'zod';
import { text } from './common.ts';
import { say } from './i18n/message.ts';

/**
 * LOINC's check digit ("mod 10", Luhn's rule): from the right of the number part, every other digit
 * starting with the rightmost is doubled, the digits of everything are summed, and the check digit
 * brings the sum to a multiple of ten. 718-7: 8·2=16 → 1+6, 1, 7·2=14 → 1+4: 13 → 7.
 */
export function loincCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    const v = i % 2 === 0 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  }
  return (10 - (sum % 10)) % 10;
}

/** a LOINC code as LOINC writes it: 1 to 7 digits, a hyphen, the check digit (718-7, 57021-8) */
export function isLoincCode(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  return match !== null && loincCheckDigit(match[1]!) === Number(match[2]);
}

// Verhoeff's dihedral group D5: multiplication, permutation and inverse tables.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** the Verhoeff check digit that completes `digits` */
export function verhoeffCheckDigit(digits: string): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) c = D[c]![P[(i + 1) % 8]![Number(digits[digits.length - 1 - i])]!]!;
  return INV[c]!;
}

/** whether the last digit of `digits` is its Verhoeff check digit */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) c = D[c]![P[i % 8]![Number(digits[digits.length - 1 - i])]!]!;
  return c === 0;
}

/**
 * a SNOMED CT concept id as SNOMED International writes it: 6 to 18 digits, the last its Verhoeff check
 * digit, the two before it the partition of a concept (00, or 10 in an extension's namespace):
 * 119364003 (serum specimen)
 */
export function isSnomedConceptId(code: string): boolean {
  return /^[1-9]\d{5,17}$/.test(code) && ['00', '10'].includes(code.slice(-3, -1)) && verhoeffValid(code);
}

/** an ABHA number as typed (spaces or hyphens anywhere) to its 14 digits; null when it is not 14 digits */
export function abhaDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{14}$/.test(digits) ? digits : null;
}

/** 12345678901234 → 12-3456-7890-1234, as ABDM prints it */
export function formatAbhaNumber(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10, 14)}`;
}

/** an ABHA address: a handle of letters, digits, dots and underscores, then @abdm (or the older @sbx of the sandbox) */
export const ABHA_ADDRESS = /^[a-z0-9](?:[a-z0-9._]{2,30})[a-z0-9]@(abdm|sbx)$/;

/** an ABHA number as typed (hyphens and spaces allowed): kept as its 14 digits, refused unless its Verhoeff check digit holds; empty means none (null) */
export const abhaNumber = text(20)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || (abhaDigits(v) !== null && verhoeffValid(abhaDigits(v)!)), say('health.abha_number_rule'))
  .transform((v) => (v === null ? null : abhaDigits(v)));

/** an ABHA address, lower-cased; empty means none (null) */
export const abhaAddress = text(60)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .refine((v) => v === null || ABHA_ADDRESS.test(v), say('health.abha_address_rule'));

/** the two ABHA fields of a form that sends all its fields (a booking, a family member): left out means none */
export const abhaFields = {
  abha_number: abhaNumber.nullable().optional().transform((v) => v ?? null),
  abha_address: abhaAddress.nullable().optional().transform((v) => v ?? null),
};

/** the two ABHA fields of a change (the profile): left out stays, null or empty clears */
export const abhaPatchFields = {
  abha_number: abhaNumber.nullable().optional(),
  abha_address: abhaAddress.nullable().optional(),
};

/** a LOINC code as typed; empty means none (null) */
const loincCode = text(10)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isLoincCode(v), say('health.loinc_rule'));

/** a LOINC code field of a form that sends all its fields (a parameter): left out means none */
export const loincCodeField = loincCode
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** a LOINC code field of a change (a test's panel code): left out stays, null or empty clears */
export const loincCodePatchField = loincCode.nullable().optional();

/** a SNOMED CT code field (a parameter's sample type); empty means none */
export const snomedCodeField = text(18)
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isSnomedConceptId(v), say('health.snomed_rule'))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** GET …/fhir: a released report version as a FHIR R4 document Bundle (application/fhir+json; its resources as FHIR defines them) */
export const fhirBundleSchema = z.looseObject({ resourceType: z.literal('Bundle'), type: z.literal('document') }).describe('application/fhir+json: a FHIR R4 document Bundle');
