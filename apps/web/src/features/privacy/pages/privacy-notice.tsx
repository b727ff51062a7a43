// The privacy notice's layout (DPDP Act 2023; docs/personal-data.md), in the page's language: its words are
// the catalogues' `privacy` section, which the page's data carries (privacy-page.tsx). The notice's
// version is the contract's, the same in both languages: a consent given on either page names it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Locale, type PrivacyNoticeFacts, paths, privacyNotice } from '@lab/contract';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { telHref, useLabDetails } from '../../../shared/lib/lab-info.ts';
import { PageHero } from '../../../shared/ui/page-hero.tsx';

// What the lab collects and why, and each right and how to use it: pairs of messages, in the notice's order.
const collected: ReadonlyArray<readonly [item: MessageId, why: MessageId]> = [
  ['privacy.collect.contact.item', 'privacy.collect.contact.why'],
  ['privacy.collect.account.item', 'privacy.collect.account.why'],
  ['privacy.collect.age.item', 'privacy.collect.age.why'],
  ['privacy.collect.address.item', 'privacy.collect.address.why'],
  ['privacy.collect.bookings.item', 'privacy.collect.bookings.why'],
  ['privacy.collect.results.item', 'privacy.collect.results.why'],
  ['privacy.collect.guardian.item', 'privacy.collect.guardian.why'],
  ['privacy.collect.messages.item', 'privacy.collect.messages.why'],
  ['privacy.collect.consents.item', 'privacy.collect.consents.why'],
];
const rights: ReadonlyArray<readonly [name: MessageId, how: MessageId]> = [
  ['privacy.rights.summary.name', 'privacy.rights.summary.how'],
  ['privacy.rights.download.name', 'privacy.rights.download.how'],
  ['privacy.rights.correction.name', 'privacy.rights.correction.how'],
  ['privacy.rights.erasure.name', 'privacy.rights.erasure.how'],
  ['privacy.rights.nominee.name', 'privacy.rights.nominee.how'],
  ['privacy.rights.grievance.name', 'privacy.rights.grievance.how'],
  ['privacy.rights.access.name', 'privacy.rights.access.how'],
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

/** a sentence with the dashboard's link in it: the words before and after the link, and the link's own */
function Linked({ before, text, after }: { before: string; text: string; after: string }) {
  return (
    <>
      {before}
      <Link to={paths.dashboard} className={link}>
        {text}
      </Link>
      {after}
    </>
  );
}

export function PrivacyNotice({ facts }: { facts: PrivacyNoticeFacts }) {
  const { t, locale } = useLanguage();
  const lab = useLabDetails();
  // the tagline's one message, with the date's element where its placeholder is
  const [beforeDate = '', afterDate = ''] = t('privacy.tagline', { version: privacyNotice.version, date: '\u0000', lab: lab.name }).split('\u0000');
  const officer = lab.grievance;
  return (
    <>
      <PageHero
        eyebrow={t('privacy.eyebrow')}
        title={t('privacy.title')}
        tagline={
          <>
            {beforeDate}
            <time dateTime={privacyNotice.date}>{noticeDate(locale)}</time>
            {afterDate}
          </>
        }
      />
      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <Section id="privacy-collect" title={t('privacy.collect.title')}>
          <p>{t('privacy.collect.lead')}</p>
          <TermList items={collected.map(([item, why]) => ({ term: t(item), text: t(why) }))} />
        </Section>

        <Section id="privacy-sharing" title={t('privacy.sharing.title')}>
          <p>{t('privacy.sharing.text')}</p>
        </Section>

        <Section id="privacy-retention" title={t('privacy.retention.title')}>
          <TermList items={facts.retention.map((r) => ({ term: r.item, text: r.period }))} />
        </Section>

        <Section id="privacy-consent" title={t('privacy.consent.title')}>
          <p>{t('privacy.consent.given')}</p>
          <p>{t('privacy.consent.marketing')}</p>
          <p>
            <Linked before={t('privacy.consent.withdraw.before')} text={t('privacy.consent.withdraw.link')} after={t('privacy.consent.withdraw.after')} />
          </p>
        </Section>

        <Section id="privacy-children" title={t('privacy.children.title')}>
          <p>{t('privacy.children.text')}</p>
        </Section>

        <Section id="privacy-rights" title={t('privacy.rights.title')}>
          <p>
            <Linked before={t('privacy.rights.lead.before')} text={t('privacy.rights.lead.link')} after={t('privacy.rights.lead.after')} />
          </p>
          <ul className="list-disc space-y-2 pl-6">
            {rights.map(([name, how]) => (
              <li key={name}>
                <strong>{t(name)}:</strong> {t(how)}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="privacy-grievance" title={t('privacy.grievance.title')}>
          <p>{t('privacy.grievance.lead')}</p>
          <address className="rounded-xl border border-slate-200 bg-white p-4 not-italic">
            <p className="font-semibold text-slate-900">{officer.name}</p>
            <p>
              {t('privacy.grievance.email')}{' '}
              <a href={`mailto:${officer.email}`} className={link}>
                {officer.email}
              </a>
            </p>
            <p>
              {t('privacy.grievance.phone')}{' '}
              <a href={telHref(officer.phone)} className={link}>
                {officer.phone}
              </a>
            </p>
            <p>
              {lab.name}, {lab.address_lines.join(', ')}
            </p>
          </address>
          <p>
            {t('privacy.grievance.board.before')}
            <strong>{t('privacy.grievance.board.name')}</strong>
            {t('privacy.grievance.board.after')}
          </p>
        </Section>

        <Section id="privacy-changes" title={t('privacy.changes.title')}>
          <p>{t('privacy.changes.text')}</p>
        </Section>
      </div>
    </>
  );
}
