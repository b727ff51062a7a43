// The API's refusals as a form shows them: every field at once beside its field, the raw field key
// never shown, what the form does not show above it, and a fallback when the answer names nothing.
import { describe, expect, it } from 'vitest';
import { formErrorsOf, NO_ERRORS } from './form-errors.ts';

const refusal = (body: unknown, status = 400) => ({ status, body });
const fields = { username: 'Username', password: { label: 'Password' }, user_phone: { name: 'phone', label: 'Phone' }, home_address: 'Address' };

describe('formErrorsOf', () => {
  it('puts every refused field beside its field, all messages of it together', () => {
    const e = formErrorsOf(refusal({ username: ['A user with that username already exists.'], password: ['This password is too short.', 'This password is too common.'] }), { fallback: 'x', fields });
    expect(e).toEqual({ fields: { username: 'A user with that username already exists.', password: 'This password is too short. This password is too common.' }, form: null });
  });

  it('maps the API name to the form name, and nested keys to their field', () => {
    expect(formErrorsOf(refusal({ user_phone: ['Too short.'], 'home_address.pin': ['Not served.'] }), { fallback: 'x', fields }).fields).toEqual({ phone: 'Too short.', home_address: 'Not served.' });
  });

  it('says the fields the form does not show above it, without the raw key', () => {
    const e = formErrorsOf(refusal({ non_field_errors: ['Give one.'], consent: ['Agree to the notice.'] }), { fallback: 'x', fields });
    expect(e).toEqual({ fields: {}, form: 'Give one. Agree to the notice.' });
    expect(e.form).not.toContain('consent');
  });

  it('takes an {"error"} answer as the form message, and falls back when nothing is named', () => {
    expect(formErrorsOf(refusal({ error: 'Slot full.' }, 409), { fallback: 'x' })).toEqual({ fields: {}, form: 'Slot full.' });
    for (const e of [new Error('offline'), refusal({}), refusal('Bad gateway', 502), refusal({ error: 'Oops' }, 500), refusal([]), refusal({ a: [] }), null]) {
      expect(formErrorsOf(e, { fallback: 'Try again.' })).toEqual({ fields: {}, form: 'Try again.' });
    }
    expect(NO_ERRORS).toEqual({ fields: {}, form: null });
  });

  it('in Hindi: each message at its field, the rest above as the message alone, never an API field name', () => {
    const body = {
      password: ['पासवर्ड यूज़रनेम से बहुत मिलता-जुलता है।'],
      'guardian.relation': ['रिश्ता चुनें।'],
      'consent.notice_version': ['यह मौजूदा गोपनीयता सूचना नहीं है।'],
      non_field_errors: ['फ़ील्ड JSON ऑब्जेक्ट के रूप में भेजें।'],
    };
    const e = formErrorsOf(refusal(body), { fallback: 'x', fields: { password: { label: 'पासवर्ड' }, guardian: { name: 'guardian' } } });
    expect(e).toEqual({ fields: { password: body.password[0], guardian: body['guardian.relation'][0] }, form: `${body['consent.notice_version'][0]} ${body.non_field_errors[0]}` });
    for (const key of ['password', 'guardian', 'relation', 'consent', 'notice_version', 'non_field_errors']) expect(`${Object.values(e.fields).join(' ')} ${e.form}`).not.toContain(key);
  });

  it('a listed nested name is a field of its own; a listed name without a form name keeps the API name', () => {
    const e = formErrorsOf(refusal({ 'home_address.pin': ['पिन कोड'], email: ['ई-मेल'] }), { fallback: 'x', fields: { 'home_address.pin': { name: 'pin' }, email: {} } });
    expect(e).toEqual({ fields: { pin: 'पिन कोड', email: 'ई-मेल' }, form: null });
  });
});
