// The contact inbox: messages from the contact form, newest first; mark one handled (who and when
// are kept), or show only the ones nobody has handled yet.
import { useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { INBOX_PAGE, useMarkHandled, useMessages } from '../api/inbox.ts';
import { CheckboxInput } from '../components/fields.tsx';
import { Badge, btn, ListState, Pager } from '../components/ui.tsx';
import { formatDateTime } from '../lib/format.ts';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('Contact inbox');
export const ErrorBoundary = ScreenError;

export default function InboxScreen() {
  const [unhandled, setUnhandled] = useState(false);
  const [offset, setOffset] = useState(0);
  const messages = useMessages(unhandled, offset);
  const mark = useMarkHandled();
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <section aria-labelledby="contact-inbox-heading">
      <h2 id="contact-inbox-heading" className="mb-4 text-xl font-bold text-slate-900">
        Contact inbox
      </h2>
      <CheckboxInput label="Only messages not yet handled" className="mb-4" checked={unhandled} onChange={(e) => (setUnhandled(e.target.checked), setOffset(0))} />
      <StatusMessage message={failed} tone="error" className="mb-3" />
      <ListState isLoading={messages.isLoading} error={messages.error} loadingText="Loading messages..." />
      {messages.data && messages.data.items.length === 0 && <p className="py-4 text-slate-700">{unhandled ? 'Every message has been handled.' : 'No messages yet.'}</p>}
      <ul className="space-y-3">
        {messages.data?.items.map((m) => (
          <li key={m.id}>
            <article aria-labelledby={`message-${m.id}`} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`message-${m.id}`} className="font-bold text-slate-900">
                    {m.name}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {m.phone}
                    {m.email && (
                      <>
                        {' · '}
                        <a className="text-brand-800 underline" href={`mailto:${m.email}`}>
                          {m.email}
                        </a>
                      </>
                    )}
                  </p>
                  <p className="text-xs text-slate-600">Received {formatDateTime(m.created_at)}</p>
                </div>
                {m.handled_at ? (
                  <Badge tone="green">
                    Handled{m.handled_by ? ` by ${m.handled_by}` : ''} on {formatDateTime(m.handled_at)}
                  </Badge>
                ) : (
                  <button
                    type="button"
                    className={btn.primary}
                    disabled={mark.isPending}
                    aria-label={`Mark the message from ${m.name} handled`}
                    onClick={() => {
                      setFailed(null);
                      mark.mutate(m.id, { onError: () => setFailed(`Could not mark the message from ${m.name} handled. Please try again.`) });
                    }}
                  >
                    Mark handled
                  </button>
                )}
              </div>
              <p className="whitespace-pre-wrap text-slate-900">{m.message}</p>
            </article>
          </li>
        ))}
      </ul>
      {messages.data && <Pager label="Messages" total={messages.data.total} offset={offset} limit={INBOX_PAGE} onChange={setOffset} />}
    </section>
  );
}
