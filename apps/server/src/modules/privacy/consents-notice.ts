// The facts the privacy notice (/privacy) states that come from the server: how long each kind of
// personal data is kept. Apart from the routes so the web app's first-load check can render the page.
import { CONSENT_RECORD_RETENTION_YEARS_DEFAULT, type PrivacyNoticeFacts } from '@lab/contract';

/** the periods in force (configuration, README "Personal data"); the defaults when none is given */
export interface RetentionPeriods {
  guestContactDays: number;
  billsYears: number;
  reportsYears: number;
  consentYears: number;
}

export const DEFAULT_PERIODS: RetentionPeriods = { guestContactDays: 365, billsYears: 8, reportsYears: 3, consentYears: CONSENT_RECORD_RETENTION_YEARS_DEFAULT };

const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);
const days = (n: number) => (n % 365 === 0 ? years(n / 365) : `${n} days`);

/** How long the notice says each kind of data is kept: the periods the retention job applies. */
export function noticeRetention(periods: RetentionPeriods = DEFAULT_PERIODS): PrivacyNoticeFacts['retention'] {
  return [
    { item: 'Your account and profile', period: 'While your account is open; erased when you close it, except what the law makes us keep (below)' },
    { item: "A guest booking's contact details (name, e-mail, phone, address)", period: `${days(periods.guestContactDays)} after the visit, then erased` },
    { item: 'Bills and payments', period: `${years(periods.billsYears)}, as tax law requires; locked from any other use` },
    { item: 'Released test reports and results', period: `${years(periods.reportsYears)}, as medical record rules require; locked from any other use` },
    { item: 'Consent records', period: `${years(periods.consentYears)} after a consent ends (withdrawn, or a guest booking's visit), then kept without anything naming you` },
    { item: 'Messages sent through the contact form', period: 'Until the lab has answered and no longer needs them; erased on request to the grievance officer' },
  ];
}
