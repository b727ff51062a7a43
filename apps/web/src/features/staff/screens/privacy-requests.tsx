// Tabs of the inbox for the patients' rights (docs/personal-data.md): grievances, open ones by due date with the
// overdue marked, answered once (the patient reads the answer in the dashboard and by e-mail); and
// correction requests, corrected or declined once with words the patient reads.
import { type FormEvent, type ReactNode, useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { REQUESTS_PAGE, useAnswerGrievance, useCorrectionsPage, useGrievancesPage, useResolveCorrection } from '../api/privacy-requests.ts';
import { SelectInput, TextArea } from '../components/fields.tsx';
import { Badge, btn, ListState, Pager } from '../components/ui.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { serverErrors } from '../lib/server-errors.ts';

function Patient({ patient }: { patient: { name: string; email: string } }) {
  return (
    <p className="text-sm text-slate-700">
      {patient.name || 'Closed account'}
      {patient.email && (
        <>
          {' · '}
          <a className="text-brand-800 underline" href={`mailto:${patient.email}`}>
            {patient.email}
          </a>
        </>
      )}
    </p>
  );
}

/** the text box and button that answer one grievance or request; `submit` answers a failure message or null */
function AnswerForm({ label, button, busy, children, onSubmit }: { label: string; button: string; busy: boolean; children?: ReactNode; onSubmit(text: string): Promise<string | null> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(await onSubmit(text));
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3 grid gap-2">
      {children}
      <TextArea label={label} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={4000} required />
      <StatusMessage message={error} tone="error" />
      <div>
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? 'Saving...' : button}
        </button>
      </div>
    </form>
  );
}

export function GrievancesTab() {
  const [status, setStatus] = useState<'' | 'open' | 'answered'>('open');
  const [offset, setOffset] = useState(0);
  const page = useGrievancesPage(status, offset);
  const answer = useAnswerGrievance();
  return (
    <div>
      <SelectInput label="Show" className="mb-4 max-w-xs" value={status} onChange={(e) => (setStatus(e.target.value as typeof status), setOffset(0))}>
        <option value="open">Open, soonest due first</option>
        <option value="answered">Answered</option>
        <option value="">All</option>
      </SelectInput>
      <ListState isLoading={page.isLoading} error={page.error} loadingText="Loading grievances..." />
      {page.data && page.data.items.length === 0 && <p className="py-4 text-slate-700">{status === 'open' ? 'No grievance is waiting for an answer.' : 'No grievances.'}</p>}
      <ul className="space-y-3">
        {page.data?.items.map((g) => (
          <li key={g.id}>
            <article aria-labelledby={`grievance-${g.id}`} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`grievance-${g.id}`} className="font-bold break-words text-slate-900">
                    {g.subject}
                  </h3>
                  <Patient patient={g.patient} />
                  <p className="text-xs text-slate-600">Received {formatDateTime(g.received_at)}</p>
                </div>
                {g.status === 'answered' ? (
                  <Badge tone="green">Answered{g.answered_by ? ` by ${g.answered_by}` : ''}</Badge>
                ) : (
                  <Badge tone={g.overdue ? 'red' : 'amber'}>
                    {g.overdue ? 'Overdue: was due' : 'Due by'} {formatDate(g.due_date)}
                  </Badge>
                )}
              </div>
              <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{g.details}</p>
              {g.answer ? (
                <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">
                  <strong>Answer{g.answered_at ? ` (${formatDateTime(g.answered_at)})` : ''}:</strong> {g.answer}
                </p>
              ) : (
                <AnswerForm
                  label={`Answer to “${g.subject}”`}
                  button="Send answer"
                  busy={answer.isPending}
                  onSubmit={(text) =>
                    answer.mutateAsync({ id: g.id, answer: text }).then(
                      () => null,
                      (e: unknown) => {
                        const errors = serverErrors(e, []);
                        return errors.form;
                      },
                    )
                  }
                />
              )}
            </article>
          </li>
        ))}
      </ul>
      {page.data && <Pager label="Grievances" total={page.data.total} offset={offset} limit={REQUESTS_PAGE} onChange={setOffset} />}
    </div>
  );
}

const TOPICS = { appointment: 'An appointment', bill: 'A bill', report: 'A report', other: 'Something else' } as const;

export function CorrectionsTab() {
  const [status, setStatus] = useState<'' | 'open' | 'corrected' | 'declined'>('open');
  const [offset, setOffset] = useState(0);
  const page = useCorrectionsPage(status, offset);
  const resolve = useResolveCorrection();
  const [outcomes, setOutcomes] = useState<Record<number, 'corrected' | 'declined'>>({});
  return (
    <div>
      <SelectInput label="Show" className="mb-4 max-w-xs" value={status} onChange={(e) => (setStatus(e.target.value as typeof status), setOffset(0))}>
        <option value="open">Open, oldest first</option>
        <option value="corrected">Corrected</option>
        <option value="declined">Declined</option>
        <option value="">All</option>
      </SelectInput>
      <ListState isLoading={page.isLoading} error={page.error} loadingText="Loading correction requests..." />
      {page.data && page.data.items.length === 0 && <p className="py-4 text-slate-700">{status === 'open' ? 'No correction request is waiting.' : 'No correction requests.'}</p>}
      <ul className="space-y-3">
        {page.data?.items.map((c) => (
          <li key={c.id}>
            <article aria-labelledby={`correction-${c.id}`} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`correction-${c.id}`} className="font-bold text-slate-900">
                    {TOPICS[c.concerns]}
                    {c.reference ? ` (${c.reference})` : ''}
                  </h3>
                  <Patient patient={c.patient} />
                  <p className="text-xs text-slate-600">Received {formatDateTime(c.created_at)}</p>
                </div>
                {c.status === 'open' ? <Badge tone="amber">Open</Badge> : <Badge tone={c.status === 'corrected' ? 'green' : 'slate'}>{c.status === 'corrected' ? 'Corrected' : 'Declined'}{c.resolved_by ? ` by ${c.resolved_by}` : ''}</Badge>}
              </div>
              <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{c.details}</p>
              {c.resolution ? (
                <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">
                  <strong>Told the patient:</strong> {c.resolution}
                </p>
              ) : (
                <AnswerForm
                  label="What the patient is told"
                  button="Save"
                  busy={resolve.isPending}
                  onSubmit={(text) =>
                    resolve.mutateAsync({ id: c.id, outcome: outcomes[c.id] ?? 'corrected', resolution: text }).then(
                      () => null,
                      (e: unknown) => serverErrors(e, []).form,
                    )
                  }
                >
                  <SelectInput label="Outcome" className="max-w-xs" value={outcomes[c.id] ?? 'corrected'} onChange={(e) => setOutcomes((o) => ({ ...o, [c.id]: e.target.value as 'corrected' | 'declined' }))}>
                    <option value="corrected">Corrected</option>
                    <option value="declined">Declined (say why)</option>
                  </SelectInput>
                </AnswerForm>
              )}
            </article>
          </li>
        ))}
      </ul>
      {page.data && <Pager label="Correction requests" total={page.data.total} offset={offset} limit={REQUESTS_PAGE} onChange={setOffset} />}
    </div>
  );
}
