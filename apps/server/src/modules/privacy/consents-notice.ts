// The facts the privacy notice (/privacy) states that come from the server: how long each kind of
// personal data is kept. Apart from the routes so the web app's first-load check can render the page.
import { CONSENT_RECORD_RETENTION_YEARS_DEFAULT, type Locale, m, type Message, type MessageCode, type MessageValues, type PrivacyNoticeFacts, sayIn } from '@lab/contract';

/** the periods in force (configuration, docs/personal-data.md); the defaults when none is given */
export interface RetentionPeriods {
  guestContactDays: number;
  billsYears: number;
  reportsYears: number;
  consentYears: number;
}

export const DEFAULT_PERIODS: RetentionPeriods = { guestContactDays: 365, billsYears: 8, reportsYears: 3, consentYears: CONSENT_RECORD_RETENTION_YEARS_DEFAULT };

/** a period of years, or of days (whole years said as years), as a message said in the table's language */
const years = (n: number): Message => (n === 1 ? m('privacy.retention.one_year') : m('privacy.retention.years', { count: n }));
const days = (n: number): Message => (n % 365 === 0 ? years(n / 365) : m('privacy.retention.days', { count: n }));

/** How long the notice says each kind of data is kept: the periods the retention job applies, in English or Hindi (/hi/privacy). */
export function noticeRetention(periods: RetentionPeriods = DEFAULT_PERIODS, language: Locale = 'en'): PrivacyNoticeFacts['retention'] {
  const say = (code: MessageCode, values?: MessageValues) => sayIn(language, m(code, values));
  return [
    { item: say('privacy.retention.account.item'), period: say('privacy.retention.account.period') },
    { item: say('privacy.retention.guest_contact.item'), period: say('privacy.retention.guest_contact.period', { period: days(periods.guestContactDays) }) },
    { item: say('privacy.retention.bills.item'), period: say('privacy.retention.bills.period', { period: years(periods.billsYears) }) },
    { item: say('privacy.retention.reports.item'), period: say('privacy.retention.reports.period', { period: years(periods.reportsYears) }) },
    { item: say('privacy.retention.consents.item'), period: say('privacy.retention.consents.period', { period: years(periods.consentYears) }) },
    { item: say('privacy.retention.contact_messages.item'), period: say('privacy.retention.contact_messages.period') },
  ];
}
