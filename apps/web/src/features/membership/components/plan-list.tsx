// The membership plans as cards. A logged-in person subscribes from here; a visitor is asked to log in.
import { type MembershipPlan, paths, refundRuleText } from '@lab/contract';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';

export interface PlanListProps {
  plans: MembershipPlan[];
  /** null for a visitor: the cards then link to the login screen */
  onSubscribe: ((plan: MembershipPlan) => void) | null;
  busy?: boolean;
}

function duration(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  if (days % 30 === 0) return days === 30 ? '1 month' : `${days / 30} months`;
  return `${days} days`;
}

export function PlanList({ plans, onSubscribe, busy = false }: PlanListProps) {
  if (plans.length === 0) return <p className="text-slate-700">No membership plans are offered right now.</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
          <p className="mt-2 text-2xl font-extrabold text-brand-800">{formatRupees(plan.price)}</p>
          <p className="mt-1 text-slate-700">
            {plan.discount_percentage}% discount on tests for {duration(plan.duration_days)}
          </p>
          <p className="mt-1 text-sm text-slate-600">Starts once its bill is paid. {refundRuleText[plan.refund_rule]}</p>
          <div className="mt-auto pt-6">
            {onSubscribe ? (
              <button
                type="button"
                className={`${buttonClass.primary} w-full`}
                disabled={busy}
                onClick={() => onSubscribe(plan)}
                aria-label={`Subscribe to ${plan.name}`}
              >
                Subscribe
              </button>
            ) : (
              <Link to={paths.loginAlt} className={`${buttonClass.secondary} w-full`} aria-label={`Log in to subscribe to ${plan.name}`}>
                Log in to subscribe
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
