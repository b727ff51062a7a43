// Dates set apart from the week: a holiday (closed), a short day (other hours), an extra phlebotomist
// (more seats). The upcoming ones are listed; one is added, changed or removed here, audited.
import { isoDate, type SlotOverride, slotOverrideRequestSchema } from '@lab/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useRemoveSlotDate, useSaveSlotDate, useSlotDates } from '../../api/slots.ts';
import { ActionsCell, DataTable } from '../../components/data-table.tsx';
import { fieldError, FormButtons } from '../../components/editor-form.tsx';
import { CheckboxInput, TextInput } from '../../components/fields.tsx';
import { btn, ListState, Panel, ScrollArea, tdClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { seatInput, seatKinds } from './week-manager.tsx';

const formSchema = z.object({ date: isoDate }).and(slotOverrideRequestSchema);
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const empty: FormIn = { date: '', closed: false, opens: null, closes: null, centre_seats: null, home_seats: null, note: '' };
const fields = ['date', 'closed', 'opens', 'closes', 'centre_seats', 'home_seats', 'note'];
const nullWhenEmpty = (toNumber: boolean) => ({ setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : toNumber ? Number(v) : v) });

/** what a date set apart does, in words */
export function overrideSummary(o: SlotOverride): string {
  if (o.closed) return 'Closed';
  const parts = [
    o.opens && o.closes ? `Open ${o.opens} to ${o.closes}` : 'Usual hours',
    o.centre_seats !== null ? `${o.centre_seats} at the centre per slot` : '',
    o.home_seats !== null ? `${o.home_seats} home collections per slot` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

export default function DatesManager() {
  const dates = useSlotDates();
  const save = useSaveSlotDate();
  const remove = useRemoveSlotDate();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const anyForm = form as never;
  const closed = form.watch('closed');

  const reset = () => {
    setEditing(null);
    form.reset(empty);
  };

  const edit = (o: SlotOverride) => {
    setEditing(o.date);
    form.reset({ ...o });
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
  };

  const onSubmit = form.handleSubmit(async ({ date, ...values }) => {
    setDone(null);
    try {
      await save.mutateAsync({ date, values });
      setDone({ message: `${formatDate(date)} ${editing ? 'saved' : 'set apart'}.`, tone: 'success' });
      reset();
    } catch (e) {
      applyServerErrors(form.setError, e, fields);
    }
  });

  const removeDate = async (o: SlotOverride) => {
    if (!window.confirm(`Remove ${formatDate(o.date)} from the dates set apart? The week’s hours and seats apply again.`)) return;
    setDone(null);
    try {
      await remove.mutateAsync(o.date);
      setDone({ message: `${formatDate(o.date)} follows the week again.`, tone: 'success' });
      if (editing === o.date) reset();
    } catch {
      setDone({ message: `Could not remove ${formatDate(o.date)}. Please try again.`, tone: 'error' });
    }
  };

  return (
    <>
      <Panel title={editing ? `Change ${formatDate(editing)}` : 'Set a date apart'}>
        <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
          <StatusMessage tone="error" message={form.formState.errors.root?.server?.message} className="sm:col-span-2 lg:col-span-4" />
          <TextInput label="Date" type="date" readOnly={editing !== null} error={fieldError(anyForm, 'date')} {...form.register('date')} />
          <CheckboxInput label="Closed all day (a holiday)" className="lg:col-span-3 lg:pt-8" error={fieldError(anyForm, 'closed')} {...form.register('closed')} />
          <TextInput label="Opens (empty: usual hours)" type="time" disabled={closed} error={fieldError(anyForm, 'opens')} {...form.register('opens', nullWhenEmpty(false))} />
          <TextInput label="Closes (empty: usual hours)" type="time" disabled={closed} error={fieldError(anyForm, 'closes')} {...form.register('closes', nullWhenEmpty(false))} />
          {seatKinds.map(([kind, label]) => (
            <TextInput key={kind} label={`${label} (empty: the week’s)`} {...seatInput} disabled={closed} error={fieldError(anyForm, kind)} {...form.register(kind, nullWhenEmpty(true))} />
          ))}
          <TextInput label="Note (shown to patients on a closed day)" className="sm:col-span-2 lg:col-span-4" error={fieldError(anyForm, 'note')} {...form.register('note')} />
          <FormButtons className="sm:col-span-2 lg:col-span-4" editing={editing !== null} pending={save.isPending} submitLabel={['Set date apart', 'Save date']} onCancel={reset} />
        </form>
      </Panel>
      <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />
      <ListState isLoading={dates.isLoading} error={dates.error} loadingText="Loading the dates..." />
      {dates.data && dates.data.length === 0 && <p className="text-slate-700">No upcoming date is set apart: every day follows the week.</p>}
      {dates.data && dates.data.length > 0 && (
        <ScrollArea label="Upcoming dates set apart">
          <DataTable caption="Upcoming dates set apart" columns={['Date', 'What', 'Note', 'Actions']}>
            {dates.data.map((o) => (
              <tr key={o.date}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {formatDate(o.date)}
                </th>
                <td className={tdClass}>{overrideSummary(o)}</td>
                <td className={tdClass}>{o.note}</td>
                <ActionsCell>
                  <button type="button" className={btn.secondary} onClick={() => edit(o)}>
                    Edit<span className="sr-only"> {formatDate(o.date)}</span>
                  </button>
                  <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => void removeDate(o)}>
                    Remove<span className="sr-only"> {formatDate(o.date)}</span>
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
    </>
  );
}
