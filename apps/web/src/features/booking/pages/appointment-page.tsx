// /Appointment (and /appointment): "Book an Appointment" (spec §2, §4, §5, §8). A guest or a logged-in
// person picks tests, fills in the details and books; on success the bill opens after 2 s. Name and
// e-mail come from the account or the home page's teaser; a package comes from /packages in
// navigation state, which is read once and then cleared so a reload does not book it again; a link's
// `?tests=ID,ID` (an offer's "Book") chooses those tests, leaving out any the catalogue does not list;
// the home page's search arrives as `?q=`, and the results for it are shown open.
import { appointmentRequestSchema, type AppointmentRequest, bookingTimeSchema, combinePreparation, formatHomeAddress, type LabTest, paths } from '@lab/contract';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type MetaArgs, useLocation, useNavigate } from 'react-router';
import { profileFields, useProfile } from '../../../shared/api/profile.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { clearBookingTeaser, readBookingTeaser } from '../../../shared/lib/booking-teaser.ts';
import { todayInIndia } from '../../../shared/lib/format-date.ts';
import { useTimedMessage } from '../../../shared/lib/use-timed-message.ts';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { useTests } from '../api/get-tests.ts';
import { BookingDetails, type BookingDetailsValue } from '../components/booking-details.tsx';
import { emptyHomeAddress } from '../components/home-address.tsx';
import { PreparationNote } from '../components/preparation-note.tsx';
import { type SelectedTest, SelectedTests } from '../components/selected-tests.tsx';
import { TestSearch } from '../components/test-search.tsx';
import { type PackageSelection, readLinkedTests, readPackageSelection } from '../lib/booking-state.ts';
import { refusalReason } from '../lib/refusal-reason.ts';
import { needsGuardian, patientAge } from '../lib/patient-age.ts';
import { type BookingFor, BookingForChoice, emptyGuardian, GuardianFields } from '../components/booking-for.tsx';
import { ConsentBoxes, consentGrant, noConsent } from '../../../shared/ui/consent-boxes.tsx';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';

const REDIRECT_MS = 2_000;
const FAILURE_MS = 3_000;

// The form's own texts (test search, slots, address, who it is for, consent, preparation) come with this
// screen's data, so no other page carries them.
export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'booking') });

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.booking.meta') }] : [];
}

const emptyDetails: BookingDetailsValue = { date: '', time: '', name: '', email: '', phone: '', homeSample: false, homeAddress: emptyHomeAddress, dateOfBirth: '', ageYears: '', sex: '' };

export default function AppointmentPage() {
  const { user, ready } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tests = useTests(user?.username ?? null, ready);
  const booking = useCreateAppointment();
  // The booking's e-mails and report follow the page's language (issue 18; the server prefers the
  // booker's profile and the lang cookie when they say).
  const { locale, t } = useLanguage();

  const [selected, setSelected] = useState<SelectedTest[]>([]);
  const nextKey = useRef(0);
  const [pkg, setPkg] = useState<PackageSelection | null>(null);
  /** the tests of a `?tests=` link, chosen once the catalogue has arrived */
  const [linkedTests] = useState(() => readLinkedTests(location.search));
  /** the home page's search (`?q=`): its priced results open at once */
  const [initialQuery] = useState(() => new URLSearchParams(location.search).get('q')?.trim().slice(0, 100) ?? '');
  const pkgApplied = useRef(false);
  const [details, setDetails] = useState<BookingDetailsValue>(emptyDetails);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  /** the server's own reason for refusing the booking, shown under the spec's message until the details change */
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const preparation = useMemo(() => combinePreparation(selected.map((s) => s.test.preparation)), [selected]);
  /** the new booking's reference once booked: shown so a guest can read it out or find the booking later */
  const [booked, setBooked] = useState<string | null>(null);
  const failure = useTimedMessage(FAILURE_MS);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [minDate] = useState(todayInIndia);
  /** issue 17: who the booking is for, the guardian of a patient under 18, and the consent boxes */
  const [bookingFor, setBookingFor] = useState<BookingFor>('self');
  const [guardian, setGuardian] = useState(emptyGuardian);
  const [consent, setConsent] = useState(noConsent);
  const minor = needsGuardian(patientAge(details.dateOfBirth, details.ageYears, minDate));

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Navigation state and the home teaser are read once, on arrival.
  const consumed = useRef(false);
  useEffect(() => {
    if (consumed.current) return;
    consumed.current = true;
    const state: unknown = location.state;
    const teaser = readBookingTeaser(state);
    if (teaser) {
      setDetails((d) => ({ ...d, name: teaser.name, email: teaser.email, phone: teaser.number }));
      clearBookingTeaser();
    }
    setPkg(readPackageSelection(state));
    if (state !== null && state !== undefined) {
      // Out of the browser's history at once, so a reload straight away does not fill the form again:
      // the router's own replace lands only once the page's data has been fetched again. (The router
      // keeps a location's state under `usr` in history.state.)
      const held: unknown = window.history.state;
      if (held !== null && typeof held === 'object') window.history.replaceState({ ...held, usr: null }, '');
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.pathname, location.state, navigate]);

  // A logged-in person's name and e-mail, unless the teaser or the person already filled them in.
  useEffect(() => {
    if (!user) return;
    const fullName = `${user.first_name} ${user.last_name}`.trim();
    setDetails((d) => ({ ...d, name: d.name || fullName, email: d.email || user.email }));
  }, [user]);

  // The patient's age and sex from their profile, unless already typed in or the booking is for someone else.
  const profile = useProfile(user?.username ?? null).data;
  useEffect(() => {
    if (!profile || bookingFor !== 'self') return;
    setDetails((d) => (d.dateOfBirth || d.ageYears || d.sex ? d : { ...d, ...profileFields(profile) }));
  }, [profile, bookingFor]);

  // Booking for someone else, the booker's own age and sex are not the patient's: the fields are cleared
  // (and filled from the profile again when the booking is for themselves).
  const onBookingFor = useCallback(
    (next: BookingFor) => {
      setBookingFor(next);
      const patient = next === 'self' && profile ? profileFields(profile) : { dateOfBirth: '', ageYears: '', sex: '' as const };
      setDetails((d) => ({ ...d, ...patient }));
    },
    [profile],
  );

  // The package's tests (or else the link's) are chosen once the catalogue has arrived: it lists the
  // active tests only, so an unknown or withdrawn id is left out without a word.
  useEffect(() => {
    if (!consumed.current || pkgApplied.current || !tests.data) return;
    const ids = pkg?.testIds ?? linkedTests;
    if (ids.length === 0) return;
    pkgApplied.current = true;
    const byId = new Map(tests.data.map((t) => [t.id, t]));
    const chosen = ids.flatMap((id) => {
      const t = byId.get(id);
      return t ? [{ key: nextKey.current++, test: t }] : [];
    });
    setSelected(chosen);
  }, [pkg, linkedTests, tests.data]);

  useEffect(() => {
    // Spec §8: a failed catalogue fetch is only logged.
    if (tests.error) console.error('Could not load the tests list', tests.error);
  }, [tests.error]);

  const addTest = useCallback((test: LabTest) => {
    setSelected((s) => [...s, { key: nextKey.current++, test }]);
    setSelectionError(null);
    // A changed selection is no longer the package that was priced on /packages.
    setPkg(null);
  }, []);

  const deleteTest = useCallback((key: number) => {
    setSelected((s) => s.filter((x) => x.key !== key));
    setPkg(null);
  }, []);

  const onDetails = useCallback((patch: Partial<BookingDetailsValue>) => {
    setDetails((d) => ({ ...d, ...patch }));
    if ('phone' in patch) setPhoneError(null);
    if ('time' in patch) setTimeError(null);
    // A person choosing again clears the reason; the picker dropping a slot that just filled does not.
    if ('date' in patch || patch.time || 'homeSample' in patch) setRefusal(null);
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (booking.isPending || booked !== null) return;
    // The contract's phone rule (at least 10 digits, so "98290 1234" is caught too), said in the
    // spec's words (§5); nothing is sent.
    if (!appointmentRequestSchema.shape.user_phone.safeParse(details.phone).success) {
      setPhoneError(t('patient.booking.phoneTooShort'));
      return;
    }
    if (!details.date) return;
    if (!details.time) {
      setTimeError(t('patient.booking.chooseTime'));
      return;
    }
    const time = bookingTimeSchema.safeParse(details.time);
    if (!time.success) {
      setTimeError(time.error.issues[0]?.message ?? null);
      return;
    }
    if (selected.length === 0) {
      setSelectionError(t('patient.booking.selectTest'));
      return;
    }
    const payload: AppointmentRequest = {
      date: details.date,
      time: details.time,
      user_name: details.name,
      user_email: details.email,
      user_phone: details.phone,
      tests: selected.map((s) => s.test.id),
      home_sample: details.homeSample,
      // Older servers read the one-string address; this one reads the parts and checks the PIN code.
      address: details.homeSample ? formatHomeAddress(details.homeAddress) : '',
      ...(details.homeSample ? { home_address: details.homeAddress } : {}),
      ...(pkg?.packageId ? { package_id: pkg.packageId } : {}),
      ...(details.dateOfBirth ? { patient_date_of_birth: details.dateOfBirth } : details.ageYears !== '' ? { patient_age_years: Number(details.ageYears) } : {}),
      ...(details.sex ? { patient_sex: details.sex } : {}),
      booking_for: bookingFor,
      ...(minor && guardian.relation ? { guardian: { name: guardian.name, relation: guardian.relation } } : {}),
      consent: consentGrant(consent),
      language: locale,
    };
    failure.clear();
    setRefusal(null);
    booking.mutate(payload, {
      onSuccess: (answer) => {
        setBooked(answer.reference);
        setSelected([]);
        setPkg(null);
        redirectTimer.current = setTimeout(
          () => void navigate(paths.billing(answer.id), { state: { validAccess: true } }),
          REDIRECT_MS,
        );
      },
      onError: (err) => {
        failure.show(t('patient.booking.failed'));
        setRefusal(refusalReason(err));
        // A slot filled meanwhile: the times are asked again, so it shows as full.
        void queryClient.invalidateQueries({ queryKey: queryKeys.slots(payload.date, payload.home_sample ?? false) });
      },
    });
  };

  // The reference sits inside the sentence where each language puts it.
  const [referenceBefore, referenceAfter] = t('patient.booking.reference', { reference: '\u0000' }).split('\u0000');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">{t('patient.booking.title')}</h1>
      <p className="mt-2 text-slate-600">{t('patient.booking.intro')}</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <TestSearch tests={tests.data ?? []} loading={tests.isPending && ready} onSelect={addTest} initialQuery={initialQuery} />
          <SelectedTests selected={selected} offerPrice={pkg?.offerPrice ?? null} onDelete={deleteTest} />
          {selectionError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {selectionError}
            </p>
          ) : null}
        </div>

        <form onSubmit={onSubmit} aria-labelledby="booking-details-heading" className="rounded-lg border border-slate-200 p-4">
          <h2 id="booking-details-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t('patient.booking.details')}
          </h2>
          <BookingDetails value={details} onChange={onDetails} minDate={minDate} phoneError={phoneError} timeError={timeError} latestTime={preparation?.latestTime ?? null} />
          <BookingForChoice value={bookingFor} onChange={onBookingFor} />
          {minor ? <GuardianFields value={guardian} onChange={setGuardian} /> : null}
          {preparation ? <PreparationNote preparation={preparation} /> : null}
          <div className="mt-4">
            <ConsentBoxes idPrefix="booking" value={consent} onChange={setConsent} />
          </div>
          <button
            type="submit"
            disabled={booking.isPending || booked !== null}
            aria-busy={booking.isPending}
            className="mt-6 w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t('patient.booking.submit')}
          </button>
          <div role="status" aria-live="polite" className="mt-4">
            {booked ? (
              <div className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-800">
                <p className="font-medium">{t('patient.booking.booked')}</p>
                <p className="mt-1">
                  {referenceBefore}
                  <strong className="font-mono tracking-wide">{booked}</strong>
                  {referenceAfter}
                </p>
              </div>
            ) : null}
          </div>
          <div role="alert" className="mt-2">
            {failure.message ? <p className="rounded-md bg-red-600 px-4 py-3 text-sm font-semibold text-white">{failure.message}</p> : null}
            {refusal ? <p className="mt-2 text-sm font-medium text-red-700">{refusal}</p> : null}
          </div>
        </form>
      </div>
    </div>
  );
}
