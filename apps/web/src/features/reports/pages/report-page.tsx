// /report/{appointmentId}: where the "Your report is ready" e-mail leads. It downloads the report with
// the bill's capability: a guest's by the id alone, a member's when signed in as that member. Anyone
// else is told there is no report, as for a bill.
import { paths } from '@lab/contract';
import { useState } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { downloadReport } from '../../../shared/api/reports.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.report.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

const outcome: Partial<Record<'done' | 'missing' | 'failed', MessageId>> = {
  done: 'patient.report.done',
  missing: 'patient.report.missing',
  failed: 'patient.dash.reportFailed',
};

export default function ReportPage() {
  const { appointmentId = '' } = useParams();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'missing' | 'failed'>('idle');
  const t = useT();
  const said = state === 'done' || state === 'missing' || state === 'failed' ? outcome[state] : undefined;
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
      <h1 className="text-2xl font-bold text-slate-900">{t('patient.report.title')}</h1>
      <p className="mt-2 text-slate-700">{t('patient.report.intro', { id: appointmentId })}</p>
      <button type="button" className={`${buttonStyle('primary')} mt-6`} disabled={state === 'busy'} onClick={() => void download()}>
        {t(state === 'busy' ? 'patient.report.preparing' : 'patient.report.download')}
      </button>
      <StatusMessage className="mt-4" tone={state === 'done' ? 'success' : 'error'} message={said ? t(said) : null} />
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
