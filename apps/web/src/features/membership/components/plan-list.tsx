// The membership plans as cards. A logged-in person subscribes from here; a visitor is asked to log in.
import { type MembershipPlan, paths, type refundRuleText } from '@lab/contract';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { type Translate, useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

// The contract's refundRuleText in the page's language.
const refundRules: Record<keyof typeof refundRuleText, MessageId> = {
  none: 'dashboard.member.refund.none',
  unused_days: 'dashboard.member.refund.unusedDays',
};

export interface PlanListProps {
  plans: MembershipPlan[];
  /** null for a visitor: the cards then link to the login screen */
  onSubscribe: ((plan: MembershipPlan) => void) | null;
  busy?: boolean;
}

function duration(days: number, t: Translate): string {
  if (days % 365 === 0) return t('dashboard.member.years', { count: days / 365 });
  if (days % 30 === 0) return t('dashboard.member.months', { count: days / 30 });
  return t('dashboard.member.days', { count: days });
}

export function PlanList({ plans, onSubscribe, busy = false }: PlanListProps) {
  const t = useT();
  if (plans.length === 0) return <p className="text-slate-700">{t('dashboard.member.noPlans')}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
          <p className="mt-2 text-2xl font-extrabold text-brand-800">{formatRupees(plan.price)}</p>
          <p className="mt-1 text-slate-700">
            {t('dashboard.member.planDiscount', { percent: plan.discount_percentage, duration: duration(plan.duration_days, t) })}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('dashboard.member.startsPaid')} {t(refundRules[plan.refund_rule])}
          </p>
          <div className="mt-auto pt-6">
            {onSubscribe ? (
              <button
                type="button"
                className={`${buttonClass.primary} w-full`}
                disabled={busy}
                onClick={() => onSubscribe(plan)}
                aria-label={t('dashboard.member.subscribeTo', { plan: plan.name })}
              >
                {t('dashboard.member.subscribe')}
              </button>
            ) : (
              <Link to={paths.loginAlt} className={`${buttonClass.secondary} w-full`} aria-label={t('dashboard.member.loginToSubscribeTo', { plan: plan.name })}>
                {t('dashboard.member.loginToSubscribe')}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
