// The state of this feature's request forms (correction, grievance): the fields' values, the API's
// refusal (form-errors.ts) and whether the last one was sent. The server checks the fields; once it took
// a request, the fields named in `clear` are emptied (a chosen topic stays) and the form says it was sent.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';

interface RequestFormOptions<V extends Record<string, string>, I> {
  initial: V;
  /** the fields emptied once a request is taken */
  clear: readonly (keyof V & string)[];
  send: UseMutationResult<unknown, Error, I>;
  /** the request as the API takes it */
  input(values: V): I;
  /** the form's message when the answer names no field */
  failed: string;
  /** the fields whose refusal shows under them (TextField); any other refusal is said above the form */
  shown: readonly (keyof V & string)[];
}

export function useRequestForm<V extends Record<string, string>, I>({ initial, clear, send, input, failed, shown }: RequestFormOptions<V, I>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState(false);

  /** a text field's value, setter and message, as TextField takes them */
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name],
    onChange: (value: V[K]) => setValues((v) => ({ ...v, [name]: value })),
    error: errors.fields[name],
  });

  const onSubmit = () => {
    setSent(false);
    send.mutate(input(values), {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setValues((v) => ({ ...v, ...Object.fromEntries(clear.map((name) => [name, ''])) }));
        setSent(true);
      },
      onError: (error) => setErrors(formErrorsOf(error, failed, shown)),
    });
  };

  return { values, field, sent, pending: send.isPending, error: errors.form, onSubmit };
}
