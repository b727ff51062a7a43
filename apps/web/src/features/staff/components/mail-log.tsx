// An appointment's messages in the queue, behind a disclosure so the log is asked for only when opened:
// e-mails, SMS and WhatsApp messages side by side (docs/messaging.md), each with its channel, kind,
// state (queued, sending, retrying with the server's or provider's error, sent, failed, not sent and why;
// for SMS and WhatsApp the provider's receipt: delivered, read, failed with its reason), attempts and times.
import { type MailDelivery, type MailJobState, mailKindLabels } from '@lab/contract';
import { useState } from 'react';
import { useMailLog } from '../api/mail-log.ts';
import { formatDateTime as when } from '../lib/format.ts';
import { Badge, ListState } from './ui.tsx';

type Tone = 'blue' | 'amber' | 'green' | 'red' | 'slate';
type Receipt = NonNullable<MailDelivery['delivery']>;

const stateLabel: Record<MailJobState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

const stateTone: Record<MailJobState, Tone> = {
  queued: 'blue',
  sending: 'amber',
  retrying: 'amber',
  sent: 'green',
  failed: 'red',
  skipped: 'slate',
};

const receiptLabel: Record<Receipt, string> = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' };
const receiptTone: Record<Receipt, Tone> = { sent: 'green', delivered: 'green', read: 'green', failed: 'red' };

const channelLabel: Record<MailDelivery['channel'], string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

/** the e-mails' kinds and the phone messages' (messaging/channels/channel.ts) */
const kindLabels: Record<string, string> = {
  ...mailKindLabels,
  'collector-on-the-way': 'Collector on the way',
  'sample-received': 'Sample received',
  'payment-request': 'Payment request',
  'sign-in-code': 'Sign-in code',
};

/** what the log says of a message: the provider's last receipt once there is one, else the job's state */
export function deliveryState(d: Pick<MailDelivery, 'state' | 'delivery'>): { label: string; tone: Tone } {
  if (d.delivery) return { label: receiptLabel[d.delivery], tone: receiptTone[d.delivery] };
  return { label: stateLabel[d.state], tone: stateTone[d.state] };
}

function timeOf(d: MailDelivery): string {
  if (d.read_at) return `read ${when(d.read_at)}`;
  if (d.delivered_at) return `delivered ${when(d.delivered_at)}`;
  if (d.state === 'sent' && d.sent_at) return `sent ${when(d.sent_at)}`;
  if (d.state === 'queued' || d.state === 'retrying') return `due ${when(d.due_at)}`;
  return `queued ${when(d.created_at)}`;
}

function Delivery({ d }: { d: MailDelivery }) {
  const label = kindLabels[d.kind] ?? d.kind;
  const state = deliveryState(d);
  return (
    <li className="border-t border-slate-200 py-1 first:border-t-0">
      <span className="font-medium">{label}</span> <span className="text-slate-700">({channelLabel[d.channel]})</span> <Badge tone={state.tone}>{state.label}</Badge>
      <div className="text-xs text-slate-700">
        {timeOf(d)}
        {d.attempts > 1 ? `, ${d.attempts} attempts` : ''}
      </div>
      {d.error && <div className="text-xs text-red-800">{d.error}</div>}
    </li>
  );
}

export function MailLog({ appointmentId }: { appointmentId: string }) {
  const [open, setOpen] = useState(false);
  const log = useMailLog(appointmentId, open);
  return (
    <details className="mt-1 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-800 underline">Messages</summary>
      <ListState isLoading={log.isLoading} error={log.error} loadingText="Loading messages..." />
      {log.data &&
        (log.data.items.length === 0 ? (
          <p className="text-slate-700">No messages for this appointment.</p>
        ) : (
          <ul aria-label="Messages of this appointment">
            {log.data.items.map((d) => (
              <Delivery key={d.id} d={d} />
            ))}
          </ul>
        ))}
    </details>
  );
}
