// Subscribe and unsubscribe as the spec has them (§8): success answers with an alert, a failure is
// only logged. Each is asked for first in a confirmation dialog (issue 12: a membership costs money,
// and ending one drops its discount at once). Shared by the /membership screen and the dashboard's
// membership section, which render `confirm` with the shared ConfirmDialog.
import type { MembershipPlan } from '@lab/contract';
import { useState } from 'react';
import { useSubscribe, useUnsubscribe } from '../../../shared/api/membership.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import type { ConfirmDialogProps } from '../../../shared/ui/confirm-dialog.tsx';

export const SUBSCRIBED_ALERT = 'Subscription Successful!';
export const UNSUBSCRIBED_ALERT = 'Unsubscribed Successfully!';

/** what is being asked: subscribing to a plan, or ending the membership */
type Asking = { kind: 'subscribe'; plan: MembershipPlan } | { kind: 'unsubscribe' } | null;

const closed: Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'> = { open: false, title: '', body: '', confirmLabel: '' };

function dialogText(asking: Asking): Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'> {
  if (asking?.kind === 'subscribe') {
    const { plan } = asking;
    return {
      open: true,
      title: `Subscribe to ${plan.name}?`,
      body: `${plan.name} costs ${formatRupees(plan.price)}. Once its bill is paid, it gives ${plan.discount_percentage}% off tests.`,
      confirmLabel: 'Subscribe',
      cancelLabel: 'Not now',
      confirmLook: 'primary',
    };
  }
  if (asking?.kind === 'unsubscribe') {
    return {
      open: true,
      title: 'End your membership?',
      body: 'Your membership discount stops today. This cannot be undone; you can subscribe again later.',
      confirmLabel: 'Unsubscribe',
      cancelLabel: 'Keep membership',
    };
  }
  return closed;
}

export function useMembershipActions() {
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const [asking, setAsking] = useState<Asking>(null);
  const confirmed = () => {
    if (asking?.kind === 'subscribe') {
      subscribe.mutate(asking.plan.id, {
        onSuccess: () => window.alert(SUBSCRIBED_ALERT),
        onError: (error) => console.error('Subscription failed', error),
      });
    } else if (asking?.kind === 'unsubscribe') {
      unsubscribe.mutate(undefined, {
        onSuccess: () => window.alert(UNSUBSCRIBED_ALERT),
        onError: (error) => console.error('Unsubscribe failed', error),
      });
    }
  };
  const confirm: ConfirmDialogProps = { ...dialogText(asking), onConfirm: confirmed, onClose: () => setAsking(null) };
  return {
    busy: subscribe.isPending || unsubscribe.isPending,
    onSubscribe: (plan: MembershipPlan) => setAsking({ kind: 'subscribe', plan }),
    onUnsubscribe: () => setAsking({ kind: 'unsubscribe' }),
    confirm,
  };
}
