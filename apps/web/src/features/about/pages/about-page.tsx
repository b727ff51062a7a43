// About Us (spec §2 "/About"): hero, "Why Us" with four tiles, and the Story, Mission and Approach blocks.
import { type ComponentType, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ClockIcon, DnaIcon, type IconProps, RupeeIcon, UsersIcon } from '../../../shared/ui/icons.tsx';
import { LabDetailsList } from '../../../shared/ui/lab-details-list.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';

export const meta = () => [
  { title: 'About Us | Lab Centre Diagnostics' },
  {
    name: 'description',
    content: 'Who we are: a diagnostic laboratory with modern machinery, fair prices, fast reports and an experienced team.',
  },
];

const reasons: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Latest Machinery',
    text: 'Automated analysers and digital imaging from leading manufacturers, serviced and calibrated on schedule.',
    Icon: DnaIcon,
  },
  {
    title: 'Reasonable Rates',
    text: 'Transparent prices in rupees, regular offers and member discounts, with no hidden charges.',
    Icon: RupeeIcon,
  },
  {
    title: 'Time Efficiency',
    text: 'Short waiting times, punctual home collection and same-day reports for most routine tests.',
    Icon: ClockIcon,
  },
  {
    title: 'Expertise in Industry',
    text: 'Pathologists and technologists with many years of experience in clinical laboratories.',
    Icon: UsersIcon,
  },
];

const blocks = [
  {
    id: 'story',
    title: 'Our Story',
    text: [
      'Lab Centre Diagnostics began as a small neighbourhood pathology lab with one analyser and a promise: every patient deserves a report they can trust, on time. Word spread through the doctors and families we served.',
      'Today we run a full diagnostic centre with hematology, microbiology, serology, biochemistry and radiology departments, and our phlebotomists collect samples from homes across the city every day.',
    ],
  },
  {
    id: 'mission',
    title: 'Our Mission',
    text: [
      'To make accurate diagnostic testing simple, affordable and accessible to everyone, so that illness is found early and treated well.',
      'We measure ourselves by the confidence doctors place in our reports and by the ease our patients feel from booking to result.',
    ],
  },
  {
    id: 'approach',
    title: 'Our Approach',
    text: [
      'Quality comes first: standard procedures for every test, daily internal controls, external proficiency testing and specialist review of every report before it is released.',
      'We explain preparation clearly, keep waiting times short, protect your data and are always available to answer questions about your results.',
    ],
  },
];

const LabPicture = lazy(() => import('../../../shared/ui/lab-picture.tsx'));

export default function AboutPage() {
  const lab = useLabDetails();
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Caring for your health through accurate diagnosis"
        tagline={`${lab.name} brings modern laboratory medicine and imaging together, with people who care about every sample.`}
        actions={
          <Link to={paths.appointment} className={buttonClass.primary}>
            Book an Appointment
          </Link>
        }
        // The picture's column only when an admin chose one: without, the text takes the banner's width.
        art={
          lab.about_image ? (
            <Suspense fallback={null}>
              <LabPicture picture="about_image" variant="art" />
            </Suspense>
          ) : undefined
        }
      />
      <section aria-labelledby="why-us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="why-us" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Why Us
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-3">
          {blocks.map((b) => (
            <section key={b.id} aria-labelledby={`about-${b.id}`} className="rounded-xl bg-white p-6 shadow-sm">
              <h2 id={`about-${b.id}`} className="text-xl font-bold text-brand-900">
                {b.title}
              </h2>
              {b.text.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
      <section aria-labelledby="visit-us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="visit-us" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Visit Us
        </h2>
        <div className="mt-6 max-w-xl text-slate-800">
          <LabDetailsList lab={lab} tone="light" />
        </div>
      </section>
    </>
  );
}
