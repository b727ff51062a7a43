// The week: for each weekday, whether the lab opens and its hours (the lab's details, which an admin
// edits under Content → Lab details), and the seats of each 30-minute slot for visits to the centre
// and for home collections. One save for the whole week, audited; each refusal shows at its field.
import { slotWeekSchema, staffPaths, type SlotWeek, WEEKDAYS, type Weekday } from '@lab/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useLabDetails } from '../../../../shared/lib/lab-info.ts';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useSaveSlotWeek, useSlotWeek } from '../../api/slots.ts';
import { fieldError } from '../../components/editor-form.tsx';
import { TextInput } from '../../components/fields.tsx';
import { btn, ListState, Panel } from '../../components/ui.tsx';
import { applyServerErrors } from '../../lib/server-errors.ts';

export const weekdayNames: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** the two seat counts of a slot, with the words of their fields */
export const seatKinds = [
  ['centre_seats', 'Seats at the centre per slot'],
  ['home_seats', 'Home collections per slot'],
] as const;

/** a seat count's input: a whole number, 0 to 500 (the contract's bounds) */
export const seatInput = { type: 'number', inputMode: 'numeric', min: 0, max: 500, step: 1 } as const;

const seatFields = WEEKDAYS.flatMap((d) => [`${d}.centre_seats`, `${d}.home_seats`]);
const asNumber = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };

function WeekForm({ week }: { week: SlotWeek }) {
  const lab = useLabDetails();
  const save = useSaveSlotWeek();
  const form = useForm<SlotWeek>({ resolver: zodResolver(slotWeekSchema), defaultValues: week });
  const [done, setDone] = useState<string | null>(null);
  const anyForm = form as never;

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      form.reset(await save.mutateAsync(values));
      setDone('The week’s seats are saved.');
    } catch (e) {
      applyServerErrors(form.setError, e, seatFields);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Seats per slot, each weekday">
      <StatusMessage tone="error" message={form.formState.errors.root?.server?.message} className="mb-3" />
      <div className="grid gap-3">
        {WEEKDAYS.map((d) => {
          const hours = lab.hours[d];
          return (
            <fieldset key={d} className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_1fr]">
              <legend className="sr-only">{weekdayNames[d]}</legend>
              <div>
                <p className="font-semibold text-slate-900" aria-hidden="true">
                  {weekdayNames[d]}
                </p>
                <p className="text-sm text-slate-700">{hours ? `Open ${hours.opens} to ${hours.closes}` : 'Closed'}</p>
              </div>
              {seatKinds.map(([kind, label]) => (
                <TextInput
                  key={kind}
                  label={`${label}, ${weekdayNames[d]}`}
                  {...seatInput}
                  error={fieldError(anyForm, `${d}.${kind}`)}
                  {...form.register(`${d}.${kind}`, asNumber)}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save the week'}
        </button>
        <StatusMessage tone="success" message={done} />
      </div>
    </form>
  );
}

export default function WeekManager() {
  const week = useSlotWeek();
  return (
    <Panel title="Seats per slot">
      <p className="mb-3 text-sm text-slate-700">
        The day is cut into 30-minute slots within the opening hours. Opening hours and closed weekdays are the lab’s details (
        <Link className="font-semibold text-brand-800 underline" to={staffPaths.staffLab}>
          Content → Lab details
        </Link>
        , admins); a single date that differs (a holiday, a short day, an extra phlebotomist) is set under “Dates set apart”.
      </p>
      <ListState isLoading={week.isLoading} error={week.error} loadingText="Loading the week..." />
      {week.data && <WeekForm week={week.data} />}
    </Panel>
  );
}
