// The lab's address (with a map link), phone numbers as tel: links, e-mail and opening hours of every
// weekday, and the accreditation while it is in force: the Contact and About pages show it, from the
// details an admin keeps (contract LabDetails).
import type { ComponentType, ReactNode } from 'react';
import type { LabDetails } from '@lab/contract';
import { telHref } from '../lib/lab-info.ts';
import { hoursByDay } from '../lib/opening-hours.ts';
import { formatDate } from '../lib/format-date.ts';
import { ClockIcon, type IconProps, MailIcon, MapPinIcon, MicroscopeIcon, PhoneIcon } from './icons.tsx';
import { useLanguage } from '../i18n/i18n.tsx';

const tones = {
  /** on the brand's dark panel */
  dark: { icon: 'text-brand-200', link: 'underline underline-offset-4' },
  /** on white */
  light: { icon: 'text-brand-700', link: 'font-semibold text-brand-800 underline underline-offset-4' },
} as const;

type Tone = keyof typeof tones;

function Item({ Icon, title, tone, children }: { Icon: ComponentType<IconProps>; title: string; tone: Tone; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${tones[tone].icon}`} />
      <div>
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

export function LabDetailsList({ lab, tone }: { lab: LabDetails; tone: Tone }) {
  const link = tones[tone].link;
  const accreditation = inForce(lab);
  const language = useLanguage();
  const { t, locale } = language;
  return (
    <address className="space-y-5 not-italic">
      <Item Icon={MapPinIcon} title={t('lab.address')} tone={tone}>
        {lab.address_lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {lab.map_url ? (
          <a href={lab.map_url} target="_blank" rel="noopener noreferrer" className={link}>
            {t('lab.map')}<span className="sr-only">{t('frame.newTab')}</span>
          </a>
        ) : null}
      </Item>
      <Item Icon={PhoneIcon} title={t('lab.phone')} tone={tone}>
        {lab.phones.map((p) => (
          <a key={p} href={telHref(p)} className={`block ${link}`}>
            {p}
          </a>
        ))}
      </Item>
      <Item Icon={MailIcon} title={t('lab.email')} tone={tone}>
        <a href={`mailto:${lab.email}`} className={link}>
          {lab.email}
        </a>
      </Item>
      <Item Icon={ClockIcon} title={t('lab.hours')} tone={tone}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4">
          {hoursByDay(lab, language).map(({ day, hours }) => (
            <div key={day} className="contents">
              <dt>{day}</dt>
              <dd>{hours}</dd>
            </div>
          ))}
        </dl>
      </Item>
      {accreditation ? (
        <Item Icon={MicroscopeIcon} title={t('lab.accreditation')} tone={tone}>
          <p>
            {t('lab.accreditationText', { body: accreditation.body, number: accreditation.certificate_number, date: formatDate(accreditation.valid_until, locale) })}
          </p>
          <p>{t('lab.scope', { scope: accreditation.scope })}</p>
        </Item>
      ) : null}
    </address>
  );
}

/** the accreditation while it is in force (its last valid day not yet past in India), else null */
function inForce(lab: LabDetails): LabDetails['accreditation'] {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  return lab.accreditation && lab.accreditation.valid_until >= today ? lab.accreditation : null;
}
