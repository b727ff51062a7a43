// The lab's own details: one record, edited by an admin in the console (audited), read by the footer,
// the Contact and About pages, e-mails, bills, receipts and reports. Closed days for booking come from
// `hours`. `GET /api/lab/` answers it to anyone (it is what the lab prints on its door).
import { z } from 'zod';

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
});
export type LabDetails = z.infer<typeof labDetailsSchema>;

/** the hours of the weekday of an ISO date (YYYY-MM-DD), or null when the lab is closed that day */
export function hoursOn(details: Pick<LabDetails, 'hours'>, isoDate: string): OpeningHours | null {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return details.hours[WEEKDAYS[(day + 6) % 7]!] ?? null;
}
