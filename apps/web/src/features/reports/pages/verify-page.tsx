// /verify/{code}: the page a report's QR code opens. It confirms the report is genuine (the lab, the
// patient's initials, the tests, the release time and version, and whether a newer version replaced
// it) without showing any result.
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useVerification } from '../../../shared/api/reports.ts';
import { formatDateTime } from '../../../shared/lib/format-date.ts';

export function meta() {
  return [{ title: 'Verify a report | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

export default function VerifyPage() {
  const { code = '' } = useParams();
  const v = useVerification(code);
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Verify a report</h1>
      <p className="mt-1 text-slate-700">Code {code.toUpperCase()}</p>
      {v.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Checking...
        </p>
      ) : v.isError ? (
        <div role="alert" className="mt-6 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {v.error instanceof ApiError && v.error.status === 404 ? 'No report has this verification code. Check the code printed on the report.' : 'Could not check the code. Please try again.'}
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <div role="status" className={`rounded-md border-l-4 px-4 py-3 ${v.data.superseded ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-green-700 bg-green-50 text-green-900'}`}>
            <p className="font-semibold">{v.data.superseded ? 'Genuine, but superseded: a newer version of this report replaced it.' : 'Genuine report: this is the current version.'}</p>
            {v.data.superseded_by && <p className="mt-1 text-sm">Ask the patient for the newer report (code {v.data.superseded_by}).</p>}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
            <dt className="font-semibold">Laboratory</dt>
            <dd>{v.data.lab_name}</dd>
            <dt className="font-semibold">Patient</dt>
            <dd>{v.data.patient_initials}</dd>
            <dt className="font-semibold">Tests</dt>
            <dd>{v.data.tests.join(', ')}</dd>
            <dt className="font-semibold">Released</dt>
            <dd>{formatDateTime(v.data.released_at)} (India time)</dd>
            <dt className="font-semibold">Version</dt>
            <dd>{v.data.version}</dd>
          </dl>
          <p className="text-sm text-slate-600">Results are not shown here: only the patient and the lab see them.</p>
        </div>
      )}
    </div>
  );
}
