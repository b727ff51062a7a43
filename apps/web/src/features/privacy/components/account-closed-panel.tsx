// Shown in place of the dashboard once the account is closed: what remains, until when, and the way
// out (the session is over on the server; Sign out clears it here too).
import type { AccountClosed } from '@lab/contract';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import { buttonClass } from '../../../shared/ui/button-styles.ts';

export function AccountClosedPanel({ result }: { result: AccountClosed }) {
  const { logout } = useAuth();
  const { t, locale } = useLanguage();
  return (
    <section aria-labelledby="closed-heading" className="mx-auto max-w-2xl px-4 py-8">
      <h1 id="closed-heading" className="text-2xl font-bold text-slate-900">
        {t('dashboard.closed.title')}
      </h1>
      <p className="mt-3 text-slate-700">
        {result.message} {t('dashboard.closed.text')}
      </p>
      {result.kept.length > 0 ? (
        <>
          <p className="mt-3 text-slate-700">{t('dashboard.closed.kept')}</p>
          <ul className="mt-2 list-disc pl-6 text-slate-900" aria-label={t('dashboard.closed.keptList')}>
            {result.kept.map((k) => (
              <li key={k.kind}>
                {t(k.kind === 'bill' ? 'dashboard.closed.bills' : 'dashboard.closed.reports', { count: k.count, until: formatDate(k.kept_until, locale) })}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-slate-700">{t('dashboard.closed.erased')}</p>
        </>
      ) : (
        <p className="mt-3 text-slate-700">{t('dashboard.closed.nothing')}</p>
      )}
      <button type="button" onClick={() => void logout()} className={`${buttonClass.primary} mt-6`}>
        {t('dashboard.closed.signOut')}
      </button>
    </section>
  );
}
