// The static sections of the home page: what we offer, the services grid, why choose us and the
// contact summary.
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { hoursSummary, telHref, useLabDetails, whatsappHref } from '../../../shared/lib/lab-info.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import {
  ArrowRightIcon,
  ClockIcon,
  DnaIcon,
  DropIcon,
  FlaskIcon,
  HomeIcon,
  type IconProps,
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

interface Tile {
  title: string;
  text: string;
  Icon: ComponentType<IconProps>;
}

const offerings: Tile[] = [
  { title: 'Home Sample Collection', text: 'A trained phlebotomist collects your sample at home, at the time you choose.', Icon: HomeIcon },
  {
    title: 'Easy Online Booking',
    text: 'Pick your tests, a date and a time in a few clicks, with or without an account.',
    Icon: CalendarIcon,
  },
  {
    title: 'Timely Reports',
    text: 'Most routine reports are ready the same day, checked by a specialist before release.',
    Icon: ClockIcon,
  },
];

export function ServicesSection() {
  return (
    <section aria-labelledby="what-we-offer" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="what-we-offer" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        What We Offer
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        A complete diagnostic laboratory under one roof: pathology, imaging and expert reporting, with the convenience of testing from home.
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {offerings.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-xl border border-slate-200 p-6">
            <Icon className="h-8 w-8 text-brand-700" />
            <h3 className="mt-3 text-lg font-bold text-slate-900">{title}</h3>
            <p className="mt-1 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The spellings of these paths are the home grid's own (spec §2): /Microbiology and /Biochemistry.
const gridServices: (Tile & { to: string })[] = [
  { title: 'Hematology', text: 'Blood counts, clotting and marrow studies.', Icon: DropIcon, to: paths.hematology },
  { title: 'Microbiology', text: 'Cultures and PCR tests for infections.', Icon: MicroscopeIcon, to: paths.microbiologyAlt },
  { title: 'Serology', text: 'Antibody and antigen tests.', Icon: ShieldIcon, to: paths.serology },
  { title: 'Biochemistry', text: 'Organ function, sugar and hormones.', Icon: FlaskIcon, to: paths.biochemistryAlt },
  { title: 'Radiology', text: 'X-ray, CT, MRI and ultrasound.', Icon: ScanIcon, to: paths.radiology },
  { title: 'All Services', text: 'See everything we offer.', Icon: ArrowRightIcon, to: paths.services },
];

export function ServicesGrid() {
  return (
    <section aria-labelledby="our-services" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="our-services" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Our Services
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
          {gridServices.map(({ title, text, Icon, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none"
              >
                <Icon className="h-8 w-8 text-brand-700" />
                <span className="mt-3 text-lg font-bold text-slate-900">{title}</span>
                <span className="mt-1 text-sm text-slate-700">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const reasons: Tile[] = [
  { title: 'Advanced Equipment', text: 'Fully automated analysers and digital imaging, calibrated every day.', Icon: DnaIcon },
  { title: 'Comprehensive Tests', text: 'Hundreds of tests across five specialities, from routine to rare.', Icon: SearchIcon },
  { title: 'Precise Analysis', text: 'Internal and external quality controls on every run for results you can trust.', Icon: ShieldIcon },
  { title: 'Expert Team', text: 'Pathologists, microbiologists and radiologists with years of experience.', Icon: UsersIcon },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="why-choose-us" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Why Choose Us
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-xl bg-brand-50 p-6">
            <Icon className="h-8 w-8 text-brand-800" />
            <h3 className="mt-3 text-lg font-bold text-slate-900">{title}</h3>
            <p className="mt-1 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
      <Link to={paths.about} className={`${buttonClass.secondary} mt-8`}>
        Learn More
        {/* a bare "Learn More" tells search engines and screen reader link lists nothing */}
        <span className="sr-only"> about us</span>
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}

export function ContactSummary() {
  const lab = useLabDetails();
  const mainPhone = lab.phones[0];
  const whatsapp = whatsappHref(lab.whatsapp);
  return (
    <section aria-labelledby="contact-summary" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="contact-summary" className="text-2xl font-bold sm:text-3xl">
          Visit or Call Us
        </h2>
        <dl className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <MailIcon /> E-mail
            </dt>
            <dd className="mt-1">
              <a href={`mailto:${lab.email}`} className="underline underline-offset-4">
                {lab.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-brand-100">
              <MapPinIcon /> Office Address
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
              <PhoneIcon /> Phone Numbers
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
              <ClockIcon /> Working Hours
            </dt>
            <dd className="mt-1">{hoursSummary(lab)}</dd>
          </div>
        </dl>
        {/* Plain links: the phone's dialler and WhatsApp open them, and no third-party script loads. */}
        <p className="mt-8 flex flex-wrap gap-3">
          {mainPhone ? (
            <a href={telHref(mainPhone)} className={buttonClass.light}>
              <PhoneIcon /> Call
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass.light}>
              WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          <Link to={paths.contact} className={buttonClass.light}>
            Get in Touch
          </Link>
        </p>
      </div>
    </section>
  );
}
