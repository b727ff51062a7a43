// The facts the privacy notice (/privacy) states that come from the server: how long each kind of
// personal data is kept. Apart from the routes so the web app's first-load check can render the page.
import { CONSENT_RECORD_RETENTION_YEARS_DEFAULT, type Locale, type PrivacyNoticeFacts } from '@lab/contract';

/** the periods in force (configuration, docs/personal-data.md); the defaults when none is given */
export interface RetentionPeriods {
  guestContactDays: number;
  billsYears: number;
  reportsYears: number;
  consentYears: number;
}

export const DEFAULT_PERIODS: RetentionPeriods = { guestContactDays: 365, billsYears: 8, reportsYears: 3, consentYears: CONSENT_RECORD_RETENTION_YEARS_DEFAULT };

const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);
const days = (n: number) => (n % 365 === 0 ? years(n / 365) : `${n} days`);

/** How long the notice says each kind of data is kept: the periods the retention job applies, in English or Hindi (/hi/privacy). */
export function noticeRetention(periods: RetentionPeriods = DEFAULT_PERIODS, language: Locale = 'en'): PrivacyNoticeFacts['retention'] {
  if (language === 'hi') {
    const saal = (n: number) => `${n} साल`;
    const din = (n: number) => (n % 365 === 0 ? saal(n / 365) : `${n} दिन`);
    return [
      { item: 'आपका खाता और प्रोफ़ाइल', period: 'खाता खुला रहने तक; खाता बंद करने पर मिटा दिया जाता है, सिवाय उसके जो क़ानून रखने को कहता है (नीचे)' },
      { item: 'बिना खाते की बुकिंग के संपर्क विवरण (नाम, ई-मेल, फ़ोन, पता)', period: `विज़िट के ${din(periods.guestContactDays)} बाद तक, फिर मिटाए जाते हैं` },
      { item: 'बिल और भुगतान', period: `${saal(periods.billsYears)}, जैसा कर क़ानून कहता है; किसी और काम के लिए बंद` },
      { item: 'जारी की गई जाँच रिपोर्ट और नतीजे', period: `${saal(periods.reportsYears)}, जैसा मेडिकल रिकॉर्ड के नियम कहते हैं; किसी और काम के लिए बंद` },
      { item: 'सहमति के रिकॉर्ड', period: `सहमति ख़त्म होने (वापस लेने, या बिना खाते की बुकिंग की विज़िट) के ${saal(periods.consentYears)} बाद तक, फिर आपकी पहचान के बिना` },
      { item: 'संपर्क फ़ॉर्म से भेजे गए संदेश', period: 'जवाब देने और ज़रूरत ख़त्म होने तक; शिकायत अधिकारी से कहने पर मिटाए जाते हैं' },
    ];
  }
  return [
    { item: 'Your account and profile', period: 'While your account is open; erased when you close it, except what the law makes us keep (below)' },
    { item: "A guest booking's contact details (name, e-mail, phone, address)", period: `${days(periods.guestContactDays)} after the visit, then erased` },
    { item: 'Bills and payments', period: `${years(periods.billsYears)}, as tax law requires; locked from any other use` },
    { item: 'Released test reports and results', period: `${years(periods.reportsYears)}, as medical record rules require; locked from any other use` },
    { item: 'Consent records', period: `${years(periods.consentYears)} after a consent ends (withdrawn, or a guest booking's visit), then kept without anything naming you` },
    { item: 'Messages sent through the contact form', period: 'Until the lab has answered and no longer needs them; erased on request to the grievance officer' },
  ];
}
