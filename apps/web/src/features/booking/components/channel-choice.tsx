// Where the booking's messages go (docs/messaging.md): e-mail always (it carries the bill and the calendar
// file, so its box is ticked and fixed), SMS as a plain choice, and WhatsApp as an explicit, unticked
// opt-in whose label says what it means (the platform's rule; the API records it as a consent with the
// notice version). SMS and WhatsApp need an Indian mobile in the phone field.
import { type MessageChannel, toIndianE164 } from '@lab/contract';
import { useId } from 'react';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { FieldError } from '../../../shared/ui/form-errors.tsx';

export interface ChannelChoiceValue {
  sms: boolean;
  whatsapp: boolean;
}

/** e-mail only, as every booking had before; SMS and WhatsApp only when ticked */
export const defaultChannels: ChannelChoiceValue = { sms: false, whatsapp: false };

/** whether SMS or WhatsApp is chosen without an Indian mobile to send to */
export const needsMobile = (choice: ChannelChoiceValue, phone: string): boolean => (choice.sms || choice.whatsapp) && toIndianE164(phone) === null;

/** the request's channels, e-mail first */
export function chosenChannels(choice: ChannelChoiceValue): MessageChannel[] {
  return ['email', ...(['sms', 'whatsapp'] as const).filter((c) => choice[c])];
}

const boxClass = 'mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700';

export function ChannelChoice({ value, onChange, error }: { value: ChannelChoiceValue; onChange: (next: ChannelChoiceValue) => void; error?: string | undefined }) {
  const id = useId();
  const t = useT();
  const box = (channel: keyof ChannelChoiceValue, label: string) => (
    <div className="flex items-start gap-3">
      <input
        id={`${id}-${channel}`}
        type="checkbox"
        checked={value[channel]}
        onChange={(e) => onChange({ ...value, [channel]: e.target.checked })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={boxClass}
      />
      <label htmlFor={`${id}-${channel}`} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
  return (
    <fieldset className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('booking.channels.legend')}</legend>
      <p className="text-sm text-slate-600">{t('booking.channels.intro')}</p>
      <div className="flex items-start gap-3">
        <input id={`${id}-email`} type="checkbox" checked disabled className={boxClass} />
        <label htmlFor={`${id}-email`} className="text-sm text-slate-800">
          {t('booking.channels.emailAlways')}
        </label>
      </div>
      {box('sms', t('booking.channels.sms'))}
      {box('whatsapp', t('booking.channels.whatsapp'))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
