// /doctor: a referring doctor's view (docs/families-and-doctors.md). The one-time link's token (in the
// address's #fragment, so no server log or Referer ever carries it) is exchanged at once for a session,
// kept for this tab only; the page then lists the released reports the doctor's patients shared with
// them, each downloadable. Without a session: a form asking for a new link at the registered address.
import type { DoctorReport, DoctorSession } from '@lab/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { api, ApiError } from '../../../shared/api/client.ts';
import { apiFile, saveFile } from '../../../shared/api/files.ts';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'doctor') });

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('doctor.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

const SESSION_KEY = 'lab.doctor-session';

function storedSession(): DoctorSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as DoctorSession | null;
    return s && s.expires_at > new Date().toISOString() ? s : null;
  } catch {
    return null;
  }
}

export default function DoctorPage() {
  const { t, locale } = useLanguage();
  const id = useId();
  const [session, setSession] = useState<DoctorSession | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [contact, setContact] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  // The link's token, read once from the fragment and taken out of the address at once.
  useEffect(() => {
    const token = /[#&]token=([^&]+)/.exec(window.location.hash)?.[1];
    if (!token) {
      setSession(storedSession());
      setReady(true);
      return;
    }
    window.history.replaceState(window.history.state, '', window.location.pathname);
    api<DoctorSession>('/api/doctor/session', { method: 'POST', body: { token: decodeURIComponent(token) }, auth: 'none' })
      .then((s) => {
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
        setSession(s);
      })
      .catch((err: unknown) => setLinkError(err instanceof ApiError ? err.message : t('doctor.failed')))
      .finally(() => setReady(true));
  }, [t]);

  const reports = useQuery({
    queryKey: ['doctor-reports', session?.session ?? ''],
    queryFn: ({ signal }) => api<DoctorReport[]>('/api/doctor/reports', { bearer: session!.session, signal }),
    enabled: session !== null,
    staleTime: 0,
  });

  const ask = useMutation({
    mutationFn: (text: string) => api<{ message: string }>('/api/doctor/link', { method: 'POST', body: { contact: text }, auth: 'none' }),
    onSuccess: (answer) => setSent(answer.message),
  });

  const download = (r: DoctorReport) => {
    if (!session) return;
    apiFile(`/api/doctor/reports/${encodeURIComponent(r.appointment_id)}/pdf`, { bearer: session.session })
      .then((pdf) => saveFile(pdf, `report-${r.appointment_id}.pdf`))
      .catch(() => setLinkError(t('doctor.failed')));
  };

  const onAsk = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSent(null);
    ask.mutate(contact);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('doctor.title')}</h1>
      {session ? <p className="mt-1 text-slate-700">{t('doctor.signedIn', { name: session.name })}</p> : <p className="mt-1 text-slate-700">{t('doctor.intro')}</p>}
      <StatusMessage message={linkError} tone="error" className="mt-4" />
      {!ready ? (
        <p role="status" className="mt-6 text-slate-600">
          {t('doctor.loading')}
        </p>
      ) : session ? (
        <section aria-labelledby={`${id}-reports`} className="mt-6">
          <h2 id={`${id}-reports`} className="text-xl font-semibold text-slate-900">
            {t('doctor.reports')}
          </h2>
          {reports.isPending ? (
            <p role="status" className="mt-2 text-slate-600">
              {t('doctor.loading')}
            </p>
          ) : reports.isError ? (
            <p role="alert" className="mt-2 text-red-800">
              {t('doctor.failed')}
            </p>
          ) : reports.data.length === 0 ? (
            <p className="mt-2 text-slate-600">{t('doctor.none')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {reports.data.map((r) => (
                <li key={`${r.appointment_id}-${r.version}`} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div>
                    <p className="font-medium text-slate-900">{r.patient_name}</p>
                    <p className="text-sm text-slate-600">{t('doctor.visit', { date: formatDate(r.date, locale), released: formatDateTime(r.released_at, locale) })}</p>
                  </div>
                  <button type="button" className={buttonClass.primary} onClick={() => download(r)} aria-label={t('doctor.downloadFor', { name: r.patient_name })}>
                    {t('doctor.download')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <form onSubmit={onAsk} className="mt-6 max-w-md space-y-3">
          <div>
            <label htmlFor={`${id}-contact`} className={labelClass}>
              {t('doctor.contact')}
            </label>
            <input id={`${id}-contact`} type="text" autoComplete="email" maxLength={254} required value={contact} onChange={(e) => setContact(e.target.value)} className={inputClass} />
          </div>
          <button type="submit" disabled={ask.isPending} className={buttonClass.primary}>
            {t('doctor.send')}
          </button>
          <StatusMessage message={sent} tone="success" />
        </form>
      )}
    </div>
  );
}
