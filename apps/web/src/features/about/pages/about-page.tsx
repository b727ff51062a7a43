// About Us (docs/product.md#public-pages): hero, "Why Us" with four tiles, and the Story, Mission and Approach blocks.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { IconTileGrid, type IconTile } from '../../../shared/ui/icon-tile-grid.tsx';
import { ClockIcon, DnaIcon, RupeeIcon, UsersIcon } from '../../../shared/ui/icons.tsx';
import { LabDetailsList } from '../../../shared/ui/lab-details-list.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import type { MetaArgs } from 'react-router';
import { pageMeta, useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'about.meta.title', 'about.meta.description');

const reasons: IconTile[] = [
  {
    title: 'about.machinery.title',
    text: 'about.machinery.text',
    Icon: DnaIcon,
  },
  {
    title: 'about.rates.title',
    text: 'about.rates.text',
    Icon: RupeeIcon,
  },
  {
    title: 'about.time.title',
    text: 'about.time.text',
    Icon: ClockIcon,
  },
  {
    title: 'about.expertise.title',
    text: 'about.expertise.text',
    Icon: UsersIcon,
  },
];

const blocks: { id: string; title: MessageId; text: MessageId[] }[] = [
  {
    id: 'story',
    title: 'about.story.title',
    text: [
      'about.story.p1',
      'about.story.p2',
    ],
  },
  {
    id: 'mission',
    title: 'about.mission.title',
    text: [
      'about.mission.p1',
      'about.mission.p2',
    ],
  },
  {
    id: 'approach',
    title: 'about.approach.title',
    text: [
      'about.approach.p1',
      'about.approach.p2',
    ],
  },
];

const LabPicture = lazy(() => import('../../../shared/ui/lab-picture.tsx'));

export default function AboutPage() {
  const lab = useLabDetails();
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t('about.eyebrow')}
        title={t('about.title')}
        tagline={t('about.tagline', { name: lab.name })}
        actions={
          <Link to={paths.appointment} className={buttonClass.primary}>
            {t('about.book')}
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
          {t('about.whyUs')}
        </h2>
        <IconTileGrid tiles={reasons} look="card" columns={4} />
      </section>
      <div className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-3">
          {blocks.map((b) => (
            <section key={b.id} aria-labelledby={`about-${b.id}`} className="rounded-xl bg-white p-6 shadow-sm">
              <h2 id={`about-${b.id}`} className="text-xl font-bold text-brand-900">
                {t(b.title)}
              </h2>
              {b.text.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700">
                  {t(p)}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
      <section aria-labelledby="visit-us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="visit-us" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('about.visitUs')}
        </h2>
        <div className="mt-6 max-w-xl text-slate-800">
          <LabDetailsList lab={lab} tone="light" />
        </div>
      </section>
    </>
  );
}
