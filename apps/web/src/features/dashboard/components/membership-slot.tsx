// The dashboard's membership section (spec §2 Dashboard, §4, §8): the membership view when the person
// has one (status "Approved" green, anything else red, a progress bar fixed at 75 percent as the spec
// asks, and Unsubscribe), otherwise the plan chooser. Subscribe and unsubscribe answer with an alert; a
// failure is only logged. Self-contained: features do not import each other, so its calls live here.
import type { MembershipPlan, MembershipStatus, MessageBody, SubscribeRequest, SubscribeResponse } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fetchMembershipStatus } from '../../../shared/api/membership-status.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';

export const SUBSCRIBED_ALERT = 'Subscription Successful!';
export const UNSUBSCRIBED_ALERT = 'Unsubscribed Successfully!';
/** fixed, not computed (spec §9) */
const PROGRESS_PERCENT = 75;

function useMembershipData(username: string | null) {
  const status = useQuery({
    // the same keys as the membership and packages screens, so a change here shows there too
    queryKey: ['membership', 'status', username],
    queryFn: ({ signal }) => fetchMembershipStatus(signal),
    enabled: username !== null,
    staleTime: 0,
  });
  const membership: MembershipStatus | null = status.data ?? null;
  const plans = useQuery({
    queryKey: ['membership', 'plans'],
    queryFn: ({ signal }) => api<MembershipPlan[]>('/api/membership/plans/', { auth: 'none', signal }),
    enabled: status.isSuccess && membership?.is_active !== true,
  });
  return { status, membership, plans };
}

function useMembershipChanges() {
  const queryClient = useQueryClient();
  // A membership changes every price the person sees: the membership, packages and booking catalogue.
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (q) => ['membership', 'packages', 'booking'].includes(String(q.queryKey[0])) });
  const subscribe = useMutation({
    mutationFn: (planId: number) => {
      const body: SubscribeRequest = { plan_id: planId };
      return api<SubscribeResponse>('/api/membership/subscribe/', { method: 'POST', body });
    },
    onSettled: refresh,
  });
  const unsubscribe = useMutation({
    mutationFn: () => api<MessageBody>('/api/membership/unsubscribe/', { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { subscribe, unsubscribe };
}

export function MembershipSlot() {
  const { user } = useAuth();
  const { status, membership, plans } = useMembershipData(user?.username ?? null);
  const { subscribe, unsubscribe } = useMembershipChanges();
  const busy = subscribe.isPending || unsubscribe.isPending;

  if (!user) return null;

  const onSubscribe = (plan: MembershipPlan) =>
    subscribe.mutate(plan.id, {
      onSuccess: () => window.alert(SUBSCRIBED_ALERT),
      onError: (error) => console.error('Subscription failed', error),
    });
  const onUnsubscribe = () =>
    unsubscribe.mutate(undefined, {
      onSuccess: () => window.alert(UNSUBSCRIBED_ALERT),
      onError: (error) => console.error('Unsubscribe failed', error),
    });

  let body;
  if (status.isPending) {
    body = <p className="text-slate-700">Loading membership...</p>;
  } else if (status.isError) {
    body = <p className="text-red-700">Failed to load your membership.</p>;
  } else {
    body = (
      <>
        {membership ? <MembershipView membership={membership} busy={busy} onUnsubscribe={onUnsubscribe} /> : null}
        {membership?.is_active ? null : (
          <div className={membership ? 'mt-6' : undefined}>
            <h3 className="font-semibold text-slate-900">{membership ? 'Renew with a plan' : 'Choose a plan'}</h3>
            {plans.isPending ? (
              <p className="mt-2 text-slate-700">Loading plans...</p>
            ) : plans.isError ? (
              <p className="mt-2 text-red-700">Failed to load membership plans.</p>
            ) : (
              <ul className="mt-3 grid gap-4 sm:grid-cols-3">
                {plans.data.map((plan) => (
                  <li key={plan.id} className="flex flex-col rounded-lg border border-slate-200 p-4">
                    <span className="font-bold text-slate-900">{plan.name}</span>
                    <span className="text-lg font-extrabold text-brand-800">{formatRupees(plan.price)}</span>
                    <span className="text-sm text-slate-700">{plan.discount_percentage}% discount</span>
                    <button
                      type="button"
                      className={`${buttonClass.primary} mt-3`}
                      disabled={busy}
                      onClick={() => onSubscribe(plan)}
                      aria-label={`Subscribe to ${plan.name}`}
                    >
                      Subscribe
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="dashboard-membership" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="dashboard-membership" className="text-xl font-bold text-slate-900">
        Membership
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function MembershipView({ membership, busy, onUnsubscribe }: { membership: MembershipStatus; busy: boolean; onUnsubscribe(): void }) {
  const approved = membership.status === 'Approved';
  return (
    <div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Plan</dt>
          <dd className="font-bold text-slate-900">{membership.plan}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className={`font-bold ${approved ? 'text-green-700' : 'text-red-700'}`}>{membership.status}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Start date</dt>
          <dd className="text-slate-900">{formatDate(membership.start_date)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">End date</dt>
          <dd className="text-slate-900">{formatDate(membership.end_date)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Discount</dt>
          <dd className="text-slate-900">{membership.discount_percentage}%</dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label="Membership progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={PROGRESS_PERCENT}
        className="mt-4 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full w-3/4 rounded-full bg-brand-600" />
      </div>
      {membership.is_active ? (
        <button type="button" className={`${buttonClass.secondary} mt-4`} disabled={busy} onClick={onUnsubscribe}>
          Unsubscribe
        </button>
      ) : null}
    </div>
  );
}
