// The plans with their loading and error states, for the /membership screen and the dashboard.
import type { MembershipPlan } from '@lab/contract';
import { usePlans } from '../../../shared/api/membership.ts';
import { PlanList } from './plan-list.tsx';

export function PlanChooser({ enabled, onSubscribe, busy }: { enabled: boolean; onSubscribe: ((plan: MembershipPlan) => void) | null; busy: boolean }) {
  const plans = usePlans(enabled);
  if (plans.isPending) return <p className="text-slate-700">Loading plans...</p>;
  if (plans.isError) {
    return (
      <p role="alert" className="text-red-700">
        Failed to load membership plans.
      </p>
    );
  }
  return <PlanList plans={plans.data} onSubscribe={onSubscribe} busy={busy} />;
}
