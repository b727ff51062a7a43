// An appointment's e-mails in the queue, behind a disclosure so the log is asked for only when opened:
// each e-mail's kind, state (queued, sending, retrying with the mail server's error, sent, failed, not
// sent and why), attempts and times.
import { type MailDelivery, type MailJobState, mailKindLabels } from '@lab/contract';
import { useState } from 'react';
import { useMailLog } from '../api/mail-log.ts';
import { formatDateTime as when } from '../lib/format.ts';
import { Badge, ListState } from './ui.tsx';

const stateLabel: Record<MailJobState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

const stateTone: Record<MailJobState, 'blue' | 'amber' | 'green' | 'red' | 'slate'> = {
  queued: 'blue',
  sending: 'amber',
  retrying: 'amber',
  sent: 'green',
  failed: 'red',
  skipped: 'slate',
};


function Delivery({ d }: { d: MailDelivery }) {
  const label = mailKindLabels[d.kind as keyof typeof mailKindLabels] ?? d.kind;
  const time = d.state === 'sent' && d.sent_at ? `sent ${when(d.sent_at)}` : d.state === 'queued' || d.state === 'retrying' ? `due ${when(d.due_at)}` : `queued ${when(d.created_at)}`;
  return (
    <li className="border-t border-slate-200 py-1 first:border-t-0">
      <span className="font-medium">{label}</span> <Badge tone={stateTone[d.state]}>{stateLabel[d.state]}</Badge>
      <div className="text-xs text-slate-700">
        {time}
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
      <summary className="cursor-pointer text-brand-800 underline">E-mails</summary>
      <ListState isLoading={log.isLoading} error={log.error} loadingText="Loading e-mails..." />
      {log.data &&
        (log.data.items.length === 0 ? (
          <p className="text-slate-700">No e-mails for this appointment.</p>
        ) : (
          <ul aria-label="E-mails of this appointment">
            {log.data.items.map((d) => (
              <Delivery key={d.id} d={d} />
            ))}
          </ul>
        ))}
    </details>
  );
}
