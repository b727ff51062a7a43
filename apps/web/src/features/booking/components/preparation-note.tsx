// "Before your test": the combined preparation of the selected tests (the longest fast, every
// instruction once, the earliest latest time), shown before the person confirms the booking and on the
// confirmation. The lines are the contract's preparationMessages in the page's language, the latest time
// worded for the visit (come to the centre before it, or the sample drawn at home before it); the tests'
// own instructions are the catalogue's data (in Hindi where staff wrote it).
import type { CombinedPreparation } from '@lab/contract';
import { useT } from '../../../shared/i18n/i18n.tsx';

interface PreparationNoteProps {
  preparation: CombinedPreparation;
  /** a home collection: the phlebotomist comes to the patient, so the time is when the sample is drawn */
  homeSample: boolean;
  /** the heading's level where the note stands (under the form's h2, or on the confirmation page under its h1) */
  level?: 2 | 3;
}

export function PreparationNote({ preparation, homeSample, level = 3 }: PreparationNoteProps) {
  const t = useT();
  const Heading = level === 2 ? 'h2' : 'h3';
  const latest = preparation.latestTime;
  const lines = [
    ...(preparation.fastingHours !== null ? [t('booking.prep.fast', { hours: preparation.fastingHours })] : []),
    ...preparation.instructions,
    ...(latest !== null ? [homeSample ? t('booking.prep.drawnBefore', { time: latest }) : t('booking.prep.before', { time: latest })] : []),
  ];
  return (
    <section aria-labelledby="preparation-heading" className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-slate-900">
      <Heading id="preparation-heading" className="font-semibold">
        {t('booking.prep.title')}
      </Heading>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
