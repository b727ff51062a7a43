// Erasure: closing the account. The password again, a confirmation that says what goes and what the
// law makes the lab keep; the route then shows what remains and until when (AccountClosedPanel).
import type { AccountClosed } from '@lab/contract';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { useCloseAccount } from '../api/close-account.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { TextField } from './text-field.tsx';

// (its messages: patient.close.* in the catalogues)

export function CloseAccount({ onClosed }: { onClosed(result: AccountClosed): void }) {
  const id = useId();
  const close = useCloseAccount();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const t = useT();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) {
      setErrors({ fields: { password: t('dashboard.close.enterPassword') }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setConfirming(true);
  };

  const confirm = () =>
    close.mutate(password, {
      onSuccess: (result) => onClosed(result),
      onError: (error) => setErrors(formErrorsOf(error, t('dashboard.close.failed'), ['password'])),
    });

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{t('dashboard.close.title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('dashboard.close.intro')}</p>
      <form onSubmit={onSubmit} className="mt-3 grid max-w-sm gap-3" noValidate>
        <TextField id={`${id}-password`} label={t('dashboard.close.password')} type="password" value={password} onChange={setPassword} error={errors.fields.password} autoComplete="current-password" required />
        <div>
          <button type="submit" disabled={close.isPending} className={buttonStyle('danger')}>
            {t(close.isPending ? 'dashboard.close.closing' : 'dashboard.close.submit')}
          </button>
        </div>
      </form>
      <StatusMessage message={errors.form} tone="error" className="mt-3" />
      <ConfirmDialog
        open={confirming}
        title={t('dashboard.close.ask')}
        body={t('dashboard.close.askBody')}
        confirmLabel={t('dashboard.close.submit')}
        cancelLabel={t('dashboard.dash.cancelKeep')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
