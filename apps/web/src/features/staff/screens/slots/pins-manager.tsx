// The PIN codes where the lab collects at home, with their locality names (in Hindi too, which the
// booking page shows Hindi readers): add one, rename its locality, remove it (new home collections
// there are then refused; booked ones stay). Audited.
import { pinCode, servedPinRequestSchema, type StaffServedPin } from '@lab/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { usePins, useRemovePin, useSavePin } from '../../api/slots.ts';
import { ActionsCell, DataTable } from '../../components/data-table.tsx';
import { fieldError, FormButtons } from '../../components/editor-form.tsx';
import { TextInput } from '../../components/fields.tsx';
import { btn, HindiLine, ListState, Panel, tdClass } from '../../components/ui.tsx';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';

const formSchema = servedPinRequestSchema.extend({ pin: pinCode });
type PinForm = z.input<typeof formSchema>;
const empty: PinForm = { pin: '', locality: '', locality_hi: '' };

export default function PinsManager() {
  const pins = usePins();
  const save = useSavePin();
  const remove = useRemovePin();
  const form = useForm<PinForm, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const anyForm = form as never;

  const reset = () => {
    setEditing(null);
    form.reset(empty);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      const saved = await save.mutateAsync(values);
      setDone({ message: `${saved.pin} (${saved.locality}) ${editing ? 'saved' : 'added'}.`, tone: 'success' });
      reset();
    } catch (e) {
      applyServerErrors(form.setError, e, ['pin', 'locality', 'locality_hi']);
    }
  });

  const removePin = async (p: StaffServedPin) => {
    if (!window.confirm(`Stop home collection at ${p.pin} (${p.locality})? Visits already booked there stay.`)) return;
    setDone(null);
    try {
      await remove.mutateAsync(p.pin);
      setDone({ message: `${p.pin} (${p.locality}) removed.`, tone: 'success' });
      if (editing === p.pin) reset();
    } catch {
      setDone({ message: `Could not remove ${p.pin}. Please try again.`, tone: 'error' });
    }
  };

  return (
    <>
      <Panel title={editing ? `Rename the locality of ${editing}` : 'Add a PIN code'}>
        <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
          <StatusMessage tone="error" message={form.formState.errors.root?.server?.message} className="sm:col-span-2" />
          <TextInput label="PIN code" inputMode="numeric" autoComplete="off" maxLength={7} readOnly={editing !== null} error={fieldError(anyForm, 'pin')} {...form.register('pin')} />
          <TextInput label="Locality" error={fieldError(anyForm, 'locality')} {...form.register('locality')} />
          <TextInput label="Locality in Hindi" lang="hi" hint={HINDI_HINT} className="sm:col-start-2" error={fieldError(anyForm, 'locality_hi')} {...form.register('locality_hi')} />
          <FormButtons className="sm:col-span-2" editing={editing !== null} pending={save.isPending} submitLabel={['Add PIN code', 'Save locality']} onCancel={reset} />
        </form>
      </Panel>
      <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />
      <ListState isLoading={pins.isLoading} error={pins.error} loadingText="Loading the PIN codes..." />
      {pins.data && pins.data.length === 0 && <p className="text-slate-700">No PIN code is served: home collection cannot be booked.</p>}
      {pins.data && pins.data.length > 0 && (
        <DataTable caption="PIN codes served for home collection" columns={['PIN code', 'Locality', 'Actions']}>
          {pins.data.map((p) => (
            <tr key={p.pin}>
              <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                {p.pin}
              </th>
              <td className={tdClass}>
                {p.locality}
                <HindiLine text={p.locality_hi} />
              </td>
              <ActionsCell>
                <button
                  type="button"
                  className={btn.secondary}
                  onClick={() => {
                    setEditing(p.pin);
                    form.reset({ pin: p.pin, locality: p.locality, locality_hi: p.locality_hi ?? '' });
                    requestAnimationFrame(() => formRef.current?.querySelectorAll<HTMLElement>('input')[1]?.focus());
                  }}
                >
                  Edit<span className="sr-only"> {p.pin}</span>
                </button>
                <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => void removePin(p)}>
                  Remove<span className="sr-only"> {p.pin}</span>
                </button>
              </ActionsCell>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
