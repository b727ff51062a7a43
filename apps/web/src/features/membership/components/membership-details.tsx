// The person's membership: plan, dates, discount and status ("Approved" green, anything else red).
import type { MembershipStatus } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';

export function MembershipDetails({ membership }: { membership: MembershipStatus }) {
  const approved = membership.status === 'Approved';
  return (
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
  );
}
