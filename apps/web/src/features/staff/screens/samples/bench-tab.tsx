// The bench: a desk scanner types the label's number and Enter, and the container is received (with a
// problem, when one is chosen first); or it is rejected with its reason, and the patient is told. Each
// answer says what happened to which container, and the field is ready for the next scan; a received
// container's results worksheet opens from the answer.
import { SAMPLE_PROBLEMS, type ReceivedSample, type SampleProblem, staffPaths } from '@lab/contract';
import { Link } from 'react-router';
import { type FormEvent, useRef, useState } from 'react';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useReceive, useReject } from '../../api/samples.ts';
import { SelectInput, TextInput } from '../../components/fields.tsx';
import { btn, Panel } from '../../components/ui.tsx';
import { serverErrors } from '../../lib/server-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PROBLEM_LABELS } from '../../lib/sample-problems.ts';


const ProblemOptions = () =>
  SAMPLE_PROBLEMS.map((p) => (
    <option key={p} value={p}>
      {PROBLEM_LABELS[p]}
    </option>
  ));

type Outcome = { tone: 'success' | 'error'; text: string };

const receivedText = (s: ReceivedSample) =>
  `Received ${s.accession} (${s.container_name}: ${s.tests.join(', ')}).${s.expected_at ? ` Report expected by ${formatDateTime(s.expected_at)}.` : ''}`;

function failure(e: unknown, field: string): string {
  const refused = serverErrors(e, [field]);
  return refused.fields[field] ?? refused.form ?? 'Refused.';
}

function ReceiveForm() {
  const receive = useReceive();
  const [accession, setAccession] = useState('');
  const [problem, setProblem] = useState<SampleProblem | ''>('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [last, setLast] = useState<ReceivedSample | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const scanned = accession.trim();
    if (!scanned) return;
    receive.mutate(
      { accession: scanned, ...(problem ? { problem } : {}) },
      {
        onSuccess: (s) => {
          setOutcome({ tone: 'success', text: receivedText(s) });
          setLast(s);
        },
        onError: (err) => {
          setOutcome({ tone: 'error', text: `${scanned}: ${failure(err, 'accession')}` });
          setLast(null);
        },
        onSettled: () => {
          setAccession('');
          setProblem('');
          input.current?.focus();
        },
      },
    );
  };
  return (
    <Panel title="Receive a container">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextInput ref={input} label="Scan or type the accession number" value={accession} onChange={(e) => setAccession(e.target.value)} autoComplete="off" inputMode="numeric" autoFocus />
        <SelectInput label="Accepted with a problem" value={problem} onChange={(e) => setProblem(e.target.value as SampleProblem | '')}>
          <option value="">None</option>
          <ProblemOptions />
        </SelectInput>
        <button type="submit" className={btn.primary} disabled={receive.isPending}>
          Receive
        </button>
      </form>
      <StatusMessage tone={outcome?.tone ?? 'success'} message={outcome?.text} className="mt-3" />
      {last && (
        <Link className="mt-2 inline-block text-sm font-semibold text-brand-800 underline" to={staffPaths.staffResult(last.appointment_id)}>
          Open the results worksheet of {last.accession}
        </Link>
      )}
    </Panel>
  );
}

function RejectForm() {
  const reject = useReject();
  const [accession, setAccession] = useState('');
  const [reason, setReason] = useState<SampleProblem | ''>('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const scanned = accession.trim();
    if (!scanned || !reason) {
      setOutcome({ tone: 'error', text: 'Scan the container and choose why it is rejected.' });
      return;
    }
    reject.mutate(
      { accession: scanned, reason },
      {
        onSuccess: (s) => {
          setOutcome({ tone: 'success', text: `Rejected ${s.accession} (${PROBLEM_LABELS[reason]}). The patient is told and offered a free recollection.` });
          setAccession('');
          setReason('');
        },
        onError: (err) => setOutcome({ tone: 'error', text: `${scanned}: ${failure(err, 'accession')}` }),
      },
    );
  };
  return (
    <Panel title="Reject a container">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextInput label="Accession number to reject" value={accession} onChange={(e) => setAccession(e.target.value)} autoComplete="off" inputMode="numeric" />
        <SelectInput label="Reason" value={reason} onChange={(e) => setReason(e.target.value as SampleProblem | '')}>
          <option value="">Choose…</option>
          <ProblemOptions />
        </SelectInput>
        <button type="submit" className={btn.danger} disabled={reject.isPending}>
          Reject
        </button>
      </form>
      <StatusMessage tone={outcome?.tone ?? 'success'} message={outcome?.text} className="mt-3" />
    </Panel>
  );
}

export default function BenchTab() {
  return (
    <div className="grid gap-4">
      <ReceiveForm />
      <RejectForm />
    </div>
  );
}
