// The facts the privacy notice (/privacy) states that come from the server: how long each kind of
// personal data is kept. Apart from the routes so the web app's first-load check can render the page.
import { CONSENT_RECORD_RETENTION_YEARS_DEFAULT, type PrivacyNoticeFacts } from '@lab/contract';

/**
 * How long the notice says each kind of data is kept. The consent records' period is this module's; the
 * others are the defaults the retention job (issue 17's rights part) keeps in configuration: when that
 * is merged, read them from there so the notice always states the periods in force.
 */
export function noticeRetention(consentYears = CONSENT_RECORD_RETENTION_YEARS_DEFAULT): PrivacyNoticeFacts['retention'] {
  return [
    { item: 'Your account and profile', period: 'While your account is open; erased when you close it, except what the law makes us keep (below)' },
    { item: "A guest booking's contact details (name, e-mail, phone, address)", period: '1 year after the visit, then erased' },
    { item: 'Bills and payments', period: '8 years after the financial year of the bill, as tax law requires; locked from any other use' },
    { item: 'Released test reports and results', period: '3 years after release, as medical record rules require; locked from any other use' },
    { item: 'Consent records', period: `${consentYears} years after a consent ends (withdrawn, or a guest booking's visit), then kept without anything naming you` },
    { item: 'Messages sent through the contact form', period: '1 year after the message' },
  ];
}
