// The server's half of the booking in plain steps (docs/features.md#booking-without-scripts): the loader
// reads the choices from the address and brings what the step shows (the catalogue's matches and the
// chosen tests with their prices, a day's slots for the kind of visit, or the first free day's when no
// date is chosen, decision 078); the action books with
// POST /api/appointments/ when the review's form is posted, and answers the confirmation or the refusal.
// All in the page's language (the `lang` cookie), without a line of script in the browser.
import { type AppointmentCreated, type AppointmentRequest, combinePreparation, formatRupees, type LabTest, privacyNotice, type SlotDay } from '@lab/contract';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { callApi } from '../../../shared/api/server-data.ts';
import { pageLocale } from '../../../shared/i18n/page-locale.ts';
import { formatDate, todayInIndia } from '../../../shared/lib/format-date.ts';
import { buildSearchIndex, searchItems } from '../../../shared/lib/search-index.ts';
import { stateOf, type StepsState, stepOf, wantsFirstFreeDay } from '../lib/book-steps.ts';
import { FIRST_FREE_DAYS, firstFreeDay } from '../lib/first-free-day.ts';

type Args = Pick<LoaderFunctionArgs, 'context' | 'request'>;

const MATCHES_SHOWN = 20;

const localeOf = ({ request }: Pick<Args, 'request'>) => pageLocale(new URL(request.url).pathname, request.headers.get('cookie'));
const inLocale = (args: Args, path: string) => (localeOf(args) === 'hi' ? `${path}${path.includes('?') ? '&' : '?'}lang=hi` : path);

export interface ChosenTest {
  id: number;
  name: string;
  /** what a guest pays: the list price, or the running offer's where lower */
  price: number;
  /** that price as the page prints it ("Rs 350.00"): the page formats nothing, so its script stays small */
  priceText: string;
}

const chosenOf = (t: LabTest): ChosenTest => {
  const price = Math.min(t.price, t.general_offer_price);
  return { id: t.id, name: t.name, price, priceText: formatRupees(price) };
};

async function catalogue(args: Args): Promise<LabTest[]> {
  const { status, body } = await callApi(args, inLocale(args, '/api/tests/'));
  if (status !== 200) throw new Error(`GET /api/tests/ answered ${status}`);
  return body as LabTest[];
}

export async function loadBookSteps(args: Args) {
  const params = new URL(args.request.url).searchParams;
  const state = stateOf(params);
  const { step, missing } = stepOf(params, state);
  const tests = await catalogue(args);
  const byId = new Map(tests.map((t) => [t.id, t]));
  state.tests = state.tests.filter((id) => byId.has(id));
  const chosen = state.tests.map((id) => chosenOf(byId.get(id)!));
  const matches = step === 'tests' && state.q !== '' ? searchItems(buildSearchIndex(tests), state.q).slice(0, MATCHES_SHOWN).map(chosenOf) : [];
  const home = state.where === 'home';
  const slotsOn = async (date: string): Promise<SlotDay> => {
    const { status, body } = await callApi(args, inLocale(args, `/api/slots/?date=${date}&home_sample=${home}`));
    // a date the API refuses (past, too far): no times, and the step says to choose another
    return status === 200 ? (body as SlotDay) : { date, home_sample: home, closed: false, slots: [] };
  };
  let day: SlotDay | null = null;
  /** whether the date shown is the first free day the page chose, or none was found in the days walked */
  let firstFree: 'found' | 'none' | null = null;
  if (wantsFirstFreeDay(params, state, step)) {
    const latestTime = combinePreparation(state.tests.map((id) => byId.get(id)!.preparation))?.latestTime ?? null;
    day = await firstFreeDay(todayInIndia(), slotsOn, latestTime);
    firstFree = day ? 'found' : 'none';
    state.date = day?.date ?? '';
  } else if (step === 'when' && state.date !== '') {
    day = await slotsOn(state.date);
  }
  const total = chosen.reduce((sum, t) => sum + t.price, 0);
  return { state, step, missing, chosen, matches, day, firstFree, firstFreeDays: FIRST_FREE_DAYS, totalText: formatRupees(total), dateText: state.date ? formatDate(state.date, localeOf(args)) : '' };
}

export type BookSteps = Awaited<ReturnType<typeof loadBookSteps>>;

export type BookOutcome =
  | { booked: AppointmentCreated & { dateText: string; time: string; where: StepsState['where'] } }
  | { refused: Record<string, string[]>; message: string | null; needsConsent?: true };

function refusalsOf(body: unknown): { refused: Record<string, string[]>; message: string | null } {
  if (!body || typeof body !== 'object') return { refused: {}, message: null };
  const entries = Object.entries(body as Record<string, unknown>);
  const refused = Object.fromEntries(entries.filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((m) => typeof m === 'string')));
  const error = (body as { error?: unknown }).error;
  return { refused, message: typeof error === 'string' ? error : null };
}

/** the review's form posted: the booking, as the booking page sends it (at the visit's price; paid there) */
export async function postBookSteps(args: Pick<ActionFunctionArgs, 'context' | 'request'>): Promise<BookOutcome> {
  const form = await args.request.formData();
  const params = new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const s = stateOf(params);
  // The API books without a consent for the spec's older clients; a person on this form agrees first, as on the booking page.
  if (form.get('consent') !== 'service') return { refused: {}, message: null, needsConsent: true };
  const home = s.where === 'home';
  const request: AppointmentRequest = {
    date: s.date,
    time: s.time,
    user_name: s.name,
    user_email: s.email,
    user_phone: s.phone,
    tests: s.tests,
    home_sample: home,
    ...(home ? { home_address: s.address } : {}),
    booking_for: 'self',
    language: localeOf(args),
    consent: { notice_version: privacyNotice.version, purposes: ['service'] },
  };
  const { status, body } = await callApi(args, inLocale(args, '/api/appointments/'), { method: 'POST', body: request });
  if (status === 201) return { booked: { ...(body as AppointmentCreated), dateText: formatDate(s.date, localeOf(args)), time: s.time, where: s.where } };
  return refusalsOf(body);
}
