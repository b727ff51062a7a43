// One appointment's results: when the sample was collected and received, the patient's age and sex
// (needed for the intervals), each parameter with its unit and the patient's interval beside the field
// and its flag shown as the value is typed, save as a draft or mark final, release by a second person (a pathologist), amendment with a reason,
// which waits for another pathologist to release or discard it (docs/decisions/046), the record of a
// critical-value call, and the released versions, each as a PDF or a FHIR document for other systems (each
// look is audited; docs/abdm.md). "Released" is said only
// when a released version exists, never from the appointment's status alone.
import { FLAG_LABELS, flagNumber, isCritical, NUMBER_VALUE, type PendingAmendment, type ResultFlag, type Worksheet, type WorksheetRow } from '@lab/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { saveFile } from '../../../shared/api/files.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { staffReportFhir, staffReportPdf, useWorksheet, useWorksheetChange } from '../api/results.ts';
import { useVisitSamples } from '../api/samples.ts';
import { SelectInput, TextArea, TextInput } from '../components/fields.tsx';
import { SampleTimesPanel } from '../components/sample-times-panel.tsx';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';
import { Badge, btn, ListState, Panel, tableClass, tdClass, thClass, ScrollArea } from '../components/ui.tsx';
import { type ServerErrors, serverErrors } from '../lib/server-errors.ts';
import { formatDateTime } from '../lib/format.ts';
import { rowsByContainer } from '../lib/rows-by-container.ts';
import { PROBLEM_LABELS } from '../lib/sample-problems.ts';
import { useStaffAccess } from '../lib/staff-access.ts';

export const meta = () => staffMeta('Enter results');
export const ErrorBoundary = ScreenError;

/** the flag a typed value will get, as the server will compute it (same rule, from the contract) */
function flagOf(row: WorksheetRow, value: string): ResultFlag | null {
  const v = value.trim();
  if (row.result_type === 'number') return NUMBER_VALUE.test(v) ? flagNumber(Number(v), row.interval) : null;
  if (row.result_type === 'choice') return v && row.normal_choice && v !== row.normal_choice ? 'A' : null;
  return null;
}

function FlagBadge({ flag }: { flag: ResultFlag | null }) {
  if (!flag) return null;
  return <Badge tone={isCritical(flag) ? 'red' : 'amber'}>{FLAG_LABELS[flag]}</Badge>;
}

function PatientDetails({ sheet, onSave, busy }: { sheet: Worksheet; onSave(body: { date_of_birth: string | null; age_years: number | null; sex: 'male' | 'female' | 'other' }): Promise<unknown>; busy: boolean }) {
  const [dob, setDob] = useState(sheet.patient_date_of_birth ?? '');
  const [age, setAge] = useState(sheet.patient_age_years?.toString() ?? '');
  const [sex, setSex] = useState(sheet.patient_sex ?? '');
  const [errors, setErrors] = useState<ServerErrors>({ fields: {}, form: null });
  const save = async () => {
    setErrors({ fields: {}, form: null });
    try {
      await onSave({ date_of_birth: dob || null, age_years: age === '' ? null : Number(age), sex: sex as 'male' });
    } catch (e) {
      setErrors(serverErrors(e, ['date_of_birth', 'age_years', 'sex']));
    }
  };
  return (
    <Panel title="Patient">
      <p className="mb-3 text-sm text-slate-700">{sheet.patient_age ? `Age ${sheet.patient_age}, ${sheet.patient_sex}` : 'Give the date of birth or the age, and the sex: the reference intervals depend on them.'}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextInput label="Date of birth" type="date" value={dob} onChange={(e) => setDob(e.target.value)} error={errors.fields.date_of_birth} />
        <TextInput label="or age in years" inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} error={errors.fields.age_years} className="w-32" />
        <SelectInput label="Sex" value={sex} onChange={(e) => setSex(e.target.value)} error={errors.fields.sex}>
          <option value="">Choose</option>
          <option value="female">Female</option>
          <option value="male">Male</option>
          <option value="other">Other</option>
        </SelectInput>
        <button type="button" className={btn.secondary} disabled={busy} onClick={() => void save()}>
          Save patient details
        </button>
      </div>
      <StatusMessage message={errors.form} tone="error" className="mt-2" />
    </Panel>
  );
}

/** an amendment entered by one pathologist, waiting for another to release it (or for anyone to discard it) */
function PendingAmendmentPanel({ pending, busy, onRelease, onDiscard }: { pending: PendingAmendment; busy: boolean; onRelease(): void; onDiscard(): void }) {
  return (
    <Panel title={`Amendment waiting for release (version ${pending.version})`}>
      <p className="text-sm text-slate-700">
        Entered by {pending.entered_by}, {formatDateTime(pending.entered_at)} · reason: {pending.reason}. Until a second pathologist releases it, the patient, the PDF and
        verification show the released version.
      </p>
      <table className={`${tableClass} mt-2`}>
        <caption className="sr-only">Results the amendment changes</caption>
        <thead>
          <tr>
            <th className={thClass}>Parameter</th>
            <th className={thClass}>Released</th>
            <th className={thClass}>Amended</th>
            <th className={thClass}>Flag</th>
          </tr>
        </thead>
        <tbody>
          {pending.changes.map((c) => (
            <tr key={c.parameter_id}>
              <td className={tdClass}>
                {c.name} ({c.test_name})
              </td>
              <td className={tdClass}>{c.from ?? '-'}</td>
              <td className={`${tdClass} font-semibold`}>{c.to}</td>
              <td className={tdClass}>
                <FlagBadge flag={c.flag} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {pending.entered_by_you ? (
          <p className="text-sm font-medium text-slate-800">You entered this amendment: another pathologist must release it.</p>
        ) : (
          <button type="button" className={btn.primary} disabled={busy} onClick={onRelease}>
            Release amendment
          </button>
        )}
        <button type="button" className={btn.secondary} disabled={busy} onClick={onDiscard}>
          Discard amendment
        </button>
      </div>
    </Panel>
  );
}

export default function ResultEntryScreen() {
  const { appointmentId = '' } = useParams();
  const sheet = useWorksheet(appointmentId);
  // the visit's containers, to group the rows by tube; the worksheet stands without them
  const containers = useVisitSamples(appointmentId || null);
  // the release is a pathologist's: a technician who marked the results final is not offered it
  const canRelease = useStaffAccess().can('POST /api/staff/results/:id/release');
  const change = useWorksheetChange(appointmentId);
  const [values, setValues] = useState<Record<number, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');

  const data = sheet.data;
  // The fields start from what is saved; after each save they follow the server's answer.
  useEffect(() => {
    if (data) setValues(Object.fromEntries(data.rows.map((r) => [r.parameter_id, r.value ?? ''])));
  }, [data]);

  if (!data) return <ListState isLoading={sheet.isLoading} error={sheet.error} loadingText="Loading the worksheet..." />;

  const released = data.report_released;
  const pending = data.pending_amendment;
  const changed = data.rows.filter((r) => (values[r.parameter_id] ?? '') !== (r.value ?? '') && (values[r.parameter_id] ?? '').trim() !== '');
  const submitted = released ? changed : data.rows.filter((r) => (values[r.parameter_id] ?? '').trim() !== '');
  const allFinal = data.rows.length > 0 && data.rows.every((r) => r.status === 'final');

  /** a refused save: messages beside the fields they name (results.N.value → the Nth row sent) */
  const refused = (e: unknown) => {
    const { form, fields } = serverErrors(e, submitted.map((_, n) => `results.${n}.value`).concat(['reason', 'note']));
    const byRow: Record<number, string> = {};
    submitted.forEach((r, n) => {
      const m = fields[`results.${n}.value`];
      if (m) byRow[r.parameter_id] = m;
    });
    setFieldErrors(byRow);
    setMessage({ text: fields.reason ?? fields.note ?? form ?? 'Please correct the results marked below.', tone: 'error' });
  };
  const run = async (c: Parameters<typeof change.mutateAsync>[0], done: string) => {
    setMessage(null);
    setFieldErrors({});
    try {
      await change.mutateAsync(c);
      setMessage({ text: done, tone: 'success' });
    } catch (e) {
      refused(e);
    }
  };
  const results = submitted.map((r) => ({ parameter_id: r.parameter_id, value: values[r.parameter_id] ?? '' }));

  return (
    <section aria-labelledby="worksheet-heading" className="space-y-4">
      <div>
        <h2 id="worksheet-heading" className="text-xl font-bold text-slate-900">
          Results for {data.patient_name}
        </h2>
        <p className="text-sm text-slate-700">
          Booking {data.appointment_id} · {data.date} {data.time} · {released ? 'Report released' : data.status === 'sample_collected' ? 'Sample collected' : data.status}
        </p>
      </div>

      {data.critical_pending && (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
          <p className="font-semibold">A critical value needs a call to the patient or the doctor.</p>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <TextInput label="Who was called, and when" value={note} onChange={(e) => setNote(e.target.value)} className="min-w-72" />
            <button type="button" className={btn.primary} disabled={change.isPending} onClick={() => void run({ kind: 'critical-call', body: { note } }, 'The call is recorded.')}>
              Record the call
            </button>
          </div>
        </div>
      )}
      {data.critical_called_at && <p className="text-sm text-slate-700">Critical value called {formatDateTime(data.critical_called_at)}: {data.critical_call_note}</p>}

      {data.status === 'sample_collected' && (
        <SampleTimesPanel sheet={data} busy={change.isPending} onSave={(body) => change.mutateAsync({ kind: 'sample', body })} />
      )}

      {!released && <PatientDetails key={`${data.patient_sex}-${data.patient_age_years}-${data.patient_date_of_birth}`} sheet={data} busy={change.isPending} onSave={(body) => change.mutateAsync({ kind: 'patient', body })} />}

      <ScrollArea label="Results">
        <table className={tableClass}>
          <caption className="sr-only">Results, with each parameter's unit and the patient's reference interval</caption>
          <thead>
            <tr>
              <th className={thClass}>Parameter</th>
              <th className={thClass}>Result</th>
              <th className={thClass}>Unit</th>
              <th className={thClass}>Reference interval</th>
              <th className={thClass}>Flag</th>
            </tr>
          </thead>
          {rowsByContainer(data.rows, containers.data?.samples ?? []).map(({ sample, rows }) => (
          <tbody key={sample?.accession ?? 'none'}>
            {(containers.data?.samples.length ?? 0) > 0 && (
              <tr>
                <th scope="colgroup" colSpan={5} className="bg-slate-100 px-3 py-1.5 text-left text-sm font-semibold text-slate-900">
                  {sample
                    ? `${sample.container_name} · ${sample.accession} · ${sample.received_at ? `received ${formatDateTime(sample.received_at)}` : 'not received yet'}${sample.problem ? ` · accepted: ${PROBLEM_LABELS[sample.problem].toLowerCase()}` : ''}`
                    : 'No container recorded'}
                </th>
              </tr>
            )}
            {rows.map((r, n) => {
              const value = values[r.parameter_id] ?? '';
              const label = `${r.name} (${r.test_name})`;
              return (
                <tr key={r.parameter_id}>
                  <td className={tdClass}>
                    {(n === 0 || rows[n - 1]!.test_name !== r.test_name) && <p className="text-xs font-semibold text-brand-800">{r.test_name}</p>}
                    {r.name}
                    {r.source && (
                      <p className="text-xs text-slate-700">
                        from analyser {r.source.analyser}
                        {r.source.instrument_flags ? ` · its flag ${r.source.instrument_flags}` : ''}
                        {r.source.measured_at ? ` · ${formatDateTime(r.source.measured_at)}` : ''}
                      </p>
                    )}
                  </td>
                  <td className={tdClass}>
                    {r.result_type === 'choice' ? (
                      <select aria-label={label} disabled={pending !== null} className="rounded border border-slate-400 px-2 py-1" value={value} onChange={(e) => setValues({ ...values, [r.parameter_id]: e.target.value })}>
                        <option value="">-</option>
                        {r.choices?.map((c) => (
                          <option key={c}>{c}</option>
                        ))}
                      </select>
                    ) : (
                      <input
                        aria-label={label}
                        aria-invalid={fieldErrors[r.parameter_id] ? true : undefined}
                        inputMode={r.result_type === 'number' ? 'decimal' : 'text'}
                        // an amendment waits: its values are below, released or discarded there
                        readOnly={pending !== null}
                        className="w-28 rounded border border-slate-400 px-2 py-1"
                        value={value}
                        onChange={(e) => setValues({ ...values, [r.parameter_id]: e.target.value })}
                      />
                    )}
                    {fieldErrors[r.parameter_id] && <p className="mt-1 text-sm font-medium text-red-700">{fieldErrors[r.parameter_id]}</p>}
                  </td>
                  <td className={tdClass}>{r.unit}</td>
                  <td className={tdClass}>{r.interval_text}</td>
                  <td className={tdClass} aria-live="polite">
                    <FlagBadge flag={flagOf(r, value)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          ))}
        </table>
      </ScrollArea>

      <StatusMessage message={message?.text ?? null} tone={message?.tone ?? 'error'} />

      {!released ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={btn.secondary} disabled={change.isPending} onClick={() => void run({ kind: 'results', body: { results, final: false } }, 'Draft saved.')}>
            Save draft
          </button>
          <button type="button" className={btn.primary} disabled={change.isPending} onClick={() => void run({ kind: 'results', body: { results, final: true } }, 'Results marked final: a pathologist can release them.')}>
            Mark final
          </button>
          {allFinal && canRelease && (
            <button type="button" className={btn.primary} disabled={change.isPending} onClick={() => void run({ kind: 'release' }, 'Report released. The patient is told by e-mail.')}>
              Release report
            </button>
          )}
        </div>
      ) : pending ? (
        <PendingAmendmentPanel
          pending={pending}
          busy={change.isPending}
          onRelease={() => void run({ kind: 'release-amendment' }, `Amendment released as version ${pending.version}. The patient is told by e-mail.`)}
          onDiscard={() => {
            if (window.confirm('Discard this amendment? The released version stays as it is.')) void run({ kind: 'discard-amendment' }, 'Amendment discarded: the released version stays.');
          }}
        />
      ) : (
        <Panel title="Amend the released report">
          <TextArea
            label="Reason for the amendment"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint="Change the results above, then give the reason. Another pathologist releases the amendment as a new version; until then the released version stays."
          />
          <button type="button" className={`${btn.primary} mt-2`} disabled={change.isPending} onClick={() => void run({ kind: 'amend', body: { reason, results } }, 'Amendment saved: another pathologist must release it.')}>
            Amend report
          </button>
        </Panel>
      )}

      {data.reports.length > 0 && (
        <Panel title="Released versions">
          <ul className="space-y-2 text-sm">
            {data.reports.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">Version {v.version}</span>
                <Badge tone={v.status === 'released' ? 'green' : 'slate'}>{v.status === 'released' ? 'Current' : 'Superseded'}</Badge>
                <span>
                  by {v.released_by}, {formatDateTime(v.released_at)} · code {v.verification_code}
                  {v.amendment_reason ? ` · reason: ${v.amendment_reason}` : ''}
                </span>
                <button type="button" className={btn.secondary} onClick={() => void staffReportPdf(data.appointment_id, v.version).then((b) => saveFile(b, `report-${data.appointment_id}-v${v.version}.pdf`), refused)}>
                  Download PDF<span className="sr-only"> of version {v.version}</span>
                </button>
                <button type="button" className={btn.secondary} onClick={() => void staffReportFhir(data.appointment_id, v.version).then((b) => saveFile(b, `report-${data.appointment_id}-v${v.version}.fhir.json`), refused)}>
                  Download FHIR<span className="sr-only"> of version {v.version}</span>
                </button>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </section>
  );
}
