// /report/{appointmentId}: where the "Your report is ready" e-mail leads. It downloads the report with
// the bill's capability: a guest's by the id alone, a member's when signed in as that member. Anyone
// else is told there is no report, as for a bill.
import { paths } from '@lab/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { downloadReport } from '../../../shared/api/reports.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

export function meta() {
  return [{ title: 'Your report | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

export default function ReportPage() {
  const { appointmentId = '' } = useParams();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'missing' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadReport(appointmentId);
      setState('done');
    } catch (e) {
      setState(e instanceof ApiError && e.status === 404 ? 'missing' : 'failed');
    }
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Your test report</h1>
      <p className="mt-2 text-slate-700">Booking {appointmentId}. The report is a PDF checked and released by our pathologist.</p>
      <button type="button" className={`${buttonStyle('primary')} mt-6`} disabled={state === 'busy'} onClick={() => void download()}>
        {state === 'busy' ? 'Preparing...' : 'Download report (PDF)'}
      </button>
      <StatusMessage className="mt-4" tone={state === 'done' ? 'success' : 'error'} message={
        state === 'done' ? 'Your report is downloaded.'
        : state === 'missing' ? 'No report found for this booking. If you booked with an account, sign in with it first.'
        : state === 'failed' ? 'Could not download the report. Please try again.'
        : null
      } />
      {state === 'missing' && (
        <p className="mt-3">
          <Link className="font-semibold text-brand-800 underline" to={paths.login}>
            Sign in
          </Link>
        </p>
      )}
    </div>
  );
}
