// @vitest-environment jsdom
// The ABHA fields (docs/abdm.md): a number whose Verhoeff check digit fails, one that is not 14 digits, or
// an address that is not name@abdm is refused at the field as the person leaves it, in English and Hindi,
// and the message goes as they change it; a good number is shown as ABDM prints it; the form's own check
// before sending says the same.
import type { Locale } from '@lab/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import english from '../i18n/catalogues/en.json';
import hindi from '../i18n/catalogues/hi.json';
import { InLanguage } from '../i18n/test-language.tsx';
import { type AbhaValue, abhaBody, abhaErrors, AbhaFields, NO_ABHA } from './abha-fields.tsx';

// 9153016528520 completes with 4 by Verhoeff's rule; 5 is one digit off.
const GOOD = '91530165285204';
const WRONG = '91530165285205';

function Form() {
  const [value, setValue] = useState<AbhaValue>(NO_ABHA);
  return (
    <form>
      <AbhaFields id="t" value={value} onChange={(patch) => setValue((v) => ({ ...v, ...patch }))} />
      <button type="button">Next</button>
    </form>
  );
}

const show = (locale: Locale = 'en') =>
  render(
    <InLanguage locale={locale}>
      <Form />
    </InLanguage>,
  );

describe('the ABHA fields', () => {
  it('refuse a wrong check digit, a short number and a malformed address as the person leaves each field, and let go as they change it', async () => {
    show();
    const number = screen.getByLabelText(english['patient.abha.number']);
    const address = screen.getByLabelText(english['patient.abha.address']);

    await userEvent.type(number, WRONG);
    expect(screen.queryByText(english['patient.abha.numberCheck'])).toBeNull();
    await userEvent.tab();
    expect(screen.getByText(english['patient.abha.numberCheck'])).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toContain('t-abha-number-error');

    await userEvent.type(number, '{Backspace}');
    expect(screen.queryByText(english['patient.abha.numberCheck'])).toBeNull();
    expect(number.getAttribute('aria-invalid')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText(english['patient.abha.numberLength'])).toBeTruthy();

    await userEvent.clear(number);
    await userEvent.type(number, GOOD);
    await userEvent.tab();
    expect(number).toHaveProperty('value', '91-5301-6528-5204');
    expect(screen.queryByText(english['patient.abha.numberLength'])).toBeNull();

    for (const bad of ['ravi@gmail.com', 'ra@abdm', 'ravi verma@abdm']) {
      await userEvent.clear(address);
      await userEvent.type(address, bad);
      await userEvent.tab();
      expect(screen.getByText(english['patient.abha.addressRule']), bad).toBeTruthy();
    }
    await userEvent.clear(address);
    await userEvent.type(address, 'Ravi.Verma@abdm');
    await userEvent.tab();
    expect(screen.queryByText(english['patient.abha.addressRule'])).toBeNull();
    expect(address.getAttribute('aria-invalid')).toBeNull();
  });

  it('say it in Hindi on a Hindi page', async () => {
    show('hi');
    await userEvent.type(screen.getByLabelText(hindi['patient.abha.number']), WRONG);
    await userEvent.tab();
    expect(screen.getByText(hindi['patient.abha.numberCheck'])).toBeTruthy();
    await userEvent.type(screen.getByLabelText(hindi['patient.abha.address']), 'ravi@gmail.com');
    await userEvent.tab();
    expect(screen.getByText(hindi['patient.abha.addressRule'])).toBeTruthy();
  });
});

describe("the form's own check and its body", () => {
  const t = (id: string) => (english as Record<string, string>)[id]!;
  it('names each wrong field, nothing when empty or right, and sends empty as none', () => {
    expect(abhaErrors(NO_ABHA, t)).toEqual({});
    expect(abhaErrors({ abhaNumber: '91-5301-6528-5204', abhaAddress: 'ravi.verma@abdm' }, t)).toEqual({});
    expect(abhaErrors({ abhaNumber: WRONG, abhaAddress: 'ravi@abdm.in' }, t)).toEqual({ abhaNumber: english['patient.abha.numberCheck'], abhaAddress: english['patient.abha.addressRule'] });
    expect(abhaErrors({ abhaNumber: '9153 0165', abhaAddress: '' }, t)).toEqual({ abhaNumber: english['patient.abha.numberLength'] });
    expect(abhaBody(NO_ABHA)).toEqual({ abha_number: null, abha_address: null });
    expect(abhaBody({ abhaNumber: ' 91-5301-6528-5204 ', abhaAddress: 'ravi@abdm ' })).toEqual({ abha_number: '91-5301-6528-5204', abha_address: 'ravi@abdm' });
  });
});
