// The static sections of the home page: what we offer, the services grid, why choose us and the
// contact summary.
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { telHref, useHoursSummary, useFrameLabDetails, whatsappHref } from '../../../shared/lib/lab-info.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { IconTileGrid, type IconTile } from '../../../shared/ui/icon-tile-grid.tsx';
import {
  ArrowRightIcon,
  ClockIcon,
  DnaIcon,
  DropIcon,
  FlaskIcon,
  HomeIcon,
  MailIcon,
  MapPinIcon,
  MicroscopeIcon,
  PhoneIcon,
  ScanIcon,
  SearchIcon,
  ShieldIcon,
  UsersIcon,
  CalendarIcon,
} from '../../../shared/ui/icons.tsx';
import { useLanguage, useT } from '../../../shared/i18n/i18n.tsx';

const offerings: IconTile[] = [
  { title: 'home.offer.home.title', text: 'home.offer.home.text', Icon: HomeIcon },
  {
    title: 'home.offer.online.title',
    text: 'home.offer.online.text',
    Icon: CalendarIcon,
  },
  {
    title: 'home.offer.reports.title',
    text: 'home.offer.reports.text',
    Icon: ClockIcon,
  },
];

export function ServicesSection() {
  const t = useT();
  return (
    <section aria-labelledby="what-we-offer" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="what-we-offer" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('home.whatWeOffer')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        {t('home.whatWeOffer.text')}
      </p>
      <IconTileGrid tiles={offerings} look="outline" columns={3} />
    </section>
  );
}

// The spellings of these paths are the home grid's own (docs/product.md#public-pages): /Microbiology and /Biochemistry.
const gridServices: (IconTile & { to: string })[] = [
  { title: 'home.grid.hematology.title', text: 'home.grid.hematology.text', Icon: DropIcon, to: paths.hematology },
  { title: 'home.grid.microbiology.title', text: 'home.grid.microbiology.text', Icon: MicroscopeIcon, to: paths.microbiologyAlt },
  { title: 'home.grid.serology.title', text: 'home.grid.serology.text', Icon: ShieldIcon, to: paths.serology },
  { title: 'home.grid.biochemistry.title', text: 'home.grid.biochemistry.text', Icon: FlaskIcon, to: paths.biochemistryAlt },
  { title: 'home.grid.radiology.title', text: 'home.grid.radiology.text', Icon: ScanIcon, to: paths.radiology },
  { title: 'home.grid.all.title', text: 'home.grid.all.text', Icon: ArrowRightIcon, to: paths.services },
];

export function ServicesGrid() {
  const { t, localePath } = useLanguage();
  return (
    <section aria-labelledby="our-services" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="our-services" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('home.ourServices')}
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
          {gridServices.map(({ title, text, Icon, to }) => (
            <li key={title}>
              <Link
                to={localePath(to)}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none"
              >
                <Icon className="h-8 w-8 text-brand-700" />
                <span className="mt-3 text-lg font-bold text-slate-900">{t(title)}</span>
                <span className="mt-1 text-sm text-slate-700">{t(text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const reasons: IconTile[] = [
  { title: 'home.why.equipment.title', text: 'home.why.equipment.text', Icon: DnaIcon },
  { title: 'home.why.tests.title', text: 'home.why.tests.text', Icon: SearchIcon },
  { title: 'home.why.precise.title', text: 'home.why.precise.text', Icon: ShieldIcon },
  { title: 'home.why.team.title', text: 'home.why.team.text', Icon: UsersIcon },
];

export function WhyChooseUs() {
  const { t, localePath } = useLanguage();
  return (
    <section aria-labelledby="why-choose-us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="why-choose-us" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('home.whyChooseUs')}
      </h2>
      <IconTileGrid tiles={reasons} look="tint" columns={4} />
      <Link to={localePath(paths.about)} className={`${buttonClass.secondary} mt-8`}>
        {t('home.learnMore')}
        {/* a bare "Learn More" tells search engines and screen reader link lists nothing */}
        <span className="sr-only">{t('home.learnMoreAbout')}</span>
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}

export function ContactSummary() {
  const lab = useFrameLabDetails();
  const mainPhone = lab.phones[0];
  const whatsapp = whatsappHref(lab.whatsapp);
  const { t, localePath } = useLanguage();
  const hours = useHoursSummary();
  return (
    <section aria-labelledby="contact-summary" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="contact-summary" className="text-2xl font-bold sm:text-3xl">
          {t('home.visitOrCall')}
        </h2>
        <dl className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <MailIcon /> {t('home.email')}
            </dt>
            <dd className="mt-1">
              <a href={`mailto:${lab.email}`} className="underline underline-offset-4">
                {lab.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <MapPinIcon /> {t('home.address')}
            </dt>
            <dd className="mt-1">
              {lab.address_lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <PhoneIcon /> {t('home.phones')}
            </dt>
            <dd className="mt-1">
              {lab.phones.map((p) => (
                <a key={p} href={telHref(p)} className="block underline underline-offset-4">
                  {p}
                </a>
              ))}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <ClockIcon /> {t('home.hours')}
            </dt>
            <dd className="mt-1">{hours}</dd>
          </div>
        </dl>
        {/* Plain links: the phone's dialler and WhatsApp open them, and no third-party script loads. */}
        <p className="mt-8 flex flex-wrap gap-3">
          {mainPhone ? (
            <a href={telHref(mainPhone)} className={buttonClass.light}>
              <PhoneIcon /> {t('home.call')}
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass.light}>
              WhatsApp<span className="sr-only">{t('frame.newTab')}</span>
            </a>
          ) : null}
          <Link to={localePath(paths.contact)} className={buttonClass.light}>
            {t('home.getInTouch')}
          </Link>
        </p>
      </div>
    </section>
  );
}
