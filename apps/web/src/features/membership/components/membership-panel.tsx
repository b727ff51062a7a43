// The dashboard's membership section (docs/product.md#public-pages, #screen-behaviour, #messages): the membership when the person has
// one (status "Approved" green, anything else red, a progress bar fixed at 75 percent as the spec
// asks, and Unsubscribe), otherwise the plan chooser. The status call answers only a running membership
// (an ended one is a 404, i.e. null), so there is no "renew" state to show. The dashboard route places it.
import { useMembershipStatus } from '../../../shared/api/membership.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { MembershipDetails } from './membership-details.tsx';
import { PlanChooser } from './plan-chooser.tsx';
import { useMembershipActions } from './use-membership-actions.ts';

/** fixed, not computed (docs/product.md#fixed-values) */
const PROGRESS_PERCENT = 75;

export function MembershipPanel() {
  const { user } = useAuth();
  const status = useMembershipStatus(user?.username ?? null);
  const { busy, onSubscribe, onUnsubscribe, confirm } = useMembershipActions();
  const t = useT();
  if (!user) return null;

  const membership = status.data ?? null;
  let body;
  if (status.isPending) {
    body = <p className="text-slate-700">{t('dashboard.member.loading')}</p>;
  } else if (status.isError) {
    body = <p className="text-red-700">{t('dashboard.member.panelFailed')}</p>;
  } else {
    body = membership ? (
      <div>
        <MembershipDetails membership={membership} />
        <div
          role="progressbar"
          aria-label={t('dashboard.member.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={PROGRESS_PERCENT}
          className="mt-4 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full w-3/4 rounded-full bg-brand-600" />
        </div>
        <button type="button" className={`${buttonClass.secondary} mt-4`} disabled={busy} onClick={onUnsubscribe}>
          {t('dashboard.member.unsubscribe')}
        </button>
      </div>
    ) : (
      <div>
        <h3 className="mb-3 font-semibold text-slate-900">{t('dashboard.member.choose')}</h3>
        <PlanChooser enabled onSubscribe={onSubscribe} busy={busy} />
      </div>
    );
  }

  return (
    <section aria-labelledby="dashboard-membership" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="dashboard-membership" className="text-xl font-bold text-slate-900">
        {t('dashboard.member.title')}
      </h2>
      <div className="mt-4">{body}</div>
      <ConfirmDialog {...confirm} />
    </section>
  );
}
