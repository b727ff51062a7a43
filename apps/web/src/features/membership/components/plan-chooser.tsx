// The plans with their loading and error states, for the /membership screen and the dashboard.
import type { MembershipPlan } from '@lab/contract';
import { usePlans } from '../../../shared/api/membership.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import { PlanList } from './plan-list.tsx';

export function PlanChooser({ enabled, onSubscribe, busy }: { enabled: boolean; onSubscribe: ((plan: MembershipPlan) => void) | null; busy: boolean }) {
  const { t, locale } = useLanguage();
  const plans = usePlans(locale, enabled);
  if (plans.isPending) return <p className="text-slate-700">{t('dashboard.member.loadingPlans')}</p>;
  if (plans.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('dashboard.member.plansFailed')}
      </p>
    );
  }
  return <PlanList plans={plans.data} onSubscribe={onSubscribe} busy={busy} />;
}
