// Subscribe and unsubscribe as the first version had them (docs/product.md#messages): success answers with an alert, a failure is
// only logged. Each is asked for first in a confirmation dialog (a membership costs money,
// and ending one drops its discount at once). Shared by the /membership screen and the dashboard's
// membership section, which render `confirm` with the shared ConfirmDialog.
import type { MembershipPlan } from '@lab/contract';
import { useState } from 'react';
import { useSubscribe, useUnsubscribe } from '../../../shared/api/membership.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import type { ConfirmDialogProps } from '../../../shared/ui/confirm-dialog.tsx';
import { type Translate, useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export const SUBSCRIBED_ALERT: MessageId = 'dashboard.member.subscribed';
export const UNSUBSCRIBED_ALERT: MessageId = 'dashboard.member.unsubscribed';

/** what is being asked: subscribing to a plan, or ending the membership */
type Asking = { kind: 'subscribe'; plan: MembershipPlan } | { kind: 'unsubscribe' } | null;

const closed: Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'> = { open: false, title: '', body: '', confirmLabel: '' };

function dialogText(asking: Asking, t: Translate): Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'> {
  if (asking?.kind === 'subscribe') {
    const { plan } = asking;
    return {
      open: true,
      title: t('dashboard.member.askSubscribe', { plan: plan.name }),
      body: t('dashboard.member.askSubscribeBody', { plan: plan.name, price: formatRupees(plan.price), percent: plan.discount_percentage }),
      confirmLabel: t('dashboard.member.subscribe'),
      cancelLabel: t('dashboard.member.notNow'),
      confirmLook: 'primary',
    };
  }
  if (asking?.kind === 'unsubscribe') {
    return {
      open: true,
      title: t('dashboard.member.askEnd'),
      body: t('dashboard.member.askEndBody'),
      confirmLabel: t('dashboard.member.unsubscribe'),
      cancelLabel: t('dashboard.member.keep'),
    };
  }
  // closed, the dialog's buttons are still in the page (hidden)
  return { ...closed, cancelLabel: t('dashboard.dash.cancelKeep') };
}

export function useMembershipActions() {
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const [asking, setAsking] = useState<Asking>(null);
  const t = useT();
  const confirmed = () => {
    if (asking?.kind === 'subscribe') {
      subscribe.mutate(asking.plan.id, {
        onSuccess: () => window.alert(t(SUBSCRIBED_ALERT)),
        onError: (error) => console.error('Subscription failed', error),
      });
    } else if (asking?.kind === 'unsubscribe') {
      unsubscribe.mutate(undefined, {
        onSuccess: () => window.alert(t(UNSUBSCRIBED_ALERT)),
        onError: (error) => console.error('Unsubscribe failed', error),
      });
    }
  };
  const confirm: ConfirmDialogProps = { ...dialogText(asking, t), onConfirm: confirmed, onClose: () => setAsking(null) };
  return {
    busy: subscribe.isPending || unsubscribe.isPending,
    onSubscribe: (plan: MembershipPlan) => setAsking({ kind: 'subscribe', plan }),
    onUnsubscribe: () => setAsking({ kind: 'unsubscribe' }),
    confirm,
  };
}
