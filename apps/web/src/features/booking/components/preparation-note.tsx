// "Before your test": the combined preparation of the selected tests (the longest fast, every
// instruction once, the earliest latest time), shown before the person confirms the booking. The lines
// are the contract's preparationLines in the page's language; the tests' own instructions are the
// catalogue's data (in Hindi where staff wrote it).
import type { CombinedPreparation } from '@lab/contract';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function PreparationNote({ preparation }: { preparation: CombinedPreparation }) {
  const t = useT();
  const lines = [
    ...(preparation.fastingHours !== null ? [t('booking.prep.fast', { hours: preparation.fastingHours })] : []),
    ...preparation.instructions,
    ...(preparation.latestTime !== null ? [t('booking.prep.before', { time: preparation.latestTime })] : []),
  ];
  return (
    <section aria-labelledby="preparation-heading" className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-slate-900">
      <h3 id="preparation-heading" className="font-semibold">
        {t('booking.prep.title')}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
