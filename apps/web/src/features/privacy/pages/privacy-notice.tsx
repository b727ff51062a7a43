// The privacy notice's layout (DPDP Act 2023; docs/personal-data.md), in the words of one language: /privacy passes
// the English (privacy-page.tsx), /hi/privacy the Hindi (privacy-page-hi.tsx), so each page's chunk
// carries only its own language. The notice's version is the contract's, the same in both: a consent
// given on either page names it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Locale, type PrivacyNoticeFacts, paths, privacyNotice } from '@lab/contract';
import { telHref, useLabDetails } from '../../../shared/lib/lab-info.ts';
import { PageHero } from '../../../shared/ui/page-hero.tsx';

/** a sentence with the dashboard's link in it: the words before and after the link, and the link's own */
export interface LinkedSentence {
  before: string;
  link: string;
  after: string;
}

/** every word of the notice in one language */
export interface NoticeWords {
  locale: Locale;
  eyebrow: string;
  title: string;
  tagline(version: string, date: ReactNode, lab: string): ReactNode;
  collect: { title: string; lead: string; items: Array<{ item: string; why: string }> };
  sharing: { title: string; text: string };
  retention: { title: string };
  consent: { title: string; given: string; marketing: string; withdraw: LinkedSentence };
  children: { title: string; text: string };
  rights: { title: string; lead: LinkedSentence; items: Array<{ name: string; how: string }> };
  grievance: { title: string; lead: string; email: string; phone: string; board: { before: string; name: string; after: string } };
  changes: { title: string; text: string };
}

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

/**
 * The notice's date as the site writes dates ("24 Nov 2026", "24 नवंबर 2026", as formatDate does),
 * without the date module and its India clock, which this page needs for nothing else (first-load budget).
 */
function noticeDate(locale: Locale): string {
  const [y, m, d] = privacyNotice.date.split('-').map(Number) as [number, number, number];
  const month = locale === 'en' ? 'JanFebMarAprMayJunJulAugSepOctNovDec'.slice(m * 3 - 3, m * 3) : new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, m - 1, 1));
  return `${d} ${month} ${y}`;
}

const link = 'font-semibold text-brand-800 underline underline-offset-4';

function Linked({ s }: { s: LinkedSentence }) {
  return (
    <>
      {s.before}
      <Link to={paths.dashboard} className={link}>
        {s.link}
      </Link>
      {s.after}
    </>
  );
}

export function PrivacyNotice({ facts, w }: { facts: PrivacyNoticeFacts; w: NoticeWords }) {
  const lab = useLabDetails();
  const officer = lab.grievance;
  return (
    <>
      <PageHero
        eyebrow={w.eyebrow}
        title={w.title}
        tagline={w.tagline(privacyNotice.version, <time dateTime={privacyNotice.date}>{noticeDate(w.locale)}</time>, lab.name)}
      />
      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <Section id="privacy-collect" title={w.collect.title}>
          <p>{w.collect.lead}</p>
          <TermList items={w.collect.items.map((c) => ({ term: c.item, text: c.why }))} />
        </Section>

        <Section id="privacy-sharing" title={w.sharing.title}>
          <p>{w.sharing.text}</p>
        </Section>

        <Section id="privacy-retention" title={w.retention.title}>
          <TermList items={facts.retention.map((r) => ({ term: r.item, text: r.period }))} />
        </Section>

        <Section id="privacy-consent" title={w.consent.title}>
          <p>{w.consent.given}</p>
          <p>{w.consent.marketing}</p>
          <p>
            <Linked s={w.consent.withdraw} />
          </p>
        </Section>

        <Section id="privacy-children" title={w.children.title}>
          <p>{w.children.text}</p>
        </Section>

        <Section id="privacy-rights" title={w.rights.title}>
          <p>
            <Linked s={w.rights.lead} />
          </p>
          <ul className="list-disc space-y-2 pl-6">
            {w.rights.items.map((r) => (
              <li key={r.name}>
                <strong>{r.name}:</strong> {r.how}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="privacy-grievance" title={w.grievance.title}>
          <p>{w.grievance.lead}</p>
          <address className="rounded-xl border border-slate-200 bg-white p-4 not-italic">
            <p className="font-semibold text-slate-900">{officer.name}</p>
            <p>
              {w.grievance.email}{' '}
              <a href={`mailto:${officer.email}`} className={link}>
                {officer.email}
              </a>
            </p>
            <p>
              {w.grievance.phone}{' '}
              <a href={telHref(officer.phone)} className={link}>
                {officer.phone}
              </a>
            </p>
            <p>
              {lab.name}, {lab.address_lines.join(', ')}
            </p>
          </address>
          <p>
            {w.grievance.board.before}
            <strong>{w.grievance.board.name}</strong>
            {w.grievance.board.after}
          </p>
        </Section>

        <Section id="privacy-changes" title={w.changes.title}>
          <p>{w.changes.text}</p>
        </Section>
      </div>
    </>
  );
}
