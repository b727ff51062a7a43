// /verify/{code}: the page a report's QR code opens. It confirms the report is genuine (the lab, the
// patient's initials, the tests, the release time and version, and whether a newer version replaced
// it) without showing any result.
import { type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useVerification } from '../../../shared/api/reports.ts';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.verify.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

export default function VerifyPage() {
  const { code = '' } = useParams();
  const v = useVerification(code);
  const { t, locale } = useLanguage();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('patient.verify.title')}</h1>
      <p className="mt-1 text-slate-700">{t('patient.verify.code', { code: code.toUpperCase() })}</p>
      {v.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          {t('patient.verify.checking')}
        </p>
      ) : v.isError ? (
        <div role="alert" className="mt-6 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {t(v.error instanceof ApiError && (v.error.status === 404 || v.error.status === 400) ? 'patient.verify.unknown' : 'patient.verify.failed')}
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <div role="status" className={`rounded-md border-l-4 px-4 py-3 ${v.data.superseded ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-green-700 bg-green-50 text-green-900'}`}>
            <p className="font-semibold">{t(v.data.superseded ? 'patient.verify.superseded' : 'patient.verify.current')}</p>
            {v.data.superseded_by && <p className="mt-1 text-sm">{t('patient.verify.askNewer', { code: v.data.superseded_by })}</p>}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
            <dt className="font-semibold">{t('patient.verify.lab')}</dt>
            <dd>{v.data.lab_name}</dd>
            <dt className="font-semibold">{t('patient.bill.patient')}</dt>
            <dd>{v.data.patient_initials}</dd>
            <dt className="font-semibold">{t('patient.appt.tests')}</dt>
            <dd>{v.data.tests.join(', ')}</dd>
            <dt className="font-semibold">{t('patient.verify.released')}</dt>
            <dd>{t('patient.verify.releasedAt', { when: formatDateTime(v.data.released_at, locale) })}</dd>
            <dt className="font-semibold">{t('patient.verify.version')}</dt>
            <dd>{v.data.version}</dd>
          </dl>
          <p className="text-sm text-slate-600">{t('patient.verify.noResults')}</p>
        </div>
      )}
    </div>
  );
}
