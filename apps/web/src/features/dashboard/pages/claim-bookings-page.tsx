// /claim-bookings/{token}: the link of the confirmation e-mail. Opening it proves the address and joins
// the guest bookings made with it to the account, on any device, logged in or not.
import { paths, type ClaimAnswer } from '@lab/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { confirmClaim } from '../api/claim-guest-bookings.ts';

export function meta() {
  return [{ title: 'Confirm your e-mail | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

type State = { kind: 'pending' } | { kind: 'done'; answer: ClaimAnswer } | { kind: 'failed'; reason: string };

export default function ClaimBookingsPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let live = true;
    confirmClaim(token).then(
      (answer) => live && setState({ kind: 'done', answer }),
      (error: unknown) =>
        live && setState({ kind: 'failed', reason: error instanceof ApiError ? error.message : 'Could not reach the server. Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">Confirm your e-mail</h1>
      {state.kind === 'pending' ? (
        <p role="status" className="mt-4 text-slate-700">
          Confirming…
        </p>
      ) : state.kind === 'failed' ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {state.reason}
        </p>
      ) : (
        <div role="status" className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-800">
          <p className="font-medium">Your e-mail address is confirmed.</p>
          <p className="mt-1">
            {state.answer.claimed === 0
              ? 'There were no other bookings made as a guest with it.'
              : `${state.answer.claimed === 1 ? '1 booking' : `${state.answer.claimed} bookings`} made as a guest joined your account: ${state.answer.references.join(', ')}.`}
          </p>
        </div>
      )}
      <Link to={paths.dashboard} className={`${buttonStyle('primary')} mt-6`}>
        Go to your dashboard
      </Link>
    </div>
  );
}
