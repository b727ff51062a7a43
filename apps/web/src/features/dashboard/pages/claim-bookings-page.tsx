// /claim-bookings/{token}: the link of the confirmation e-mail. Opening it proves the address and joins
// the guest bookings made with it to the account, on any device, logged in or not.
import { paths, type ClaimAnswer } from '@lab/contract';
import { useEffect, useState } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { confirmClaim } from '../api/claim-guest-bookings.ts';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.claimed.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

/** `reason`: the server's, or null when it could not be reached */
type State = { kind: 'pending' } | { kind: 'done'; answer: ClaimAnswer } | { kind: 'failed'; reason: string | null };

export default function ClaimBookingsPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'pending' });
  const t = useT();

  useEffect(() => {
    let live = true;
    confirmClaim(token).then(
      (answer) => live && setState({ kind: 'done', answer }),
      (error: unknown) =>
        live && setState({ kind: 'failed', reason: error instanceof ApiError ? error.message : null }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('patient.claimed.title')}</h1>
      {state.kind === 'pending' ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('patient.claimed.confirming')}
        </p>
      ) : state.kind === 'failed' ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {state.reason ?? t('patient.claimed.offline')}
        </p>
      ) : (
        <div role="status" className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-800">
          <p className="font-medium">{t('patient.claimed.confirmed')}</p>
          <p className="mt-1">
            {state.answer.claimed === 0
              ? t('patient.claimed.none')
              : t('patient.claimed.joined', { count: state.answer.claimed, references: state.answer.references.join(', ') })}
          </p>
        </div>
      )}
      <Link to={paths.dashboard} className={`${buttonStyle('primary')} mt-6`}>
        {t('patient.claimed.toDashboard')}
      </Link>
    </div>
  );
}
