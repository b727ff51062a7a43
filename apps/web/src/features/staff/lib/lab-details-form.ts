// The lab details editor's form: the contract's record with two things a person ticks rather than
// types (a day is "Closed"; the lab "holds an accreditation"), checked with the contract's own schemas
// and turned into the record PUT /api/staff/lab takes. Messages land at the same paths the server
// names (hours.mon.closes, accreditation.valid_until), so its refusals go to the same fields.
import { accreditationInputSchema, labDetailsInputSchema, type LabDetailsValues, openingHoursInputSchema, type StaffLabDetails, WEEKDAYS } from '@lab/contract';
import { z } from 'zod';

const day = z.object({ closed: z.boolean(), opens: z.string(), closes: z.string() });
const accreditation = z.object({ held: z.boolean(), body: z.string(), certificate_number: z.string(), valid_until: z.string(), scope: z.string() });
const entry = z.object({ value: z.string() });

const shape = labDetailsInputSchema.shape;

export const labDetailsFormSchema = z
  .object({
    name: shape.name,
    tagline: shape.tagline,
    // as field arrays of objects: react-hook-form's useFieldArray keeps them as such
    address_lines: z.array(entry).min(1, 'Enter the address.').max(4, 'Use at most 4 address lines.'),
    // the address for Hindi readers (the footer, Contact, the privacy notice): none, or up to 4 lines
    address_lines_hi: z.array(entry).max(4, 'Use at most 4 address lines.'),
    phones: z.array(entry).min(1, 'Enter at least one phone number.').max(4, 'Use at most 4 phone numbers.'),
    whatsapp: shape.whatsapp,
    email: shape.email,
    hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], typeof day>),
    map_url: shape.map_url,
    upi_id: shape.upi_id,
    upi_name: shape.upi_name,
    accreditation,
    grievance: shape.grievance,
    hero_image_id: z.string(),
    about_image_id: z.string(),
  })
  .superRefine((form, ctx) => {
    const check = (schema: z.ZodType, value: unknown, path: (string | number)[]) => {
      const r = schema.safeParse(value);
      if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
    };
    form.address_lines.forEach((line, i) => check(shape.address_lines.element, line.value, ['address_lines', i, 'value']));
    form.address_lines_hi.forEach((line, i) => check(shape.address_lines.element, line.value, ['address_lines_hi', i, 'value']));
    form.phones.forEach((phone, i) => check(shape.phones.element, phone.value, ['phones', i, 'value']));
    for (const d of WEEKDAYS) {
      const h = form.hours[d];
      if (!h.closed) check(openingHoursInputSchema, { opens: h.opens, closes: h.closes }, ['hours', d]);
    }
    if (form.accreditation.held) {
      const { held: _held, ...a } = form.accreditation;
      check(accreditationInputSchema, a, ['accreditation']);
    }
  });

export type LabDetailsForm = z.input<typeof labDetailsFormSchema>;

const imageId = (v: string) => (v === '' ? null : Number(v));

/** the form's values as the record the server takes (already checked by the schema above) */
export function toLabDetails(form: z.output<typeof labDetailsFormSchema>): LabDetailsValues {
  const { held, ...a } = form.accreditation;
  return labDetailsInputSchema.parse({
    ...form,
    address_lines: form.address_lines.map((l) => l.value),
    address_lines_hi: form.address_lines_hi.length > 0 ? form.address_lines_hi.map((l) => l.value) : null,
    phones: form.phones.map((p) => p.value),
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, form.hours[d].closed ? null : { opens: form.hours[d].opens, closes: form.hours[d].closes }])),
    accreditation: held ? a : null,
    hero_image_id: imageId(form.hero_image_id),
    about_image_id: imageId(form.about_image_id),
  });
}

/** the saved record as the form shows it (a closed day keeps sensible times to start from) */
export function toForm(d: StaffLabDetails): LabDetailsForm {
  return {
    name: d.name,
    tagline: d.tagline,
    address_lines: d.address_lines.map((value) => ({ value })),
    address_lines_hi: (d.address_lines_hi ?? []).map((value) => ({ value })),
    phones: d.phones.map((value) => ({ value })),
    whatsapp: d.whatsapp,
    email: d.email,
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, d.hours[day] ? { closed: false, ...d.hours[day] } : { closed: true, opens: '09:00', closes: '18:00' }])) as LabDetailsForm['hours'],
    map_url: d.map_url,
    upi_id: d.upi_id,
    upi_name: d.upi_name,
    accreditation: d.accreditation ? { held: true, ...d.accreditation } : { held: false, body: '', certificate_number: '', valid_until: '', scope: '' },
    grievance: { name: d.grievance.name, name_hi: d.grievance.name_hi ?? '', email: d.grievance.email, phone: d.grievance.phone },
    hero_image_id: d.hero_image_id === null ? '' : String(d.hero_image_id),
    about_image_id: d.about_image_id === null ? '' : String(d.about_image_id),
  };
}

/** a server message's field (phones.0) as the form names it (phones.0.value) */
export function formPath(serverField: string): string {
  return /^(address_lines|address_lines_hi|phones)\.\d+$/.test(serverField) ? `${serverField}.value` : serverField;
}
