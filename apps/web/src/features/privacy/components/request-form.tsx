// The frame of this feature's request forms (correction, grievance): the fields, the send button
// (busy while sending) and the live message saying it was sent or why not.
import type { FormEvent, ReactNode } from 'react';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

interface RequestFormProps {
  send: string;
  pending: boolean;
  /** the success message once sent; null before and after an edit */
  sent: string | null;
  error: string | null;
  onSubmit(): void;
  children: ReactNode;
}

export function RequestForm({ send, pending, sent, error, onSubmit, children }: RequestFormProps) {
  const t = useT();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <>
      <form onSubmit={submit} className="mt-3 grid gap-3" noValidate>
        {children}
        <div>
          <button type="submit" disabled={pending} className={buttonClass.primary}>
            {pending ? t('patient.sending') : send}
          </button>
        </div>
      </form>
      <StatusMessage message={sent ?? error} tone={sent ? 'success' : 'error'} className="mt-3" />
    </>
  );
}
