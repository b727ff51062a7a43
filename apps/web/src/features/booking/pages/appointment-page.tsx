// /Appointment (and /appointment): "Book an Appointment" (docs/product.md#public-pages, #screen-behaviour, #validation, #messages). A guest or a logged-in
// person picks tests, fills in the details and books; on success the page turns into the booking's
// confirmation (reference, date and slot, preparation, what happens next, the bill and the calendar
// file), which stays. Every refused field says so under itself at once, focus on the first
// (shared/lib/form-errors.ts). Name and e-mail come from the account or the home page's teaser, a
// signed-in patient's age, sex, phone and ABHA from the profile (a family member's from the member; the
// ABHA checked at the field, shared/ui/abha-fields.tsx); a package comes from /packages in
// navigation state, which is read once and then cleared so a reload does not book it again; a link's
// `?tests=ID,ID` (an offer's "Book") chooses those tests, leaving out any the catalogue does not list;
// the home page's search arrives as `?q=`, and the results for it are shown open. On a phone the same
// form is walked in steps, one a screen, the step in the address (`?step=`), so the phone's Back goes
// back a step and every choice stays (lib/booking-flow.ts, decision 075); wider screens show it whole.
// There the "when" step opens on the first free day when the patient has not chosen a date (decision 078).
import { appointmentRequestSchema, type AppointmentRequest, bookingTimeSchema, combinePreparation, formatHomeAddress, type LabTest, type Member, whatsappNotice } from '@lab/contract';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../../../shared/lib/form-errors.ts';
import { isPhoneWidth } from '../../../shared/lib/phone-width.ts';
import { useFocusFirstError } from '../../../shared/ui/form-errors.tsx';
import { BookingConfirmation, type BookedVisit } from '../components/booking-confirmation.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type MetaArgs, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from 'react-router';
import { useMembers } from '../../../shared/api/members.ts';
import { profileFields, useProfile } from '../../../shared/api/profile.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { authStorage } from '../../../shared/auth/auth-storage.ts';
import { PhoneSignInForm } from '../../../shared/auth/phone-sign-in-form.tsx';
import { clearBookingTeaser, readBookingTeaser } from '../../../shared/lib/booking-teaser.ts';
import { todayInIndia } from '../../../shared/lib/format-date.ts';
import { useTimedMessage } from '../../../shared/lib/use-timed-message.ts';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { useTests } from '../api/get-tests.ts';
import { BookingDetails, type BookingDetailsValue } from '../components/booking-details.tsx';
import { BookingTop } from '../components/booking-top.tsx';
import { emptyHomeAddress } from '../components/home-address.tsx';
import { PreparationNote } from '../components/preparation-note.tsx';
import { type SelectedTest, SelectedTests } from '../components/selected-tests.tsx';
import { TestSearch } from '../components/test-search.tsx';
import { type PackageSelection, readLinkedTests, readPackageSelection } from '../lib/booking-state.ts';
import { needsGuardian, patientAge } from '../lib/patient-age.ts';
import { type BookingFor, BookingForChoice, emptyGuardian, GuardianFields } from '../components/booking-for.tsx';
import { MemberChoice } from '../components/member-choice.tsx';
import { householdBody, type HouseholdEntry, HouseholdVisit } from '../components/household-visit.tsx';
import { doctorFields, noDoctor, ReferringDoctor } from '../components/referring-doctor.tsx';
import { ConsentBoxes, consentGrant, noConsent } from '../../../shared/ui/consent-boxes.tsx';
import { type AbhaValue, abhaBody, abhaDraft, abhaErrors, AbhaFields, NO_ABHA } from '../../../shared/ui/abha-fields.tsx';
import { useChannelSettings } from '../../../shared/api/channels.ts';
import { ChannelChoice, type ChannelChoiceValue, chosenChannels, defaultChannels, needsMobile } from '../components/channel-choice.tsx';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useServedPin } from '../api/get-served-pin.ts';
import { useFirstFreeDay } from '../api/first-free-day.ts';
import { FIRST_FREE_DAYS } from '../lib/first-free-day.ts';
import { bookingTotal } from '../lib/pricing.ts';
import { fieldsOfStep, firstRefusedStep, FLOW_STEPS, FLOW_TITLES, type FlowStep, homeAddressProblem, nextStep, onlyStepChanged, previousStep, readFlowStep, stepOfField, withStep } from '../lib/booking-flow.ts';

const FAILURE_MS = 3_000;

/** the API's field names on this form: the form's own name for each, and its label's message */
const FIELDS: Record<string, { name: string; label: MessageId }> = {
  date: { name: 'date', label: 'booking.date' },
  time: { name: 'time', label: 'booking.slot.time' },
  user_name: { name: 'name', label: 'booking.name' },
  user_email: { name: 'email', label: 'booking.email' },
  user_phone: { name: 'phone', label: 'booking.phone' },
  patient_date_of_birth: { name: 'dateOfBirth', label: 'patient.fields.born' },
  patient_age_years: { name: 'ageYears', label: 'patient.fields.age' },
  patient_sex: { name: 'sex', label: 'patient.fields.sex' },
  address: { name: 'homeAddress', label: 'booking.address.legend' },
  home_address: { name: 'homeAddress', label: 'booking.address.legend' },
  guardian: { name: 'guardian', label: 'booking.guardian.legend' },
  member_id: { name: 'member', label: 'booking.member.label' },
  // "household.1.tests": under the household's people
  household: { name: 'household', label: 'booking.household.legend' },
  doctor_id: { name: 'doctor', label: 'booking.doctor.label' },
  doctor_name: { name: 'doctor', label: 'booking.doctor.label' },
  abha_number: { name: 'abhaNumber', label: 'patient.abha.number' },
  abha_address: { name: 'abhaAddress', label: 'patient.abha.address' },
  channels: { name: 'channels', label: 'booking.channels.legend' },
  whatsapp_opt_in: { name: 'channels', label: 'booking.channels.legend' },
  tests: { name: 'tests', label: 'patient.booking.tests' },
  package_id: { name: 'tests', label: 'patient.booking.tests' },
  // "consent.notice_version", "consent.purposes": under the consent boxes
  consent: { name: 'consent', label: 'booking.consent.legend' },
};

/** which error a change of the details clears */
const clearedBy: Partial<Record<keyof BookingDetailsValue, string>> = {
  date: 'date',
  time: 'time',
  name: 'name',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'dateOfBirth',
  ageYears: 'ageYears',
  sex: 'sex',
  homeAddress: 'homeAddress',
  homeSample: 'homeAddress',
};

const withoutField = (e: FormErrors, name: string): FormErrors => (e.fields[name] ? { ...e, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => k !== name)) } : e);

// The form's own texts (test search, slots, address, who it is for, consent, preparation) come with this
// screen's data, so no other page carries them.
export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'booking') });

// A step's change is only the address's `?step=`: the page's messages need not be fetched again.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search && onlyStepChanged(currentUrl.search, nextUrl.search)) return false;
  return defaultShouldRevalidate;
}

const stepButton = `${buttonClass.primary} flex-1`;
const backButton = `${buttonClass.secondary} flex-1`;


export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.booking.meta') }, { name: 'description', content: t('patient.booking.description') }] : [];
}

const emptyDetails: BookingDetailsValue = { date: '', time: '', name: '', email: '', phone: '', homeSample: false, homeAddress: emptyHomeAddress, dateOfBirth: '', ageYears: '', sex: '' };

export default function AppointmentPage() {
  const { user, ready } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tests = useTests(user?.username ?? null, ready);
  const booking = useCreateAppointment();
  // The booking's e-mails and report follow the page's language (docs/i18n.md; the server prefers the
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
  /** the patient set the date field themselves: from then on no first free day replaces what they chose */
  const [dateChosen, setDateChosen] = useState(false);
  /** the refused fields (ours, or the server's in its words) and, above them, the server's reason for refusing the booking */
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useFocusFirstError(pageRef, errors);
  const queryClient = useQueryClient();
  const preparation = useMemo(() => combinePreparation(selected.map((s) => s.test.preparation)), [selected]);
  /** the new booking once booked: the page becomes its confirmation */
  const [booked, setBooked] = useState<BookedVisit | null>(null);
  const failure = useTimedMessage(FAILURE_MS);
  const [minDate] = useState(todayInIndia);
  /** who the booking is for (docs/personal-data.md), the guardian of a patient under 18, and the consent boxes */
  const [bookingFor, setBookingFor] = useState<BookingFor>('self');
  const [guardian, setGuardian] = useState(emptyGuardian);
  /** the signed-in holder's family member the booking is for (docs/families-and-doctors.md); null: the holder or, as before, someone typed in */
  const [memberId, setMemberId] = useState<number | null>(null);
  const members = useMembers(user?.username ?? null).data ?? [];
  /** more of the household drawn at the same home visit, each with their own tests */
  const [household, setHousehold] = useState<HouseholdEntry[]>([]);
  /** the household's others, never the person the booking itself is for */
  const others = household.filter((h) => h.memberId !== memberId);
  /** the referring doctor and the patient's tick that the doctor gets the report */
  const [doctor, setDoctor] = useState(noDoctor);
  const [consent, setConsent] = useState(noConsent);
  /** the patient's ABHA (docs/abdm.md): the profile's or the member's, or as typed */
  const [abha, setAbha] = useState<AbhaValue>(NO_ABHA);
  /** where the booking's messages go (docs/messaging.md): a signed-in patient's profile choice, else e-mail */
  const [channels, setChannels] = useState<ChannelChoiceValue>(defaultChannels);
  const channelsTouched = useRef(false);
  const minor = needsGuardian(patientAge(details.dateOfBirth, details.ageYears, minDate));

  /** the step shown on a phone: the address's, else the tests or, when a link or package chose them, who it is for */
  const [landing] = useState<FlowStep>(() => (linkedTests.length > 0 || readPackageSelection(location.state)?.testIds.length ? 'who' : 'tests'));
  const [step, setStep] = useState<FlowStep>(() => readFlowStep(location.search) ?? landing);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // The phone's Back and Forward move between steps: the address says which.
  useEffect(() => {
    setStep(readFlowStep(location.search) ?? landing);
  }, [location.search, landing]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    window.scrollTo({ top: 0 });
    stepHeading.current?.focus();
  }, [step]);
  /** to a step, pushed on the history (so Back returns); a refusal's jump replaces it and leaves focus on the field */
  const goTo = (to: FlowStep, replace = false) => {
    moved.current = !replace;
    setStep(to);
    void navigate({ search: withStep(location.search, to) }, { replace, preventScrollReset: true });
  };
  /** shown on a phone only at its step */
  const at = (s: FlowStep) => (step === s ? '' : 'max-sm:hidden');
  const served = useServedPin(details.homeSample ? details.homeAddress.pin : '');

  // On a phone the "when" step opens on the first free day for this kind of visit and these tests, unless
  // the patient chose a date; changing the kind of visit looks again while the date is still ours.
  const firstFree = useFirstFreeDay({ wanted: step === 'when' && !dateChosen && isPhoneWidth(), from: minDate, homeSample: details.homeSample, latestTime: preparation?.latestTime ?? null });
  useEffect(() => {
    if (dateChosen || !firstFree || firstFree.state === 'looking' || firstFree.state === 'failed') return;
    const date = firstFree.state === 'found' ? firstFree.date : '';
    setDetails((d) => (d.date === date ? d : { ...d, date }));
    if (date) setErrors((e) => withoutField(e, 'date'));
  }, [firstFree, dateChosen]);
  const dateNote =
    dateChosen || !firstFree
      ? null
      : firstFree.state === 'looking'
        ? t('booking.firstFree.looking')
        : firstFree.state === 'found' && details.date === firstFree.date
          ? t('booking.firstFree.found')
          : firstFree.state === 'none' && !details.date
            ? t('booking.firstFree.none', { days: FIRST_FREE_DAYS })
            : null;

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

  // The patient's age, sex and phone from their profile (kept from their last booking or set on the
  // dashboard), unless already typed in or the booking is for someone else.
  const profile = useProfile(user?.username ?? null).data;
  useEffect(() => {
    if (!profile || bookingFor !== 'self') return;
    setDetails((d) => ({ ...(d.dateOfBirth || d.ageYears || d.sex ? d : { ...d, ...profileFields(profile) }), phone: d.phone || (profile.phone ?? '') }));
    setAbha((a) => (a.abhaNumber || a.abhaAddress ? a : abhaDraft(profile)));
  }, [profile, bookingFor]);

  // A signed-in patient's channels from their profile, unless already chosen here. WhatsApp stays unticked
  // unless their WhatsApp consent is in force: the box is the opt-in, never ticked for them otherwise.
  const channelSettings = useChannelSettings(user?.username ?? null).data;
  useEffect(() => {
    if (!channelSettings || channelsTouched.current) return;
    const on = new Set(channelSettings.channels);
    setChannels({ sms: on.has('sms'), whatsapp: on.has('whatsapp') && channelSettings.whatsapp_opt_in !== null });
  }, [channelSettings]);

  const onChannels = useCallback((next: ChannelChoiceValue) => {
    channelsTouched.current = true;
    setChannels(next);
    setErrors((e) => withoutField(e, 'channels'));
  }, []);

  // Booking for someone else, the booker's own age and sex are not the patient's: the fields are cleared
  // (and filled from the profile again when the booking is for themselves).
  const onMember = useCallback(
    (m: Member | null) => {
      setMemberId(m?.id ?? null);
      setBookingFor(m ? 'other' : 'self');
      setErrors((e) => withoutField(e, 'member'));
      const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
      const patient = m
        ? { name: m.name, dateOfBirth: m.date_of_birth ?? '', ageYears: m.date_of_birth || m.age_years === null ? '' : String(m.age_years), sex: m.sex ?? ('' as const) }
        : { name: fullName, ...(profile ? profileFields(profile) : { dateOfBirth: '', ageYears: '', sex: '' as const }) };
      setDetails((d) => ({ ...d, ...patient }));
      setAbha(m ? abhaDraft(m) : profile ? abhaDraft(profile) : NO_ABHA);
      setErrors((e) => withoutField(withoutField(e, 'abhaNumber'), 'abhaAddress'));
    },
    [profile, user],
  );

  const onBookingFor = useCallback(
    (next: BookingFor) => {
      setBookingFor(next);
      const patient = next === 'self' && profile ? profileFields(profile) : { dateOfBirth: '', ageYears: '', sex: '' as const };
      setDetails((d) => ({ ...d, ...patient }));
      setAbha(next === 'self' && profile ? abhaDraft(profile) : NO_ABHA);
      setErrors((e) => withoutField(withoutField(e, 'abhaNumber'), 'abhaAddress'));
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
    // As docs/product.md#messages has it: a failed catalogue fetch is only logged.
    if (tests.error) console.error('Could not load the tests list', tests.error);
  }, [tests.error]);

  const addTest = useCallback((test: LabTest) => {
    setSelected((s) => [...s, { key: nextKey.current++, test }]);
    setErrors((e) => withoutField(e, 'tests'));
    // A changed selection is no longer the package that was priced on /packages.
    setPkg(null);
  }, []);

  const deleteTest = useCallback((key: number) => {
    setSelected((s) => s.filter((x) => x.key !== key));
    setPkg(null);
  }, []);

  const onDetails = useCallback((patch: Partial<BookingDetailsValue>) => {
    setDetails((d) => ({ ...d, ...patch }));
    if ('date' in patch) setDateChosen(true);
    setErrors((e) => {
      let next = e;
      for (const key of Object.keys(patch) as Array<keyof BookingDetailsValue>) {
        const field = clearedBy[key];
        // The picker dropping a slot that just filled keeps the reason it is gone.
        if (field && !(key === 'time' && !patch.time)) next = withoutField(next, field);
      }
      // A person choosing again clears the reason; the picker dropping a slot that just filled does not.
      if ('date' in patch || patch.time || 'homeSample' in patch) next = { ...next, form: null };
      return next;
    });
  }, []);

  /** every mistake the form can see before sending, all at once; the server checks the rest */
  const ownErrors = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (selected.length === 0) found.tests = t('patient.booking.selectTest');
    if (!details.date) found.date = t('patient.form.required');
    if (!details.time) {
      if (details.date) found.time = t('patient.booking.chooseTime');
    } else {
      const time = bookingTimeSchema.safeParse(details.time);
      if (!time.success) found.time = time.error.issues[0]?.message ?? t('patient.booking.chooseTime');
    }
    if (!details.name.trim()) found.name = t('patient.form.required');
    if (!details.email.trim()) found.email = t('patient.form.required');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(details.email.trim())) found.email = t('patient.form.email');
    // The contract's phone rule (at least 10 digits, so "98290 1234" is caught too), said in the
    // booking form's own words; nothing is sent.
    if (!appointmentRequestSchema.shape.user_phone.safeParse(details.phone).success) found.phone = t('patient.booking.phoneTooShort');
    if (!consent.service) found.consent = t('patient.form.consent');
    if (needsMobile(channels, details.phone)) found.phone ??= t('booking.channels.needsMobile');
    const untested = details.homeSample ? others.find((h) => h.tests.length === 0) : undefined;
    if (untested) found.household = t('booking.household.noTests', { name: untested.name });
    Object.assign(found, abhaErrors(abha, t));
    return found;
  };

  /** a phone's Next: this step's own checks (the home collection's PIN before its times), then the next step */
  const onNext = () => {
    const own = fieldsOfStep(ownErrors(), step);
    const problem = step === 'where' && details.homeSample ? homeAddressProblem(details.homeAddress, served.data === undefined ? undefined : served.data !== null) : null;
    if (problem) own.homeAddress = t(problem);
    if (Object.keys(own).length > 0) {
      setErrors({ fields: own, form: null });
      return;
    }
    setErrors((e) => ({ ...e, fields: Object.fromEntries(Object.entries(e.fields).filter(([field]) => stepOfField(field) !== step)) }));
    goTo(nextStep(step));
  };

  /** a refusal on a phone opens the step of its first refused field, where its message and focus go */
  const showRefused = (fields: Record<string, string>) => {
    const first = firstRefusedStep(fields);
    if (first && first !== step && isPhoneWidth()) goTo(first, true);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (booking.isPending || booked !== null) return;
    // Enter in a field on a phone's earlier step moves on, never books unseen.
    if (step !== 'review' && isPhoneWidth()) {
      onNext();
      return;
    }
    const own = ownErrors();
    if (Object.keys(own).length > 0) {
      setErrors({ fields: own, form: null });
      showRefused(own);
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
      ...(minor && guardian.relation && memberId === null ? { guardian: { name: guardian.name, relation: guardian.relation } } : {}),
      ...(memberId !== null ? { member_id: memberId } : {}),
      ...(details.homeSample && others.length > 0 ? { household: others.map(householdBody) } : {}),
      ...doctorFields(doctor),
      ...abhaBody(abha),
      consent: consentGrant(consent),
      language: locale,
      channels: chosenChannels(channels),
      ...(channels.whatsapp ? { whatsapp_opt_in: { notice_version: whatsappNotice.version } } : {}),
    };
    failure.clear();
    setErrors(NO_ERRORS);
    booking.mutate(payload, {
      onSuccess: (answer) => {
        const names = new Map<number | null, string>([[memberId, details.name], ...others.map((h) => [h.memberId, h.name] as const)]);
        const together = (answer.household ?? []).map((p) => ({ id: p.id, reference: p.reference, name: names.get(p.member_id) ?? '' }));
        setBooked({ id: answer.id, reference: answer.reference, date: payload.date, time: payload.time, homeSample: details.homeSample, preparation, household: together, reportExpectedAt: answer.report_expected_at ?? null });
        setSelected([]);
        setHousehold([]);
        setPkg(null);
        window.scrollTo({ top: 0 });
      },
      onError: (err) => {
        failure.show(t('patient.booking.failed'));
        // Only a refusal of the request names a reason; a network failure or a fault of ours keeps the generic message.
        const refused = formErrorsOf(err, { fallback: '', fields: Object.fromEntries(Object.entries(FIELDS).map(([k, v]) => [k, { name: v.name, label: t(v.label) }])) });
        setErrors({ ...refused, form: refused.form || null });
        showRefused(refused.fields);
        // A slot filled meanwhile: the times are asked again, so it shows as full.
        void queryClient.invalidateQueries({ queryKey: queryKeys.slots(payload.date, payload.home_sample ?? false) });
      },
    });
  };

  const bookAnother = () => {
    setBooked(null);
    setDetails((d) => ({ ...d, date: '', time: '' }));
    setDateChosen(false);
  };

  /** the phone's last step: what was chosen, each with the way back to its step */
  const change = (to: FlowStep) => (
    <button type="button" onClick={() => goTo(to)} className="ml-2 font-semibold text-brand-700 underline">
      {t('booking.flow.change')}
    </button>
  );
  const reviewSummary = (
    <dl className="mb-4 grid gap-2 text-sm sm:hidden">
      <div>
        <dt className="font-semibold text-slate-800">{t('booking.flow.tests')}</dt>
        <dd>
          {selected.map((x) => x.test.name).join(', ')}
          {change('tests')}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-800">{t('booking.flow.who')}</dt>
        <dd>
          {details.name}
          {change('who')}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-800">{t('booking.flow.where')}</dt>
        <dd>
          {details.homeSample ? t('booking.flow.atHome', { pin: details.homeAddress.pin }) : t('booking.flow.atCentre')}
          {change('where')}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-800">{t('booking.flow.when')}</dt>
        <dd>
          {details.date ? `${formatDate(details.date, locale)}, ${details.time}` : ''}
          {change('when')}
        </dd>
      </div>
    </dl>
  );

  if (booked) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <BookingConfirmation booked={booked} onBookAnother={bookAnother} />
      </div>
    );
  }

  return (
    <div ref={pageRef} className="mx-auto max-w-5xl px-4 py-8">
      {/* Signing in by code here keeps the page as it is: the tests and details chosen stay (decision 061).
          Offered from the first frame when no session is stored: the stored one is read only after the page
          first renders, and the offer drawn then would push the steps below it down (a layout shift). */}
      <BookingTop signIn={!user && (ready || authStorage.user() === null) ? <PhoneSignInForm idPrefix="booking" /> : null} />

      {/* On a phone: which step of how many, its heading (focused on arriving), and the choices so far */}
      <div className="mt-4 sm:hidden">
        <p className="text-sm text-slate-600">{t('booking.flow.stepOf', { n: FLOW_STEPS.indexOf(step) + 1, total: FLOW_STEPS.length })}</p>
        <h2 ref={stepHeading} tabIndex={-1} className="text-xl font-semibold text-brand-900 focus:outline-none">
          {t(FLOW_TITLES[step])}
        </h2>
        {step !== 'tests' && selected.length > 0 ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <span>{t('booking.flow.cart', { count: selected.length, total: formatRupees(pkg?.offerPrice ?? bookingTotal(selected.map((x) => x.test))) })}</span>
            <button type="button" onClick={() => goTo('tests')} className="font-semibold text-brand-700 underline">
              {t('booking.flow.change')}
            </button>
          </p>
        ) : null}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className={`space-y-6 ${at('tests')}`}>
          <TestSearch tests={tests.data ?? []} loading={tests.isPending && ready} onSelect={addTest} initialQuery={initialQuery} />
          <SelectedTests selected={selected} offerPrice={pkg?.offerPrice ?? null} onDelete={deleteTest} />
          {errors.fields.tests ? (
            <p id="selection-error" data-invalid-target="" className="text-sm font-medium text-red-700">
              {errors.fields.tests}
            </p>
          ) : null}
          <div className="sm:hidden">
            <button type="button" onClick={onNext} className={stepButton}>
              {t('booking.flow.next')}
            </button>
          </div>
        </div>

        <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="booking-details-heading" className={`rounded-lg border border-slate-200 p-4 ${step === 'tests' ? 'max-sm:hidden' : ''}`}>
          <h2 id="booking-details-heading" className="mb-4 text-lg font-semibold text-slate-900 max-sm:sr-only">
            {t('patient.booking.details')}
          </h2>
          <BookingDetails
            value={details}
            onChange={onDetails}
            minDate={minDate}
            errors={errors.fields}
            latestTime={preparation?.latestTime ?? null}
            dateNote={dateNote}
            groupClass={{ when: at('when'), who: at('who'), where: at('where') }}
          />
          <div className={at('who')}>
            <MemberChoice members={members} value={memberId} onChange={onMember} error={errors.fields.member} />
            {memberId === null ? <BookingForChoice value={bookingFor} onChange={onBookingFor} /> : null}
            {minor && memberId === null ? <GuardianFields value={guardian} onChange={setGuardian} error={errors.fields.guardian} /> : null}
          </div>
          <div className={at('where')}>
            {user && details.homeSample ? (
              <HouseholdVisit
                members={members}
                leadMemberId={memberId}
                holderName={`${user.first_name} ${user.last_name}`.trim()}
                holderNeedsDetails={!profile?.sex || (!profile.date_of_birth && profile.age_years === null)}
                tests={tests.data ?? []}
                value={others}
                onChange={(next) => {
                  setHousehold(next);
                  setErrors((e) => withoutField(e, 'household'));
                }}
                error={errors.fields.household}
              />
            ) : null}
          </div>
          <div className={`mt-4 grid gap-3 sm:grid-cols-2 sm:items-start ${at('who')}`}>
            <AbhaFields
              id="booking"
              value={abha}
              onChange={(patch) => {
                setAbha((a) => ({ ...a, ...patch }));
                setErrors((e) => Object.keys(patch).reduce(withoutField, e));
              }}
              errors={errors.fields}
            />
          </div>
          <div className={at('review')}>
            {step === 'review' ? reviewSummary : null}
            <ReferringDoctor
              value={doctor}
              onChange={(next) => {
                setDoctor(next);
                setErrors((e) => withoutField(e, 'doctor'));
              }}
              error={errors.fields.doctor}
            />
          </div>
          {preparation ? (
            <div className={at('when')}>
              <PreparationNote preparation={preparation} homeSample={details.homeSample} />
            </div>
          ) : null}
          <div className={at('review')}>
            <ChannelChoice value={channels} onChange={onChannels} error={errors.fields.channels} />
            <div className="mt-4">
              <ConsentBoxes
                idPrefix="booking"
                value={consent}
                onChange={(next) => {
                  setConsent(next);
                  setErrors((e) => withoutField(e, 'consent'));
                }}
                error={errors.fields.consent}
              />
            </div>
          </div>
          <div className="mt-6 flex gap-3 sm:hidden">
            <button type="button" onClick={() => goTo(previousStep(step))} className={backButton}>
              {t('booking.flow.back')}
            </button>
            {step !== 'review' ? (
              <button type="button" onClick={onNext} className={stepButton}>
                {t('booking.flow.next')}
              </button>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={booking.isPending}
            aria-busy={booking.isPending}
            className={`${at('review')} mt-6 w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {t('patient.booking.submit')}
          </button>
          <div role="alert" className="mt-4">
            {failure.message ? <p className="rounded-md bg-red-600 px-4 py-3 text-sm font-semibold text-white">{failure.message}</p> : null}
            {errors.form ? (
              <p data-form-error="" tabIndex={-1} className="mt-2 text-sm font-medium text-red-700">
                {errors.form}
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </div>
  );
}
