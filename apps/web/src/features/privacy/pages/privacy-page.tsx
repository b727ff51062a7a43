// The privacy notice in English (DPDP Act 2023; docs/personal-data.md), rendered on the server and whole without
// JavaScript: what personal data the lab collects and why, who it is shared with, how long it is kept
// (from the server's configuration), consent and how to withdraw it, each right and where to use it,
// the grievance officer (from the lab's details) and the Data Protection Board. Versioned: consents name
// the version shown here. The Hindi is privacy-page-hi.tsx (/hi/privacy), the layout privacy-notice.tsx.
import { loadNoticeFacts } from '../api/get-notice.ts';
import { type NoticeWords, PrivacyNotice } from './privacy-notice.tsx';
import type { Route } from './+types/privacy-page';

export const loader = (args: Route.LoaderArgs) => loadNoticeFacts(args);

export const meta = () => [
  { title: 'Privacy notice | Lab Centre Diagnostics' },
  { name: 'description', content: 'What personal data the lab keeps, why, for how long, and how to use your rights under India’s DPDP Act.' },
];

const english: NoticeWords = {
  locale: 'en',
  eyebrow: 'Privacy notice',
  title: 'How we look after your personal data',
  tagline: (version, date, lab) => (
    <>
      Version {version}, dated {date}. {lab} decides why and how your personal data is used (a “data fiduciary” under India’s Digital Personal Data
      Protection Act, 2023).
    </>
  ),
  collect: {
    title: 'What we collect and why',
    lead: 'We collect only what we need to test your samples and report to you. Each item and its purpose:',
    items: [
      { item: 'Name, e-mail address and phone number', why: 'To book your tests, send the booking confirmation, the reminder and the report-ready e-mail, and to reach you about your sample.' },
      { item: 'Username and password (kept only as a one-way hash)', why: 'To let you sign in to your account.' },
      { item: 'Date of birth or age, and sex', why: 'Normal ranges of many tests depend on them; they are printed on your report.' },
      { item: 'Home address and PIN code (home collection only)', why: 'So our phlebotomist can collect your sample at home.' },
      { item: 'Tests booked, appointments, bills and payments (including the UPI reference you enter)', why: 'To carry out the tests, bill you and keep the accounts the law requires.' },
      { item: 'Test results and reports', why: 'To report your results to you; this is health data and is shown only to you and to lab staff who work on it.' },
      { item: 'Name and relation of a parent or guardian', why: 'A patient under 18 is booked by a parent or guardian, whose consent we record.' },
      { item: 'Messages you send through the contact form', why: 'To answer you.' },
      { item: 'Your consents, with the time and a keyed hash of your internet address (never the address itself)', why: 'To prove what you agreed to and when, as the law requires.' },
    ],
  },
  sharing: {
    title: 'Who we share it with',
    text: 'No one, by default. We do not sell your data, show you advertising, or pass your data to other companies. Lab staff see what their work needs, and every time they open your appointments or reports it is logged. We disclose data to an authority only when a law requires it.',
  },
  retention: { title: 'How long we keep it' },
  consent: {
    title: 'Your consent, and how to withdraw it',
    given:
      'When you register or book, you agree to this notice by ticking a box: that is your consent to use your data for the service (booking, testing, reports, bills and your account). Without it we cannot book or keep an account for you.',
    marketing: 'E-mails about offers and packages are a separate choice, off unless you tick it. We send no such e-mails today; we keep your choice for when we do.',
    withdraw: {
      before: 'To withdraw either consent, sign in and open ',
      link: 'your dashboard',
      after:
        ': under “Your consents” each has its own Withdraw button. Withdrawing is as easy as giving. Withdrawing the service consent stops new bookings, reminders and e-mails; what a law makes us keep (bills and payments, released reports) stays for the periods above, locked from any other use. You can then close your account to erase the rest. If you booked as a guest, write to the grievance officer below.',
    },
  },
  children: {
    title: 'Children',
    text: 'A patient under 18 is booked by a parent or lawful guardian. The booking form asks who the booking is for; for a child it asks the guardian’s name and relation and records the guardian’s consent.',
  },
  rights: {
    title: 'Your rights',
    lead: { before: 'Signed in, you use each right from ', link: 'your dashboard', after: '. Without an account, write to the grievance officer.' },
    items: [
      { name: 'Summary', how: 'See what personal data we hold about you and what we use it for.' },
      { name: 'Download', how: 'Download everything about you in one machine-readable (JSON) file.' },
      { name: 'Correction', how: 'Correct your profile directly, or ask us to correct anything else.' },
      { name: 'Erasure', how: 'Close your account: we erase your personal data except what a law makes us keep, and tell you what remains and until when.' },
      { name: 'Nominee', how: 'Name a person who may use these rights for you after your death or if you cannot.' },
      { name: 'Grievance', how: 'Write to our grievance officer; we answer within 90 days at the most.' },
      { name: 'Who looked', how: 'See when lab staff opened your appointments or reports (their role and the time).' },
    ],
  },
  grievance: {
    title: 'Questions and complaints',
    lead: 'Our grievance officer answers questions and complaints about your personal data, within 90 days at the most:',
    email: 'E-mail:',
    phone: 'Phone:',
    board: {
      before: 'If you are not satisfied with our answer, you may complain to the ',
      name: 'Data Protection Board of India',
      after: ', the authority set up under the Digital Personal Data Protection Act, 2023, through its online complaint process.',
    },
  },
  changes: {
    title: 'Changes to this notice',
    text: 'When we change this notice we give it a new version and date, and ask for your consent again the next time you sign in or book.',
  },
};

export default function PrivacyPage({ loaderData: facts }: Route.ComponentProps) {
  return <PrivacyNotice facts={facts} w={english} />;
}
