// The breach register (admins; decision 033): record an incident with when it occurred and was found and
// the accounts and time range concerned; the server lists the affected people from the read log and the
// audit trail and drafts their notice and the report to the Data Protection Board. The breach shows the
// Board's 72-hour deadline; its notices are sent as e-mails and the report is marked sent here.
import { AFFECTED_KIND_LABELS, BOARD_REPORT_HOURS, type Breach, breachInputSchema, inIndia } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useStaffAccounts } from '../api/accounts.ts';
import { useBreach, useBreaches, useMarkReportSent, useRecordBreach, useSendNotices } from '../api/safeguards.ts';
import { DataTable } from '../components/data-table.tsx';
import { CheckboxInput, TextArea, TextInput } from '../components/fields.tsx';
import { Badge, btn, ListState, Panel, ScrollArea, tdClass } from '../components/ui.tsx';
import { formatDateTime } from '../lib/format.ts';
import { serverErrors } from '../lib/server-errors.ts';

const FIELDS = ['summary', 'data_concerned', 'measures_taken', 'occurred_at', 'found_at', 'account_ids', 'range_from', 'range_to'] as const;
type Field = (typeof FIELDS)[number];

/** now in India as a date-time field holds it */
const nowField = () => {
  const { date, time } = inIndia();
  return `${date}T${time}`;
};

function Deadline({ breach }: { breach: Pick<Breach, 'board_report_due_at' | 'board_report_sent_at' | 'overdue'> }) {
  if (breach.board_report_sent_at) return <Badge tone="green">Report sent {formatDateTime(breach.board_report_sent_at)}</Badge>;
  if (breach.overdue) return <Badge tone="red">Report overdue since {formatDateTime(breach.board_report_due_at)}</Badge>;
  return <Badge tone="amber">Report due by {formatDateTime(breach.board_report_due_at)}</Badge>;
}

function RecordBreachForm({ onRecorded }: { onRecorded(id: number): void }) {
  const accounts = useStaffAccounts();
  const record = useRecordBreach();
  const [values, setValues] = useState({
    summary: '',
    data_concerned: '',
    measures_taken: '',
    occurred_at: '',
    found_at: nowField(),
    range_from: '',
    range_to: nowField(),
  });
  const [accountIds, setAccountIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...values, account_ids: accountIds };
    const parsed = breachInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as Field;
        found[key] ??= issue.message;
      }
      setErrors(found);
      setFormError('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    setFormError(null);
    record.mutate(input, {
      onSuccess: (breach) => onRecorded(breach.id),
      onError: (err) => {
        const { fields, form } = serverErrors(err, FIELDS);
        setErrors(fields);
        setFormError(form);
      },
    });
  };

  return (
    <Panel title="Record a breach">
      <form noValidate onSubmit={onSubmit} className="grid gap-3 md:grid-cols-2">
        {formError && <StatusMessage tone="error" message={formError} className="md:col-span-2" />}
        <TextArea label="What happened" rows={3} className="md:col-span-2" value={values.summary} onChange={set('summary')} error={errors.summary} />
        <TextArea label="What personal data it concerns" rows={2} value={values.data_concerned} onChange={set('data_concerned')} error={errors.data_concerned} />
        <TextArea label="What we have done" rows={2} value={values.measures_taken} onChange={set('measures_taken')} error={errors.measures_taken} />
        <TextInput label="When it occurred (India time)" type="datetime-local" value={values.occurred_at} onChange={set('occurred_at')} error={errors.occurred_at} />
        <TextInput
          label="When it was found (India time)"
          type="datetime-local"
          value={values.found_at}
          onChange={set('found_at')}
          error={errors.found_at}
          hint={`The detailed report to the Board is due ${BOARD_REPORT_HOURS} hours after this.`}
        />
        <fieldset className="md:col-span-2" aria-describedby={errors.account_ids ? 'breach-accounts-error' : undefined}>
          <legend className="text-sm font-semibold text-slate-800">Accounts concerned</legend>
          {accounts.isPending && <p className="text-sm text-slate-600">Loading staff accounts...</p>}
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {(accounts.data ?? []).map((a) => (
              <CheckboxInput
                key={a.id}
                label={`${`${a.first_name} ${a.last_name}`.trim() || a.username}, ${a.username} (${a.staff_role ?? 'no longer staff'})`}
                checked={accountIds.includes(a.id)}
                onChange={(e) => setAccountIds((ids) => (e.target.checked ? [...ids, a.id] : ids.filter((x) => x !== a.id)))}
              />
            ))}
          </div>
          {errors.account_ids && (
            <p id="breach-accounts-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.account_ids}
            </p>
          )}
        </fieldset>
        <TextInput
          label="Look at their activity from (India time)"
          type="datetime-local"
          value={values.range_from}
          onChange={set('range_from')}
          error={errors.range_from}
        />
        <TextInput label="Until (India time)" type="datetime-local" value={values.range_to} onChange={set('range_to')} error={errors.range_to} />
        <div className="md:col-span-2">
          <button type="submit" className={btn.primary} disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record the breach and find who is affected'}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function BreachDetail({ id, onClose }: { id: number; onClose(): void }) {
  const breach = useBreach(id);
  const send = useSendNotices();
  const report = useMarkReportSent();
  const [message, setMessage] = useState<{
    tone: 'success' | 'error';
    text: string;
  } | null>(null);
  const fail = (e: unknown) =>
    setMessage({
      tone: 'error',
      text: serverErrors(e, []).form ?? 'Could not save.',
    });
  if (breach.isPending || breach.isError) return <ListState isLoading={breach.isPending} error={breach.error} loadingText="Loading the breach..." />;
  const b = breach.data;
  // A person with no address left is never sent anything: they stay open, to be told by other means.
  const pending = b.affected.filter((a) => a.notice_queued_at === null && !a.no_address).length;
  const unreachable = b.affected.filter((a) => a.notice_queued_at === null && a.no_address).length;
  return (
    <Panel title={`Breach ${b.id}: ${b.summary.length > 60 ? `${b.summary.slice(0, 60)}…` : b.summary}`}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Deadline breach={b} />
        <button type="button" className={btn.secondary} onClick={onClose}>
          Close
        </button>
      </div>
      {message && <StatusMessage tone={message.tone} message={message.text} className="mb-3" />}
      <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Occurred</dt>
          <dd>{formatDateTime(b.occurred_at)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Found</dt>
          <dd>{formatDateTime(b.found_at)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Accounts concerned</dt>
          <dd>{b.accounts.map((a) => `${a.name} (${a.role ?? 'no longer staff'})`).join(', ')}</dd>
        </div>
        <div>
          <dt className="font-semibold">Activity looked at</dt>
          <dd>
            {formatDateTime(b.range_from)} to {formatDateTime(b.range_to)}
          </dd>
        </div>
      </dl>
      <h4 className="mb-2 font-semibold text-slate-900">Affected people ({b.affected.length})</h4>
      {b.affected.length === 0 ? (
        <p className="mb-4 text-slate-700">These accounts read or changed no patient&apos;s data in this time.</p>
      ) : (
        <ScrollArea label="Affected people">
          <DataTable caption="People whose data the accounts read or changed" columns={['Name', 'E-mail', 'What of theirs', 'Notice']}>
            {b.affected.map((a) => (
              <tr key={a.id}>
                <td className={tdClass}>
                  {a.name}
                  {a.user_id === null && <span className="block text-xs text-slate-600">no account</span>}
                </td>
                <td className={tdClass}>{a.no_address ? <span className="text-slate-600">none</span> : a.email}</td>
                <td className={tdClass}>{a.kinds.map((k) => AFFECTED_KIND_LABELS[k as keyof typeof AFFECTED_KIND_LABELS] ?? k).join(', ')}</td>
                <td className={tdClass}>
                  {a.notice_sent_at
                    ? `Sent ${formatDateTime(a.notice_sent_at)}`
                    : a.notice_queued_at
                      ? `Queued ${formatDateTime(a.notice_queued_at)}${a.notice_state === 'failed' ? ' (failed)' : ''}`
                      : a.no_address
                        ? 'No address: notify by other means'
                        : 'Not sent'}
                </td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
      {unreachable > 0 && (
        <p className="my-3 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-slate-900">
          {`${unreachable} ${unreachable === 1 ? 'person has' : 'people have'} no e-mail address any more (a closed account): notify them by other means, such as a phone call or a letter. They stay open in the register.`}
        </p>
      )}
      {pending > 0 && (
        <button
          type="button"
          className={`my-3 ${btn.primary}`}
          disabled={send.isPending}
          onClick={() =>
            send.mutate(b.id, {
              onSuccess: () =>
                setMessage({
                  tone: 'success',
                  text: `The notice is on its way to ${pending} ${pending === 1 ? 'person' : 'people'}.`,
                }),
              onError: fail,
            })
          }
        >
          {send.isPending ? 'Sending...' : `Send the notice to ${pending} ${pending === 1 ? 'person' : 'people'}`}
        </button>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <TextArea
          label={`Notice to each person: ${b.notice_draft.subject}`}
          readOnly
          rows={14}
          value={b.notice_draft.text}
          hint="{name} and {what} are filled in for each person."
        />
        <TextArea
          label="Report to the Data Protection Board"
          readOnly
          rows={14}
          value={b.board_report_draft}
          hint="Send it through the Board's portal, then mark it sent here."
        />
      </div>
      {!b.board_report_sent_at && (
        <button
          type="button"
          className={`mt-3 ${btn.secondary}`}
          disabled={report.isPending}
          onClick={() =>
            report.mutate(b.id, {
              onSuccess: () =>
                setMessage({
                  tone: 'success',
                  text: 'The report to the Board is marked sent.',
                }),
              onError: fail,
            })
          }
        >
          Mark the report to the Board sent
        </button>
      )}
    </Panel>
  );
}

export default function BreachesScreen() {
  const breaches = useBreaches();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="breaches-heading">
      <h3 id="breaches-heading" className="mb-2 text-lg font-bold text-slate-900">
        Breach register
      </h3>
      <p className="mb-4 text-sm text-slate-700">
        Record a personal data breach as soon as it is found: the Data Protection Board expects a detailed report within {BOARD_REPORT_HOURS} hours, and each affected
        person a notice.
      </p>
      {open !== null && <BreachDetail id={open} onClose={() => setOpen(null)} />}
      <ListState isLoading={breaches.isPending} error={breaches.error} loadingText="Loading the breach register..." />
      {breaches.isSuccess && breaches.data.length === 0 && <p className="mb-4 text-slate-700">No breach has been recorded.</p>}
      {breaches.isSuccess && breaches.data.length > 0 && (
        <ScrollArea label="Recorded breaches">
          <DataTable caption="Recorded breaches, latest found first" columns={['Found', 'What happened', 'Affected', 'Notices sent', 'Board report', 'Details']}>
            {breaches.data.map((b) => (
              <tr key={b.id}>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(b.found_at)}</td>
                <td className={tdClass}>{b.summary}</td>
                <td className={tdClass}>{b.affected_count}</td>
                <td className={tdClass}>
                  {b.notices_queued} of {b.affected_count}
                </td>
                <td className={tdClass}>
                  <Deadline breach={b} />
                </td>
                <td className={tdClass}>
                  <button type="button" className={btn.secondary} onClick={() => setOpen(b.id)} aria-label={`Open breach ${b.id}`}>
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
      <div className="mt-6">
        <RecordBreachForm onRecorded={setOpen} />
      </div>
    </section>
  );
}
