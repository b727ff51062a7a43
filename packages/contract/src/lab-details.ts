// The lab's own details: one record, edited by an admin in the console (audited), read by the footer,
// the Contact and About pages, e-mails, bills, receipts and reports. Closed days for booking come from
// `hours`. `GET /api/lab/` answers it to anyone (it is what the lab prints on its door).
import { z } from 'zod';
import { email, hindiOut, hindiText, id, isoDate, requiredText, text } from './common.ts';
import { imageSchema } from './images.ts';
import { inIndia } from './india-time.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** HH:MM on the 24-hour clock, India time */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

/** one weekday's opening hours; `null` in `hours` means closed all day */
export const openingHoursSchema = z
  .object({ opens: hhmm, closes: hhmm })
  .refine((h) => h.opens < h.closes, { message: 'The closing time must be after the opening time.', path: ['closes'] });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const accreditationSchema = z.object({
  /** e.g. "NABL" */
  body: z.string(),
  certificate_number: z.string(),
  /** YYYY-MM-DD, the last day the certificate is valid */
  valid_until: z.string(),
  /** what the accreditation covers, as the certificate says */
  scope: z.string(),
});
export type Accreditation = z.infer<typeof accreditationSchema>;

export const grievanceContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const labDetailsSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  /** printed lines, e.g. ["2nd Floor, Shanti Complex, MI Road", "Jaipur, Rajasthan 302001"] */
  address_lines: z.array(z.string()),
  /** as printed, the first is the main number; tel: links strip everything but digits and + */
  phones: z.array(z.string()),
  /** the WhatsApp number in international form, digits only after +, e.g. "+919829012345"; "" for none */
  whatsapp: z.string(),
  email: z.string(),
  /** every weekday, in WEEKDAYS order of keys; null: closed */
  hours: z.record(z.enum(WEEKDAYS), openingHoursSchema.nullable()),
  /** a link to the lab on a map; "" for none */
  map_url: z.string(),
  /** the lab's UPI virtual payment address (e.g. "labcentre@okaxis"), "" for none */
  upi_id: z.string(),
  /** the payee name a UPI app shows */
  upi_name: z.string(),
  /** null when the lab holds none; shown only while valid_until has not passed */
  accreditation: accreditationSchema.nullable(),
  /** the grievance officer (DPDP) */
  grievance: grievanceContactSchema,
  /** the picture of the home page's hero, when staff picked one */
  hero_image: imageSchema.nullable().optional(),
  /** the picture of the About page, when staff picked one */
  about_image: imageSchema.nullable().optional(),
});
export type LabDetails = z.infer<typeof labDetailsSchema>;

/**
 * Whether the accreditation may be claimed on an ISO date (YYYY-MM-DD): held, and its last valid day
 * not yet passed. Pages, bills and reports print it only then. `today` defaults to today in India.
 */
export function accreditationInForce(details: Pick<LabDetails, 'accreditation'>, today = inIndia().date): boolean {
  const a = details.accreditation;
  return a !== null && a.valid_until >= today;
}

// What an admin sends (PUT /api/staff/lab): the whole record, every field checked.
const PHONE_RULE = 'Enter the number in international form, e.g. +91 98290 12345.';
/** a printed phone number: +, country code, then digits with spaces or hyphens; 8 to 15 digits in all (E.164) */
const intlPhone = requiredText(24).refine((v) => /^\+[1-9][\d -]*\d$/.test(v) && /^\d{8,15}$/.test(v.replace(/\D/g, '')), PHONE_RULE);
const WHATSAPP_RULE = 'Enter the WhatsApp number as + and digits only, e.g. +919829012345, or leave it empty.';
const UPI_RULE = 'Enter a UPI id as name@bank, e.g. labcentre@okaxis, or leave it empty.';
const MAP_RULE = 'Enter a link starting with https://, or leave it empty.';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmmInput = requiredText(5).regex(HHMM, 'Enter a time as HH:MM.');
/** one open day's hours as an admin sends them */
export const openingHoursInputSchema = z
  .strictObject({ opens: hhmmInput, closes: hhmmInput })
  // compared only once both are times: a badly written time is the one message its field gets
  .refine((h) => !(HHMM.test(h.opens) && HHMM.test(h.closes)) || h.opens < h.closes, { message: 'The closing time must be after the opening time.', path: ['closes'] });
const hoursInput = openingHoursInputSchema.nullable();

export const accreditationInputSchema = z.strictObject({
  body: requiredText(60),
  certificate_number: requiredText(60),
  valid_until: isoDate,
  scope: text(1000, { multiline: true }),
});

export const labDetailsInputSchema = z.strictObject({
  name: requiredText(120),
  tagline: text(160),
  address_lines: z.array(requiredText(120)).min(1, 'Enter the address.').max(4, 'Use at most 4 address lines.'),
  phones: z.array(intlPhone).min(1, 'Enter at least one phone number.').max(4, 'Use at most 4 phone numbers.'),
  whatsapp: text(16).refine((v) => v === '' || /^\+[1-9]\d{7,14}$/.test(v), WHATSAPP_RULE),
  email,
  hours: z.strictObject({ mon: hoursInput, tue: hoursInput, wed: hoursInput, thu: hoursInput, fri: hoursInput, sat: hoursInput, sun: hoursInput }),
  map_url: text(500).refine((v) => v === '' || (URL.canParse(v) && v.startsWith('https://')), MAP_RULE),
  upi_id: text(100).refine((v) => v === '' || /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(v), UPI_RULE),
  upi_name: text(100),
  accreditation: accreditationInputSchema.nullable(),
  /** name_hi: the officer's name and title for Hindi readers; blank or null removes it, left out it stays */
  grievance: z.strictObject({ name: requiredText(120), name_hi: hindiText(120), email, phone: intlPhone }),
  /** the address for Hindi readers, one line each; empty or null removes it, left out it stays (decision 038) */
  address_lines_hi: z.array(requiredText(120)).max(4, 'Use at most 4 address lines.').nullable().optional(),
  /** images.id of the home hero; null or absent: none */
  hero_image_id: id('image id').nullable().optional(),
  about_image_id: id('image id').nullable().optional(),
});
export type LabDetailsInput = z.input<typeof labDetailsInputSchema>;
export type LabDetailsValues = z.output<typeof labDetailsInputSchema>;

/**
 * What GET /api/staff/lab answers: the record and the ids of its pictures, as the editor sends them back,
 * with the Hindi that the public record gives only under `?lang=hi` (docs/i18n.md): the grievance
 * officer's `name_hi` and `address_lines_hi` (null: none written, Hindi readers get the English).
 */
export const staffLabDetailsSchema = labDetailsSchema.extend({
  grievance: grievanceContactSchema.extend({ name_hi: hindiOut }),
  address_lines_hi: z.array(z.string()).nullable(),
  hero_image_id: z.number().int().nullable(),
  about_image_id: z.number().int().nullable(),
});
export type StaffLabDetails = z.infer<typeof staffLabDetailsSchema>;

/** the hours of the weekday of an ISO date (YYYY-MM-DD), or null when the lab is closed that day */
export function hoursOn(details: Pick<LabDetails, 'hours'>, isoDate: string): OpeningHours | null {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return details.hours[WEEKDAYS[(day + 6) % 7]!] ?? null;
}
