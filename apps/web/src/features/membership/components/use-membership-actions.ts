// Subscribe and unsubscribe as the spec has them (§8): success answers with an alert, a failure is
// only logged. Shared by the /membership screen and the dashboard's membership section.
import type { MembershipPlan } from '@lab/contract';
import { useSubscribe, useUnsubscribe } from '../../../shared/api/membership.ts';

export const SUBSCRIBED_ALERT = 'Subscription Successful!';
export const UNSUBSCRIBED_ALERT = 'Unsubscribed Successfully!';

export function useMembershipActions() {
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  return {
    busy: subscribe.isPending || unsubscribe.isPending,
    onSubscribe: (plan: MembershipPlan) =>
      subscribe.mutate(plan.id, {
        onSuccess: () => window.alert(SUBSCRIBED_ALERT),
        onError: (error) => console.error('Subscription failed', error),
      }),
    onUnsubscribe: () =>
      unsubscribe.mutate(undefined, {
        onSuccess: () => window.alert(UNSUBSCRIBED_ALERT),
        onError: (error) => console.error('Unsubscribe failed', error),
      }),
  };
}
