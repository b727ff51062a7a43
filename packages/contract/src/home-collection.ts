// Home collection areas: the PIN codes the lab's phlebotomists serve, with their locality names, and
// the structured address of a home collection. Older clients send the address as one string; it is
// accepted when it contains a served PIN code.
import { z } from 'zod';
import { hindiOut, hindiText, requiredText, text } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { say } from './i18n/message.ts';

export const PIN_NOT_SERVED = messagesEn['home_collection.pin_not_served'];
export const PIN_MISSING = messagesEn['home_collection.pin_missing'];
export const PIN_RULE = messagesEn['home_collection.pin_rule'];

/** an Indian postal PIN code: six digits, never starting with 0 */
export const pinCode = z.string(say('home_collection.pin_rule')).trim().regex(/^[1-9]\d{5}$/, say('home_collection.pin_rule'));

/** the 6-digit PIN codes written in a one-string address ("… Jaipur 302001", "302 001"), in order */
export function pinCodesIn(address: string): string[] {
  return [...address.matchAll(/(?<!\d)([1-9]\d{2})\s?(\d{3})(?!\d)/g)].map((m) => `${m[1]}${m[2]}`);
}

export const homeAddressSchema = z.object({
  /** house or flat number and building */
  house: requiredText(120),
  street: text(200).optional().default(''),
  locality: requiredText(120),
  city: requiredText(80),
  pin: pinCode,
});
export type HomeAddress = z.infer<typeof homeAddressSchema>;

/** the one string a structured address is stored and printed as */
export function formatHomeAddress(a: HomeAddress): string {
  return [a.house, a.street, a.locality, `${a.city} ${a.pin}`].filter((part) => part.trim() !== '').join(', ');
}

/** a served PIN code as the booking page reads it: the locality in the reader's language (docs/i18n.md) */
export const servedPinSchema = z.object({ pin: z.string(), locality: z.string() });
export type ServedPin = z.infer<typeof servedPinSchema>;
/** as staff read and write it: the locality in English and, for Hindi readers, in Hindi (null: none) */
export const staffServedPinSchema = servedPinSchema.extend({ locality_hi: hindiOut });
export type StaffServedPin = z.infer<typeof staffServedPinSchema>;
export const servedPinListSchema = z.array(staffServedPinSchema);
export const servedPinParams = z.object({ pin: pinCode });
/** locality_hi: blank or null removes the Hindi, left out it stays as it was (decision 038) */
export const servedPinRequestSchema = z.object({ locality: requiredText(120), locality_hi: hindiText(120) });
export type ServedPinRequest = z.input<typeof servedPinRequestSchema>;
