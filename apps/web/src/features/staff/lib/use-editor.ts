// State of a create-or-edit form: the values typed, which record is being edited (none: a new one),
// and the messages of the last refused save. The values survive a refused save untouched; they are
// cleared only after a successful one or when the person cancels.
import { useCallback, useRef, useState } from 'react';
import { useFormErrors } from './form-errors.ts';

/** `fields`: the names the API may answer messages for, which the form shows next to its fields */
export function useEditor<V extends Record<string, unknown>>(empty: V, fields: readonly string[]) {
  const [values, setValues] = useState<V>(empty);
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const { errors, fail, reset: resetErrors, clearField } = useFormErrors(fields);
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      clearField(key);
    },
    [clearField],
  );

  const edit = useCallback(
    (id: number, v: V) => {
      setEditingId(id);
      setValues(v);
      resetErrors();
      // Bring the form into view with its first field ready to type in.
      requestAnimationFrame(() => {
        formRef.current?.scrollIntoView({ block: 'start' });
        formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
      });
    },
    [resetErrors],
  );

  const reset = useCallback(() => {
    setEditingId(undefined);
    setValues(empty);
    resetErrors();
  }, [empty, resetErrors]);

  return { values, set, editingId, edit, reset, errors, fail, clearField, formRef };
}
