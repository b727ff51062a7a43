// The person's membership: plan, dates, discount and status ("Approved" green, anything else red). A
// membership awaiting the payment of its bill says so plainly, with the way to the bill.
import { AWAITING_PAYMENT, type MembershipStatus, paths } from '@lab/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';

export function MembershipDetails({ membership }: { membership: MembershipStatus }) {
  const approved = membership.status === 'Approved';
  const bill = membership.bill;
  return (
    <>
      {membership.status === AWAITING_PAYMENT && bill && (
        <p className="mb-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-slate-900">
          Your membership starts, and member prices apply, once its bill of {formatRupees(bill.amount_due)} is paid.{' '}
          <Link to={paths.billLink(bill.key)} className="font-semibold text-brand-800 underline">
            Pay the membership bill ({bill.invoice_no})
          </Link>
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">Plan</dt>
          <dd className="text-lg font-bold text-slate-900">{membership.plan}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Status</dt>
          <dd className={`text-lg font-bold ${approved ? 'text-green-700' : 'text-red-700'}`}>{membership.status}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Start date</dt>
          <dd className="text-slate-900">{formatDate(membership.start_date)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">End date</dt>
          <dd className="text-slate-900">{formatDate(membership.end_date)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Discount</dt>
          <dd className="text-slate-900">{membership.discount_percentage}% off every test</dd>
        </div>
      </dl>
    </>
  );
}
