// Shown in place of the dashboard once the account is closed: what remains, until when, and the way
// out (the session is over on the server; Sign out clears it here too).
import type { AccountClosed } from '@lab/contract';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';

export function AccountClosedPanel({ result }: { result: AccountClosed }) {
  const { logout } = useAuth();
  return (
    <section aria-labelledby="closed-heading" className="mx-auto max-w-2xl px-4 py-8">
      <h1 id="closed-heading" className="text-2xl font-bold text-slate-900">
        Your account is closed
      </h1>
      <p className="mt-3 text-slate-700">{result.message} You can no longer sign in. We have sent you an e-mail saying the same.</p>
      {result.kept.length > 0 ? (
        <>
          <p className="mt-3 text-slate-700">The law makes us keep these records, apart from your contact details and for nothing else, until:</p>
          <ul className="mt-2 list-disc pl-6 text-slate-900" aria-label="What we keep">
            {result.kept.map((k) => (
              <li key={k.kind}>
                {k.count} {k.kind === 'bill' ? (k.count === 1 ? 'bill with its payments' : 'bills with their payments') : k.count === 1 ? 'report' : 'reports'}: until{' '}
                {formatDate(k.kept_until)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-slate-700">On those dates they are erased too.</p>
        </>
      ) : (
        <p className="mt-3 text-slate-700">We keep nothing else about you.</p>
      )}
      <button type="button" onClick={() => void logout()} className={`${buttonClass.primary} mt-6`}>
        Sign out
      </button>
    </section>
  );
}
