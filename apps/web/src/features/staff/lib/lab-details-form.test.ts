import type { StaffLabDetails } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { formPath, labDetailsFormSchema, toForm, toLabDetails } from './lab-details-form.ts';

const day = { opens: '09:00', closes: '21:00' };
const saved: StaffLabDetails = {
  name: 'Lab Centre Diagnostics',
  tagline: 'Faster',
  address_lines: ['MI Road', 'Jaipur 302001'],
  phones: ['+91 98290 12345'],
  whatsapp: '+919829012345',
  email: 'info@example.com',
  hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: null },
  map_url: '',
  upi_id: 'lab@okaxis',
  upi_name: 'Lab',
  accreditation: null,
  grievance: { name: 'Officer', name_hi: null, email: 'g@example.com', phone: '+91 141 236 7890' },
  address_lines_hi: null,
  hero_image: null,
  about_image: null,
  hero_image_id: null,
  about_image_id: 7,
};

describe('the lab details form', () => {
  it('gives back the saved record unchanged: closed days null, no accreditation, pictures by id', () => {
    const parsed = labDetailsFormSchema.parse(toForm(saved));
    const { hero_image: _h, about_image: _a, ...input } = saved;
    expect(toLabDetails(parsed)).toEqual(input);
  });

  it('gives back the Hindi beside the English: the officer’s name and the address lines in Hindi', () => {
    const hindi: StaffLabDetails = { ...saved, grievance: { ...saved.grievance, name_hi: 'शिकायत अधिकारी' }, address_lines_hi: ['एमआई रोड', 'जयपुर 302001'] };
    const form = toForm(hindi);
    expect(form.address_lines_hi).toEqual([{ value: 'एमआई रोड' }, { value: 'जयपुर 302001' }]);
    const { hero_image: _h, about_image: _a, ...input } = hindi;
    expect(toLabDetails(labDetailsFormSchema.parse(form))).toEqual(input);
    // emptied, both are sent as none
    const emptied = labDetailsFormSchema.parse({ ...form, grievance: { ...form.grievance, name_hi: '' }, address_lines_hi: [] });
    expect(toLabDetails(emptied)).toMatchObject({ grievance: { name_hi: null }, address_lines_hi: null });
    // a blank Hindi line is refused at its field, as an English one is
    const blank = labDetailsFormSchema.safeParse({ ...form, address_lines_hi: [{ value: 'एमआई रोड' }, { value: ' ' }] });
    expect(blank.error?.issues.map((i) => i.path.join('.'))).toEqual(['address_lines_hi.1.value']);
    expect(formPath('address_lines_hi.1')).toBe('address_lines_hi.1.value');
  });

  it('checks an open day and a held accreditation, not a closed day or an accreditation not held', () => {
    const form = toForm(saved);
    form.hours.sun = { closed: true, opens: '', closes: '' };
    form.hours.mon = { closed: false, opens: '18:00', closes: '09:00' };
    form.accreditation = { held: true, body: 'NABL', certificate_number: '', valid_until: '2030-02-30', scope: '' };
    form.phones = [{ value: '98290 12345' }];
    const r = labDetailsFormSchema.safeParse(form);
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['accreditation.certificate_number', 'accreditation.valid_until', 'hours.mon.closes', 'phones.0.value']);
  });

  it('puts the server’s list fields where the form shows them', () => {
    expect(formPath('phones.1')).toBe('phones.1.value');
    expect(formPath('hours.mon.closes')).toBe('hours.mon.closes');
  });
});
