// /UserDashboard (docs/product.md#public-pages, #screen-behaviour, #validation, #messages): the logged-in person's profile, counts, membership
// and appointments with search, filter, View Bill, Cancel and Reschedule. Without a session the
// visitor is sent to /login once the stored session has been read. On a phone (narrower than 640 px) the
// first screen is the next visit (the list's first card: upcoming visits come first) and the latest report;
// the filters and the rest (details and sign-in, family, membership, privacy) fold into one-line sections
// below the appointments (components/phone-section.tsx).
import { type MyReport, paths, type UserAppointment } from '@lab/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, type MetaArgs, useNavigate } from 'react-router';
import { billQueryOptions } from '../../../shared/api/bills.ts';
import { downloadReport, useMyReports } from '../../../shared/api/reports.ts';
import { useRequireUser } from '../../../shared/auth/use-require-user.ts';
import { formatDate, todayInIndia } from '../../../shared/lib/format-date.ts';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useTimedMessage } from '../../../shared/lib/use-timed-message.ts';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { useUserAppointments } from '../api/get-user-appointments.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';
import { ClaimGuestBookings } from '../components/claim-guest-bookings.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { SignInMethods } from '../components/sign-in-methods.tsx';
import { PhoneSection } from '../components/phone-section.tsx';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import { FamilyMembers } from '../components/family-members.tsx';
import { useMembers } from '../../../shared/api/members.ts';
import { MessageChannels } from '../components/message-channels.tsx';
import { WhoLooked } from '../components/who-looked.tsx';
import { ActionMessage, type ActionMessageValue } from '../components/action-message.tsx';
import { AppointmentCard } from '../components/appointment-card.tsx';
import { AppointmentFilters } from '../components/appointment-filters.tsx';
import { type AppointmentFilter, dashboardOrder, filterAppointments, noFilter, totals } from '../lib/appointments.ts';

// The messages (docs/product.md#messages) of the dashboard's actions, by catalogue id (shown in the page's language).
export const BILL_NOT_FOUND: MessageId = 'patient.dash.billNotFound';
export const CANCELLED: MessageId = 'dashboard.dash.cancelled';
export const REPORT_FAILED: MessageId = 'patient.dash.reportFailed';
export const CANCEL_FAILED: MessageId = 'dashboard.dash.cancelFailed';
export const RESCHEDULED: MessageId = 'dashboard.dash.rescheduled';
export const RESCHEDULE_FAILED: MessageId = 'dashboard.dash.rescheduleFailed';
const BILL_NOT_FOUND_MS = 3_000;

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  // Private (noindex), yet described as every page is: only the crawlable audit may fail here (bench/journey.ts).
  return [...(t ? [{ title: t('patient.dash.meta') }, { name: 'description', content: t('patient.dash.description') }] : []), { name: 'robots', content: 'noindex' }];
}

/**
 * `membership`: the membership section, placed by the route (it belongs to the membership feature);
 * the privacy feature's sections (docs/personal-data.md): `consentPrompt` (at the top), `consents` (after the
 * profile) and `yourData` (the patient's rights). `routePending`: what the route placed on the first screen
 * still waits for its data (the consent prompt, which may appear at the top).
 */
export default function DashboardPage({
  membership,
  consentPrompt,
  consents,
  yourData,
  routePending = false,
}: {
  membership?: ReactNode;
  consentPrompt?: ReactNode;
  consents?: ReactNode;
  yourData?: ReactNode;
  routePending?: boolean;
}) {
  const user = useRequireUser();
  if (!user) return <Loading />;
  return (
    <Dashboard
      username={user.username}
      firstName={user.first_name}
      email={user.email}
      membership={membership}
      consentPrompt={consentPrompt}
      consents={consents}
      yourData={yourData}
      routePending={routePending}
    />
  );
}

function Loading() {
  const { t } = useLanguage();
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      {t('patient.loading')}
    </p>
  );
}

function Dashboard({
  username,
  firstName,
  email,
  membership,
  consentPrompt,
  consents,
  yourData,
  routePending,
}: {
  username: string;
  firstName: string;
  email: string;
  membership: ReactNode;
  consentPrompt?: ReactNode;
  consents?: ReactNode;
  yourData?: ReactNode;
  routePending: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t, locale } = useLanguage();
  const appointments = useUserAppointments(username);
  const { mutate: cancelMutate } = useCancelAppointment(username);
  const { mutateAsync: rescheduleMutate } = useRescheduleAppointment(username);
  const { message: toastMessage, show: showToast } = useTimedMessage<ActionMessageValue>();
  const [filter, setFilter] = useState<AppointmentFilter>(noFilter);
  const [pending, setPending] = useState<{ id: string; kind: 'bill' | 'cancel' | 'reschedule' } | null>(null);
  const [minDate] = useState(todayInIndia);

  const reports = useMyReports(username);
  const withReport = useMemo(() => new Set((reports.data ?? []).map((r) => r.appointment_id)), [reports.data]);
  // the report released last, shown on the first screen beside the next visit
  const latestReport = useMemo(() => (reports.data ?? []).reduce<MyReport | null>((a, r) => (a === null || r.released_at > a.released_at ? r : a), null), [reports.data]);
  const phone = usePhoneLayout();
  const list = useMemo(() => appointments.data ?? [], [appointments.data]);
  const counts = useMemo(() => totals(list), [list]);
  // whose appointments and reports are shown: everyone's, the holder's own, or one family member's
  const members = useMembers(username);
  const [person, setPerson] = useState<'all' | 'self' | number>('all');
  const memberNames = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.name])), [members.data]);
  const ofPerson = useMemo(() => (person === 'all' ? list : list.filter((a) => (a.member_id ?? null) === (person === 'self' ? null : person))), [list, person]);
  const shown = useMemo(() => dashboardOrder(filterAppointments(ofPerson, filter), minDate), [ofPerson, filter, minDate]);

  const viewBill = useCallback(
    async (a: UserAppointment) => {
      setPending({ id: a.id, kind: 'bill' });
      try {
        // the bill page then finds it in the cache
        await queryClient.fetchQuery(billQueryOptions(a.id));
        void navigate(paths.billing(a.id), { state: { validAccess: true } });
      } catch {
        showToast({ text: t(BILL_NOT_FOUND), tone: 'error' }, BILL_NOT_FOUND_MS);
      } finally {
        setPending(null);
      }
    },
    [navigate, queryClient, showToast, t],
  );

  /** the appointment whose Cancel was pressed, while the confirmation is asked */
  const [confirming, setConfirming] = useState<UserAppointment | null>(null);

  const downloadOne = useCallback(
    (a: UserAppointment) => {
      downloadReport(a.id).catch(() => showToast({ text: t(REPORT_FAILED), tone: 'error' }, BILL_NOT_FOUND_MS));
    },
    [showToast, t],
  );

  // a paid booking's cancel step offers the refund of a payment made online (the server gives back what the gateway can carry)
  const [refundOnline, setRefundOnline] = useState(true);
  const cancelOne = useCallback(
    (a: UserAppointment, refund: boolean) => {
      setPending({ id: a.id, kind: 'cancel' });
      cancelMutate({ id: a.id, refundOnline: refund }, {
        onSuccess: () => showToast({ text: t(CANCELLED), tone: 'success' }),
        onError: () => showToast({ text: t(CANCEL_FAILED), tone: 'error' }),
        onSettled: () => setPending(null),
      });
    },
    [cancelMutate, showToast, t],
  );

  const rescheduleOne = useCallback(
    async (a: UserAppointment, date: string, time: string) => {
      setPending({ id: a.id, kind: 'reschedule' });
      try {
        await rescheduleMutate({ id: a.id, new_date: date, new_time: time });
        showToast({ text: t(RESCHEDULED), tone: 'success' });
        return true;
      } catch {
        showToast({ text: t(RESCHEDULE_FAILED), tone: 'error' });
        return false;
      } finally {
        setPending(null);
      }
    },
    [rescheduleMutate, showToast, t],
  );

  // The first screen is drawn whole, once what it shows has come (the appointments, the latest report, the
  // family's names for the person filter, and the route's consent prompt): an answer arriving after the
  // first paint would push what is already drawn down the page (a layout shift). Each is asked at once,
  // side by side; a failed one is drawn as its failure. The rest of the page loads in its own sections.
  // The answers come through TanStack Query's store, whose news React renders at once, in one task: the
  // whole dashboard is drawn in a deferred render instead, which React does in slices between other work.
  const firstScreenIn = useDeferredValue(!(routePending || appointments.isPending || reports.isPending || members.isPending));
  if (!firstScreenIn) return <Loading />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {consentPrompt}
      <section aria-labelledby="welcome-heading" className="rounded-lg bg-brand-50 p-4 sm:p-6">
        <h1 id="welcome-heading" className="text-xl font-bold text-brand-900 sm:text-2xl">
          {t('dashboard.dash.welcome', { name: firstName })}
        </h1>
        <dl className="mt-2 hidden gap-1 text-sm text-slate-700 sm:grid sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">{t('dashboard.dash.username')} </dt>
            <dd className="inline">{username}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t('patient.dash.email')} </dt>
            <dd className="inline break-all">{email}</dd>
          </div>
        </dl>
        <dl className="mt-4 hidden grid-cols-2 gap-4 sm:grid">
          <div className="rounded-md bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{t('dashboard.dash.totalAppointments')}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="total-appointments">
              {appointments.isPending ? '…' : counts.appointments}
            </dd>
          </div>
          <div className="rounded-md bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{t('dashboard.dash.totalTests')}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="total-tests">
              {appointments.isPending ? '…' : counts.tests}
            </dd>
          </div>
        </dl>
        <Link
          to={paths.appointment}
          className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          {t('dashboard.dash.book')}
        </Link>
        {latestReport ? (
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md bg-white p-3 shadow-sm">
            <p className="text-sm text-slate-800">
              <strong>{t('dashboard.latest.title')}</strong> · {t('dashboard.latest.released', { date: formatDate(latestReport.released_at.slice(0, 10), locale) })}
            </p>
            <button
              type="button"
              onClick={() => downloadReport(latestReport.appointment_id).catch(() => showToast({ text: t(REPORT_FAILED), tone: 'error' }, BILL_NOT_FOUND_MS))}
              className="rounded-md bg-green-700 px-3 py-2 text-sm font-semibold text-white hover:bg-green-800 focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {t('dashboard.latest.download')}
            </button>
            <Link to={typeof person === 'number' ? `${paths.trends}&member=${person}` : paths.trends} className="font-medium text-brand-700 underline">
              {t('dashboard.trends.title')}
            </Link>
          </div>
        ) : null}
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title={t('dashboard.dash.cancelTitle')}
        body={confirming ? t('dashboard.dash.cancelBody', { date: formatDate(confirming.date, locale), time: confirming.time, reference: confirming.reference }) : ''}
        confirmLabel={t('dashboard.dash.cancelConfirm')}
        cancelLabel={t('dashboard.dash.cancelKeep')}
        onConfirm={() => confirming && cancelOne(confirming, confirming.receipt_path ? refundOnline : false)}
        onClose={() => setConfirming(null)}
      >
        {confirming?.receipt_path ? (
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" className="mt-1" checked={refundOnline} onChange={(e) => setRefundOnline(e.target.checked)} />
            <span>{t('dashboard.dash.cancelRefund')}</span>
          </label>
        ) : null}
      </ConfirmDialog>

      <section aria-labelledby="appointments-heading" className="mt-8">
        <h2 id="appointments-heading" className="mb-4 text-xl font-semibold text-slate-900">
          {t('dashboard.dash.appointments')}
        </h2>
        {memberNames.size > 0 ? (
          <div className="mb-4">
            <label htmlFor="dashboard-person" className="mb-1 block text-sm font-semibold text-slate-800">
              {t('dashboard.person.label')}
            </label>
            <select
              id="dashboard-person"
              value={String(person)}
              onChange={(e) => setPerson(e.target.value === 'all' || e.target.value === 'self' ? e.target.value : Number(e.target.value))}
              className="rounded-md border border-slate-300 px-3 py-2"
            >
              <option value="all">{t('dashboard.person.everyone')}</option>
              <option value="self">{t('dashboard.person.me')}</option>
              {[...memberNames].map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <PhoneSection phone={phone} title={t('dashboard.filter.label')}>
          <div className={phone ? 'px-2' : undefined}>
            <AppointmentFilters value={filter} onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))} onReset={() => setFilter(noFilter)} />
          </div>
        </PhoneSection>
        <div className="mt-4">
          {appointments.isPending ? (
            <p role="status" className="text-slate-600">
              {t('dashboard.dash.loadingAppointments')}
            </p>
          ) : appointments.isError ? (
            <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
              <p>{t('dashboard.dash.appointmentsFailed')}</p>
              <button type="button" onClick={() => void appointments.refetch()} className="mt-2 font-medium underline">
                {t('patient.tryAgain')}
              </button>
            </div>
          ) : list.length === 0 ? (
            <p className="text-slate-600">
              {t('dashboard.dash.none')}{' '}
              <Link to={paths.appointment} className="font-medium text-brand-700 underline">
                {t('dashboard.dash.bookOne')}
              </Link>
              {t('dashboard.dash.noneEnd')}
            </p>
          ) : (
            <>
              <p role="status" className="mb-2 text-sm text-slate-600">
                {shown.length === list.length
                  ? t('dashboard.dash.count', { count: list.length })
                  : t('dashboard.dash.matching', { shown: shown.length, total: list.length })}
              </p>
              {shown.length === 0 ? (
                <p className="text-slate-600">{t('dashboard.dash.noMatch')}</p>
              ) : (
                <ul className="grid gap-4 md:grid-cols-2" aria-label={t('dashboard.dash.list')}>
                  {shown.map((a) => (
                    <AppointmentCard
                      key={a.id}
                      appointment={a}
                      minDate={minDate}
                      busy={pending?.id === a.id ? pending.kind : null}
                      onViewBill={viewBill}
                      reportReady={withReport.has(a.id)}
                      onDownloadReport={downloadOne}
                      forName={a.member_id != null ? memberNames.get(a.member_id) : undefined}
                      onCancel={(appointment) => {
                        setRefundOnline(true);
                        setConfirming(appointment);
                      }}
                      onReschedule={rescheduleOne}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </section>

      <ClaimGuestBookings email={email} />

      {phone ? (
        <h2 id="more-heading" className="mt-8 text-xl font-semibold text-slate-900">
          {t('dashboard.more.title')}
        </h2>
      ) : null}
      <PhoneSection phone={phone} title={t('dashboard.more.profile')}>
        <ProfileDetails username={username} today={minDate} />
        <SignInMethods username={username} />
        <MessageChannels username={username} />
      </PhoneSection>
      <PhoneSection phone={phone} title={t('dashboard.family.title')}>
        <FamilyMembers username={username} today={minDate} />
      </PhoneSection>
      {membership ? (
        <PhoneSection phone={phone} title={t('dashboard.more.membership')}>
          <div className="mt-8">{membership}</div>
        </PhoneSection>
      ) : null}
      <PhoneSection phone={phone} title={t('dashboard.more.privacy')}>
        {consents}
        {yourData}
        <WhoLooked username={username} />
      </PhoneSection>

      <ActionMessage message={toastMessage} />
    </div>
  );
}
