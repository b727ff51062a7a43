// /report/{appointmentId}: where the "Your report is ready" e-mail leads. It downloads the report with
// the bill's capability: a guest's by the id alone, a member's when signed in as that member. Anyone
// else is told there is no report, as for a bill. Beside the PDF, the same report as a FHIR document for
// a doctor's software or a health records app (docs/abdm.md), by the same capability.
import { paths } from '@lab/contract';
import { useState } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { downloadReport, downloadReportFhir } from '../../../shared/api/reports.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.report.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

type State = 'idle' | 'busy' | 'busyFhir' | 'done' | 'doneFhir' | 'missing' | 'failed';

const outcome: Partial<Record<State, MessageId>> = {
  done: 'patient.report.done',
  doneFhir: 'patient.report.fhirDone',
  missing: 'patient.report.missing',
  failed: 'patient.dash.reportFailed',
};

export default function ReportPage() {
  const { appointmentId = '' } = useParams();
  const [state, setState] = useState<State>('idle');
  const t = useT();
  const said = outcome[state];
  const busy = state === 'busy' || state === 'busyFhir';
  const download = async (fhir: boolean) => {
    setState(fhir ? 'busyFhir' : 'busy');
    try {
      await (fhir ? downloadReportFhir : downloadReport)(appointmentId);
      setState(fhir ? 'doneFhir' : 'done');
    } catch (e) {
      setState(e instanceof ApiError && e.status === 404 ? 'missing' : 'failed');
    }
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('patient.report.title')}</h1>
      <p className="mt-2 text-slate-700">{t('patient.report.intro', { id: appointmentId })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonStyle('primary')} disabled={busy} onClick={() => void download(false)}>
          {t(state === 'busy' ? 'patient.report.preparing' : 'patient.report.download')}
        </button>
        <button type="button" className={buttonStyle('secondary')} disabled={busy} onClick={() => void download(true)} aria-describedby="fhir-hint">
          {t(state === 'busyFhir' ? 'patient.report.preparing' : 'patient.report.downloadFhir')}
        </button>
      </div>
      <p id="fhir-hint" className="mt-2 text-sm text-slate-700">
        {t('patient.report.fhirHint')}
      </p>
      <StatusMessage className="mt-4" tone={state === 'done' || state === 'doneFhir' ? 'success' : 'error'} message={said ? t(said) : null} />
      {state === 'missing' && (
        <p className="mt-3">
          <Link className="font-semibold text-brand-800 underline" to={paths.login}>
            {t('patient.report.signIn')}
          </Link>
        </p>
      )}
    </div>
  );
}
