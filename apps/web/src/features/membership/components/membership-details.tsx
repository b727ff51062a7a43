// The person's membership: plan, dates, discount and status ("Approved" green, anything else red). A
// membership awaiting the payment of its bill says so plainly, with the way to the bill.
import { AWAITING_PAYMENT, type MembershipStatus, paths } from '@lab/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

// The statuses the server names (in English) as the page's language says them; another shows as sent.
const statusIds: Record<string, MessageId> = {
  Approved: 'dashboard.member.status.approved',
  Cancelled: 'dashboard.member.status.cancelled',
  [AWAITING_PAYMENT]: 'dashboard.member.status.awaitingPayment',
};

export function MembershipDetails({ membership }: { membership: MembershipStatus }) {
  const approved = membership.status === 'Approved';
  const bill = membership.bill;
  const { t, locale } = useLanguage();
  const statusId = statusIds[membership.status];
  return (
    <>
      {membership.status === AWAITING_PAYMENT && bill && (
        <p className="mb-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-slate-900">
          {t('dashboard.member.awaiting', { amount: formatRupees(bill.amount_due) })}{' '}
          <Link to={paths.billLink(bill.key)} className="font-semibold text-brand-800 underline">
            {t('dashboard.member.payBill', { invoice: bill.invoice_no })}
          </Link>
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.member.plan')}</dt>
          <dd className="text-lg font-bold text-slate-900">{membership.plan}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.filter.status')}</dt>
          <dd className={`text-lg font-bold ${approved ? 'text-green-700' : 'text-red-700'}`}>{statusId ? t(statusId) : membership.status}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.member.start')}</dt>
          <dd className="text-slate-900">{formatDate(membership.start_date, locale)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.member.end')}</dt>
          <dd className="text-slate-900">{formatDate(membership.end_date, locale)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.member.discount')}</dt>
          <dd className="text-slate-900">{t('dashboard.member.discountText', { percent: membership.discount_percentage })}</dd>
        </div>
      </dl>
    </>
  );
}
