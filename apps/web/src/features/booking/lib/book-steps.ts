// The booking in plain steps (docs/features.md#booking-without-scripts): what
// the visitor chose so far, carried in the page's address (each step is a GET form, so Back, Forward and
// Reload keep every choice), and which step it is at. A step asked for before the earlier ones are done
// shows the first one that is not, with what is missing. Pure: the server's loader and the tests use it.
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export const STEPS = ['tests', 'when', 'who', 'review'] as const;
export type Step = (typeof STEPS)[number];

export const ADDRESS_FIELDS = ['house', 'street', 'locality', 'city', 'pin'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface StepsState {
  tests: number[];
  /** the test search typed on the first step */
  q: string;
  where: 'centre' | 'home';
  address: Record<AddressField, string>;
  date: string;
  time: string;
  name: string;
  email: string;
  phone: string;
}

const MAX_TESTS = 50;
const field = (params: URLSearchParams, name: string, max = 200) => (params.get(name) ?? '').trim().slice(0, max);

export function stateOf(params: URLSearchParams): StepsState {
  const tests = [...new Set(params.getAll('tests').flatMap((v) => v.split(',')).map(Number))].filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  return {
    tests: tests.slice(0, MAX_TESTS),
    q: field(params, 'q', 100),
    where: params.get('where') === 'home' ? 'home' : 'centre',
    address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, field(params, f)])) as Record<AddressField, string>,
    date: /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : '',
    time: /^\d{2}:\d{2}$/.test(params.get('time') ?? '') ? params.get('time')! : '',
    name: field(params, 'name', 100),
    email: field(params, 'email', 254),
    phone: field(params, 'phone', 20),
  };
}

/** what a step needs done before it, or null */
function missingBefore(step: Step, s: StepsState): { step: Step; message: MessageId } | null {
  const at = STEPS.indexOf(step);
  if (at >= 1 && s.tests.length === 0) return { step: 'tests', message: 'patient.steps.needTests' };
  if (at >= 2 && s.where === 'home' && (!s.address.house || !s.address.locality || !s.address.city || !s.address.pin)) return { step: 'when', message: 'patient.steps.needAddress' };
  if (at >= 2 && (!s.date || !s.time)) return { step: 'when', message: 'patient.steps.needWhen' };
  if (at >= 3 && (!s.name || !s.email || !s.phone)) return { step: 'who', message: 'patient.steps.needWho' };
  return null;
}

/** the step asked for (`step` in the address), or the first one before it that is not done, with why */
export function stepOf(params: URLSearchParams, s: StepsState): { step: Step; missing: MessageId | null } {
  const asked = (STEPS as readonly string[]).includes(params.get('step') ?? '') ? (params.get('step') as Step) : 'tests';
  const missing = missingBefore(asked, s);
  return missing ? { step: missing.step, missing: missing.message } : { step: asked, missing: null };
}

/**
 * Whether the "when" step opens on the first free day (decision 078): no date chosen yet, or the day
 * the page chose itself sent back unchanged (`firstFree`, a hidden field of that step's form), so a
 * change of the kind of visit looks again. A date the patient typed is never replaced.
 */
export function wantsFirstFreeDay(params: URLSearchParams, s: StepsState, step: Step): boolean {
  return step === 'when' && (s.date === '' || s.date === params.get('firstFree'));
}

/** the choices as hidden fields, for every form of a step: all but the ones that step shows */
export function hiddenFields(s: StepsState, shown: readonly string[]): Array<[string, string]> {
  const all: Array<[string, string]> = [
    ...s.tests.map((id): [string, string] => ['tests', String(id)]),
    ['where', s.where],
    ...(s.where === 'home' ? ADDRESS_FIELDS.map((f): [string, string] => [f, s.address[f]]) : []),
    ['date', s.date],
    ['time', s.time],
    ['name', s.name],
    ['email', s.email],
    ['phone', s.phone],
  ];
  return all.filter(([name, value]) => value !== '' && !shown.includes(name) && !(name === 'where' && value === 'centre'));
}

/** the page's address for a step with these choices (links back to a step) */
export function stepHref(path: string, s: StepsState, step: Step): string {
  const params = new URLSearchParams(hiddenFields(s, []));
  params.set('step', step);
  return `${path}?${params.toString()}`;
}
