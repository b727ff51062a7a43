// Correction: profile fields are edited in "Your details"; anything else (a name on a bill, a detail
// on a report) is a request the lab's staff handle. The patient files one and sees where each stands.
import { CORRECTION_TOPICS, type CorrectionRequest } from '@lab/contract';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useCorrections, useFileCorrection } from '../api/corrections.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { RequestForm } from './request-form.tsx';
import { TextField } from './text-field.tsx';

export const CORRECTION_SENT = 'Your request is sent. We will tell you here what we did.';
const FAILED = 'Could not send your request. Please try again.';

const TOPIC_NAMES: Record<(typeof CORRECTION_TOPICS)[number], string> = { appointment: 'An appointment', bill: 'A bill', report: 'A report', other: 'Something else' };
const STATUS_NAMES: Record<CorrectionRequest['status'], string> = { open: 'Waiting for the lab', corrected: 'Corrected', declined: 'Not changed' };

export function CorrectionRequests({ username }: { username: string }) {
  const id = useId();
  const list = useCorrections(username);
  const file = useFileCorrection(username);
  const [concerns, setConcerns] = useState<(typeof CORRECTION_TOPICS)[number]>('appointment');
  const [reference, setReference] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState(false);

  const onSubmit = () => {
    setSent(false);
    file.mutate(
      { concerns, details, ...(reference.trim() ? { reference } : {}) },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          setReference('');
          setDetails('');
          setSent(true);
        },
        onError: (error) => setErrors(formErrorsOf(error, FAILED)),
      },
    );
  };

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">Ask us to correct something</h3>
      <p className="mt-1 text-sm text-slate-600">Your age and sex are changed in “Your details” above. For anything else, tell us what is wrong.</p>
      <RequestForm send="Send correction request" pending={file.isPending} sent={sent ? CORRECTION_SENT : null} error={errors.form} onSubmit={onSubmit}>
        <div>
          <label htmlFor={`${id}-concerns`} className={labelClass}>
            What is it about?
          </label>
          <select id={`${id}-concerns`} value={concerns} onChange={(e) => setConcerns(e.target.value as typeof concerns)} className={inputClass}>
            {CORRECTION_TOPICS.map((t) => (
              <option key={t} value={t}>
                {TOPIC_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
        <TextField id={`${id}-reference`} label="Booking reference or invoice number (optional)" value={reference} onChange={setReference} error={errors.fields.reference} maxLength={40} />
        <TextField id={`${id}-details`} label="What should be corrected?" value={details} onChange={setDetails} error={errors.fields.details} multiline required maxLength={2000} />
      </RequestForm>
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 grid gap-3" aria-label="Your correction requests">
          {list.data.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {TOPIC_NAMES[r.concerns]}
                {r.reference ? ` (${r.reference})` : ''}: {STATUS_NAMES[r.status]}
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{r.details}</p>
              <p className="mt-1 text-slate-600">Sent {formatDateTime(r.created_at)}</p>
              {r.resolution && <p className="mt-2 break-words whitespace-pre-line text-slate-900">Our answer: {r.resolution}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
