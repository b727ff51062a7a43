// A manager screen's create-or-edit form on react-hook-form: the contract's input schema checks the
// values in the browser (the same messages the server would give), the server's own refusals go to
// their fields with setError, and the result line says what the last save or list change did. The
// values survive a refused save untouched; they are cleared only after a successful one or on cancel.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { StatusTone } from '../../../shared/ui/status-message.tsx';
import { applyServerErrors } from './server-errors.ts';

export interface Outcome {
  message: string;
  tone: StatusTone;
}

export interface EditorConfig<In extends FieldValues, Out, Rec, Saved> {
  /** the contract's input schema of the record */
  schema: z.ZodType<Out, In>;
  /** the values of a new record */
  empty: DefaultValues<In>;
  /** the values of a record being edited */
  fromRecord(record: Rec): DefaultValues<In>;
  /** the mutation that creates (no id) or changes the record */
  save: { mutateAsync(change: { id: number | undefined; values: Out }): Promise<Saved>; isPending: boolean };
  /** the result line of a successful save */
  savedMessage(saved: Saved, edited: boolean): string;
}

export function useStaffEditor<In extends FieldValues, Out, Rec extends { id: number }, Saved>(config: EditorConfig<In, Out, Rec, Saved>) {
  const { schema, empty, fromRecord, save, savedMessage } = config;
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues: empty });
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const [done, setDone] = useState<Outcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const edit = (record: Rec) => {
    setEditingId(record.id);
    form.reset(fromRecord(record));
    // Bring the form into view with its first field ready to type in.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    });
  };

  const reset = () => {
    setEditingId(undefined);
    form.reset(empty);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      const saved = await save.mutateAsync({ id: editingId, values });
      setDone({ message: savedMessage(saved, editingId !== undefined), tone: 'success' });
      reset();
    } catch (e) {
      applyServerErrors(form.setError, e, Object.keys(form.getValues()));
    }
  });

  /** a change made from a list row (activate, close, publish...); the form is left as it is */
  const change = useCallback(async <T>(run: () => Promise<T>, success: (saved: T) => string, failure: string) => {
    setDone(null);
    try {
      const saved = await run();
      setDone({ message: success(saved), tone: 'success' });
    } catch {
      setDone({ message: failure, tone: 'error' });
    }
  }, []);

  /** switches a named catalogue record on or off from its list row: "Plan “Gold” deactivated." */
  const toggleActive = <T extends { name: string; active: boolean }>(noun: string, record: T, run: (active: boolean) => Promise<T>) =>
    change(
      () => run(!record.active),
      (saved) => `${noun} “${saved.name}” ${saved.active ? 'activated' : 'deactivated'}.`,
      `Could not change “${record.name}”. Please try again.`,
    );

  return { form, editingId, edit, reset, onSubmit, done, change, toggleActive, formRef, pending: save.isPending };
}

export type StaffEditor<In extends FieldValues, Out> = Pick<ReturnType<typeof useStaffEditor<In, Out, { id: number }, unknown>>, 'form' | 'editingId' | 'reset' | 'onSubmit' | 'formRef' | 'done' | 'pending'>;
