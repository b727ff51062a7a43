// The consent boxes of registration and booking (DPDP Act; docs/personal-data.md): an unticked, required box naming
// the privacy notice and its version, and a separate, optional, unticked box for marketing e-mails.
// Their English is written here (as useSay's); Hindi pages get the catalogue's `booking.consent` texts with
// the booking form's and the registration's data.
import { type ConsentGrant, type ConsentPurpose, pathInLocale, paths, privacyNotice } from '@lab/contract';
import { useLanguage } from '../i18n/i18n.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { FieldError } from './form-errors.tsx';

export interface ConsentChoice {
  service: boolean;
  marketing: boolean;
}

export const noConsent: ConsentChoice = { service: false, marketing: false };

/** what the request's `consent` carries; the service box is required by the form, so it is ticked here */
export function consentGrant(choice: ConsentChoice): ConsentGrant {
  const purposes: ConsentPurpose[] = ['service'];
  if (choice.marketing) purposes.push('marketing');
  return { notice_version: privacyNotice.version, purposes };
}

const boxClass = 'mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700';

export function ConsentBoxes({ value, onChange, idPrefix, error }: { value: ConsentChoice; onChange: (next: ConsentChoice) => void; idPrefix: string; error?: string | undefined }) {
  const { locale, t } = useLanguage();
  const version = privacyNotice.version;
  const say = (id: MessageId, english: string) => {
    const text = locale === 'en' ? english : t(id, { version });
    return text === id ? english : text;
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{say('booking.consent.legend', 'Your consent')}</legend>
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-consent-service`}
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-consent-error` : undefined}
          checked={value.service}
          onChange={(e) => onChange({ ...value, service: e.target.checked })}
          className={boxClass}
        />
        <label htmlFor={`${idPrefix}-consent-service`} className="text-sm text-slate-800">
          {say('booking.consent.read', 'I have read the')}{' '}
          <a href={pathInLocale(paths.privacy, locale)} target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
            {say('booking.consent.notice', `privacy notice (version ${version}, opens in a new tab)`)}
          </a>{' '}
          {say('booking.consent.agree', 'and agree to my personal data being used to book and carry out the tests and report the results. (Required)')}
        </label>
      </div>
      <FieldError id={`${idPrefix}-consent-error`} message={error} />
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-consent-marketing`}
          type="checkbox"
          checked={value.marketing}
          onChange={(e) => onChange({ ...value, marketing: e.target.checked })}
          className={boxClass}
        />
        <label htmlFor={`${idPrefix}-consent-marketing`} className="text-sm text-slate-800">
          {say('booking.consent.marketing', 'Send me e-mails about offers and health packages. (Optional)')}
        </label>
      </div>
    </fieldset>
  );
}
