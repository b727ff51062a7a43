// The privacy notice (DPDP Act 2023, issue 17), rendered on the server and whole without JavaScript:
// what personal data the lab collects and why, who it is shared with, how long it is kept (from the
// server's configuration), consent and how to withdraw it, each right and where to use it, the
// grievance officer (from the lab's details) and the Data Protection Board. Versioned: consents name
// the version shown here.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, privacyNotice } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { telHref, useLabDetails } from '../../../shared/lib/lab-info.ts';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { loadNoticeFacts } from '../api/get-notice.ts';
import type { Route } from './+types/privacy-page';

export const loader = (args: Route.LoaderArgs) => loadNoticeFacts(args);

export const meta = () => [
  { title: 'Privacy notice | Lab Centre Diagnostics' },
  { name: 'description', content: 'What personal data the lab keeps, why, for how long, and how to use your rights under India’s DPDP Act.' },
];

const collected: Array<{ item: string; why: string }> = [
  { item: 'Name, e-mail address and phone number', why: 'To book your tests, send the booking confirmation, the reminder and the report-ready e-mail, and to reach you about your sample.' },
  { item: 'Username and password (kept only as a one-way hash)', why: 'To let you sign in to your account.' },
  { item: 'Date of birth or age, and sex', why: 'Normal ranges of many tests depend on them; they are printed on your report.' },
  { item: 'Home address and PIN code (home collection only)', why: 'So our phlebotomist can collect your sample at home.' },
  { item: 'Tests booked, appointments, bills and payments (including the UPI reference you enter)', why: 'To carry out the tests, bill you and keep the accounts the law requires.' },
  { item: 'Test results and reports', why: 'To report your results to you; this is health data and is shown only to you and to lab staff who work on it.' },
  { item: 'Name and relation of a parent or guardian', why: 'A patient under 18 is booked by a parent or guardian, whose consent we record.' },
  { item: 'Messages you send through the contact form', why: 'To answer you.' },
  { item: 'Your consents, with the time and a keyed hash of your internet address (never the address itself)', why: 'To prove what you agreed to and when, as the law requires.' },
];

const rights: Array<{ name: string; how: ReactNode }> = [
  { name: 'Summary', how: 'See what personal data we hold about you and what we use it for.' },
  { name: 'Download', how: 'Download everything about you in one machine-readable (JSON) file.' },
  { name: 'Correction', how: 'Correct your profile directly, or ask us to correct anything else.' },
  { name: 'Erasure', how: 'Close your account: we erase your personal data except what a law makes us keep, and tell you what remains and until when.' },
  { name: 'Nominee', how: 'Name a person who may use these rights for you after your death or if you cannot.' },
  { name: 'Grievance', how: 'Write to our grievance officer; we answer within 90 days at the most.' },
  { name: 'Who looked', how: 'See when lab staff opened your appointments or reports (their role and the time).' },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

/** items of data with a line about each (what it is for, how long it is kept) */
function TermList({ items }: { items: Array<{ term: string; text: string }> }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <div key={i.term} className="p-4">
          <dt className="font-semibold text-slate-900">{i.term}</dt>
          <dd className="mt-1 text-slate-700">{i.text}</dd>
        </div>
      ))}
    </dl>
  );
}

const link = 'font-semibold text-brand-800 underline underline-offset-4';

export default function PrivacyPage({ loaderData: facts }: Route.ComponentProps) {
  const lab = useLabDetails();
  const officer = lab.grievance;
  return (
    <>
      <PageHero
        eyebrow="Privacy notice"
        title="How we look after your personal data"
        tagline={
          <>
            Version {privacyNotice.version}, dated <time dateTime={privacyNotice.date}>{formatDate(privacyNotice.date)}</time>. {lab.name} decides why and how your
            personal data is used (a “data fiduciary” under India’s Digital Personal Data Protection Act, 2023).
          </>
        }
      />
      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <Section id="privacy-collect" title="What we collect and why">
          <p>We collect only what we need to test your samples and report to you. Each item and its purpose:</p>
          <TermList items={collected.map((c) => ({ term: c.item, text: c.why }))} />
        </Section>

        <Section id="privacy-sharing" title="Who we share it with">
          <p>
            No one, by default. We do not sell your data, show you advertising, or pass your data to other companies. Lab staff see what their work needs,
            and every time they open your appointments or reports it is logged. We disclose data to an authority only when a law requires it.
          </p>
        </Section>

        <Section id="privacy-retention" title="How long we keep it">
          <TermList items={facts.retention.map((r) => ({ term: r.item, text: r.period }))} />
        </Section>

        <Section id="privacy-consent" title="Your consent, and how to withdraw it">
          <p>
            When you register or book, you agree to this notice by ticking a box: that is your consent to use your data for the service (booking,
            testing, reports, bills and your account). Without it we cannot book or keep an account for you.
          </p>
          <p>
            E-mails about offers and packages are a separate choice, off unless you tick it. We send no such e-mails today; we keep your choice for
            when we do.
          </p>
          <p>
            To withdraw either consent, sign in and open <Link to={paths.dashboard} className={link}>your dashboard</Link>: under “Your consents”
            each has its own Withdraw button. Withdrawing is as easy as giving. Withdrawing the service consent stops new bookings, reminders and
            e-mails; what a law makes us keep (bills and payments, released reports) stays for the periods above, locked from any other use. You
            can then close your account to erase the rest. If you booked as a guest, write to the grievance officer below.
          </p>
        </Section>

        <Section id="privacy-children" title="Children">
          <p>
            A patient under 18 is booked by a parent or lawful guardian. The booking form asks who the booking is for; for a child it asks the
            guardian’s name and relation and records the guardian’s consent.
          </p>
        </Section>

        <Section id="privacy-rights" title="Your rights">
          <p>
            Signed in, you use each right from <Link to={paths.dashboard} className={link}>your dashboard</Link>. Without an account, write to the
            grievance officer.
          </p>
          <ul className="list-disc space-y-2 pl-6">
            {rights.map((r) => (
              <li key={r.name}>
                <strong>{r.name}:</strong> {r.how}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="privacy-grievance" title="Questions and complaints">
          <p>Our grievance officer answers questions and complaints about your personal data, within 90 days at the most:</p>
          <address className="rounded-xl border border-slate-200 bg-white p-4 not-italic">
            <p className="font-semibold text-slate-900">{officer.name}</p>
            <p>
              E-mail:{' '}
              <a href={`mailto:${officer.email}`} className={link}>
                {officer.email}
              </a>
            </p>
            <p>
              Phone:{' '}
              <a href={telHref(officer.phone)} className={link}>
                {officer.phone}
              </a>
            </p>
            <p>
              {lab.name}, {lab.address_lines.join(', ')}
            </p>
          </address>
          <p>
            If you are not satisfied with our answer, you may complain to the <strong>Data Protection Board of India</strong>, the authority set up
            under the Digital Personal Data Protection Act, 2023, through its online complaint process.
          </p>
        </Section>

        <Section id="privacy-changes" title="Changes to this notice">
          <p>
            When we change this notice we give it a new version and date, and ask for your consent again the next time you sign in or book.
          </p>
        </Section>
      </div>
    </>
  );
}
