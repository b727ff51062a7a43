// "Before your test": the combined preparation of the selected tests (the longest fast, every
// instruction once, the earliest latest time), shown before the person confirms the booking.
import { type CombinedPreparation, preparationLines } from '@lab/contract';

export function PreparationNote({ preparation }: { preparation: CombinedPreparation }) {
  return (
    <section aria-labelledby="preparation-heading" className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-slate-900">
      <h3 id="preparation-heading" className="font-semibold">
        Before your test
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {preparationLines(preparation).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
