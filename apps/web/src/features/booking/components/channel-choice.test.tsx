// @vitest-environment jsdom
// The booking's channel choice (docs/messaging.md): e-mail always (ticked and fixed), SMS and WhatsApp
// unticked at first, the WhatsApp box saying what it agrees to in either language, and the check the form
// makes before sending: an Indian mobile for SMS or WhatsApp.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@lab/contract';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { ChannelChoice, type ChannelChoiceValue, chosenChannels, defaultChannels, needsMobile } from './channel-choice.tsx';

function Harness({ locale = 'en', onValue }: { locale?: Locale; onValue?: (v: ChannelChoiceValue) => void }) {
  const [value, setValue] = useState(defaultChannels);
  return (
    <InLanguage locale={locale}>
      <ChannelChoice
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
    </InLanguage>
  );
}

describe('the booking channel choice', () => {
  it('starts with e-mail only, which cannot be unticked; WhatsApp is an unticked opt-in that says what it means', async () => {
    let last: ChannelChoiceValue = defaultChannels;
    render(<Harness onValue={(v) => (last = v)} />);
    expect(screen.getByRole('group', { name: 'Where should we send messages about this booking?' })).toBeTruthy();
    const email = screen.getByRole('checkbox', { name: 'E-mail (always: it carries your bill and calendar file)' }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect(email.disabled).toBe(true);
    expect(chosenChannels(last)).toEqual(['email']);
    expect((screen.getByRole('checkbox', { name: 'SMS (text messages)' }) as HTMLInputElement).checked).toBe(false);
    const whatsapp = screen.getByRole('checkbox', { name: /on WhatsApp at the mobile number above\. I can reply STOP at any time/ }) as HTMLInputElement;
    expect(whatsapp.checked).toBe(false);
    await userEvent.click(whatsapp);
    expect(whatsapp.checked).toBe(true);
    expect(chosenChannels(last)).toEqual(['email', 'whatsapp']);
  });

  it('is Hindi on a Hindi page', () => {
    render(<Harness locale="hi" />);
    expect(screen.getByRole('group', { name: 'इस बुकिंग के संदेश हम कहाँ भेजें?' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^ई-मेल \(हमेशा/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /ऊपर दिए मोबाइल नंबर पर व्हाट्सऐप पर भेजें। इन्हें रोकने के लिए मैं कभी भी "रुकें" लिखकर/ })).toBeTruthy();
  });

  it('needs an Indian mobile for SMS or WhatsApp (ten digits typed are enough), any phone for e-mail only', () => {
    expect(needsMobile({ sms: false, whatsapp: false }, '0141 400 0000')).toBe(false);
    expect(needsMobile({ sms: false, whatsapp: true }, '0141 400 0000')).toBe(true);
    expect(needsMobile({ sms: true, whatsapp: false }, '5829012345')).toBe(true);
    expect(needsMobile({ sms: true, whatsapp: true }, '9829012345')).toBe(false);
    expect(needsMobile({ sms: false, whatsapp: true }, '+91 98290 12345')).toBe(false);
    expect(chosenChannels({ sms: true, whatsapp: true })).toEqual(['email', 'sms', 'whatsapp']);
  });
});
