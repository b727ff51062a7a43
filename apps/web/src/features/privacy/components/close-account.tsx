// Erasure: closing the account. The password again, a confirmation that says what goes and what the
// law makes the lab keep; the route then shows what remains and until when (AccountClosedPanel).
import type { AccountClosed } from '@lab/contract';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useCloseAccount } from '../api/close-account.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { TextField } from './text-field.tsx';

const FAILED = 'Could not close your account. Please try again.';

export function CloseAccount({ onClosed }: { onClosed(result: AccountClosed): void }) {
  const id = useId();
  const close = useCloseAccount();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) {
      setErrors({ fields: { password: 'Enter your password.' }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setConfirming(true);
  };

  const confirm = () =>
    close.mutate(password, {
      onSuccess: (result) => onClosed(result),
      onError: (error) => setErrors(formErrorsOf(error, FAILED)),
    });

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">Close your account</h3>
      <p className="mt-1 text-sm text-slate-700">
        We erase your name, e-mail, phone numbers, addresses, age and sex, your requests and your nominee, and you can no longer sign in. The law makes us keep your bills
        and reports for a time: they are kept apart from your contact details, used for nothing else, and erased when that time ends. Download your data first if you
        want a copy.
      </p>
      <form onSubmit={onSubmit} className="mt-3 grid max-w-sm gap-3" noValidate>
        <TextField id={`${id}-password`} label="Your password" type="password" value={password} onChange={setPassword} error={errors.fields.password} autoComplete="current-password" required />
        <div>
          <button type="submit" disabled={close.isPending} className={buttonStyle('danger')}>
            {close.isPending ? 'Closing your account...' : 'Close my account'}
          </button>
        </div>
      </form>
      <StatusMessage message={errors.form} tone="error" className="mt-3" />
      <ConfirmDialog
        open={confirming}
        title="Close your account?"
        body="Your personal data will be erased and you will be signed out for good. This cannot be undone."
        confirmLabel="Close my account"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
