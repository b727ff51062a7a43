// The consent boxes of registration and booking (DPDP Act, issue 17): an unticked, required box naming
// the privacy notice and its version, and a separate, optional, unticked box for marketing e-mails.
import { type ConsentGrant, type ConsentPurpose, paths, privacyNotice } from '@lab/contract';

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

export function ConsentBoxes({ value, onChange, idPrefix }: { value: ConsentChoice; onChange: (next: ConsentChoice) => void; idPrefix: string }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Your consent</legend>
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-consent-service`}
          type="checkbox"
          required
          checked={value.service}
          onChange={(e) => onChange({ ...value, service: e.target.checked })}
          className={boxClass}
        />
        <label htmlFor={`${idPrefix}-consent-service`} className="text-sm text-slate-800">
          I have read the{' '}
          <a href={paths.privacy} target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
            privacy notice (version {privacyNotice.version}, opens in a new tab)
          </a>{' '}
          and agree to my personal data being used to book and carry out the tests and report the results. (Required)
        </label>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-consent-marketing`}
          type="checkbox"
          checked={value.marketing}
          onChange={(e) => onChange({ ...value, marketing: e.target.checked })}
          className={boxClass}
        />
        <label htmlFor={`${idPrefix}-consent-marketing`} className="text-sm text-slate-800">
          Send me e-mails about offers and health packages. (Optional)
        </label>
      </div>
    </fieldset>
  );
}
