// The steps of the booking page with scripts on a phone (decision 075): which steps there are, in
// order, which step owns each of the form's fields (so "Next" checks only the fields of its step, and a
// refusal, ours or the server's, opens the step of its first field), and which step the address asks
// for. The form's one validation stays in the page (ownErrors); this only partitions it. Pure.
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export const FLOW_STEPS = ['tests', 'who', 'where', 'when', 'review'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** each step's heading */
export const FLOW_TITLES: Record<FlowStep, MessageId> = { tests: 'booking.flow.tests', who: 'booking.flow.who', where: 'booking.flow.where', when: 'booking.flow.when', review: 'booking.flow.review' };

/** the step that shows each of the form's field names (the page's FIELDS names); unknown ones: review */
const FIELD_STEP: Record<string, FlowStep> = {
  tests: 'tests',
  name: 'who',
  email: 'who',
  phone: 'who',
  dateOfBirth: 'who',
  ageYears: 'who',
  sex: 'who',
  member: 'who',
  guardian: 'who',
  abhaNumber: 'who',
  abhaAddress: 'who',
  homeAddress: 'where',
  household: 'where',
  date: 'when',
  time: 'when',
  doctor: 'review',
  channels: 'review',
  consent: 'review',
};

export const stepOfField = (field: string): FlowStep => FIELD_STEP[field] ?? 'review';

/** the refused fields that belong to a step */
export const fieldsOfStep = (errors: Record<string, string>, step: FlowStep): Record<string, string> => Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));

/** the earliest step that shows one of these refused fields, or null when none is refused */
export function firstRefusedStep(errors: Record<string, string>): FlowStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return FLOW_STEPS.find((s) => steps.has(s)) ?? null;
}

/** `?step=` as asked, or null when it names no step */
export function readFlowStep(search: string): FlowStep | null {
  const asked = new URLSearchParams(search).get('step');
  return (FLOW_STEPS as readonly string[]).includes(asked ?? '') ? (asked as FlowStep) : null;
}

export const nextStep = (step: FlowStep): FlowStep => FLOW_STEPS[Math.min(FLOW_STEPS.indexOf(step) + 1, FLOW_STEPS.length - 1)] ?? step;
export const previousStep = (step: FlowStep): FlowStep => FLOW_STEPS[Math.max(FLOW_STEPS.indexOf(step) - 1, 0)] ?? step;

/** the same address with `step` set to this step, every other parameter kept */
export function withStep(search: string, step: FlowStep): string {
  const params = new URLSearchParams(search);
  params.set('step', step);
  return `?${params.toString()}`;
}

/** whether only `step` differs between two addresses' queries (the page's data need not be asked again) */
export function onlyStepChanged(a: string, b: string): boolean {
  const strip = (s: string) => {
    const p = new URLSearchParams(s);
    p.delete('step');
    p.sort();
    return p.toString();
  };
  return strip(a) === strip(b);
}

/**
 * The home collection's own check before its times (the PIN first): the address's required parts, then
 * the PIN code served. `served`: the lab's answer for the PIN (undefined while it is asked).
 */
export function homeAddressProblem(address: { house: string; locality: string; city: string; pin: string }, served: boolean | undefined): MessageId | null {
  if (!address.house.trim() || !address.locality.trim() || !address.city.trim() || !/^[1-9]\d{5}$/.test(address.pin)) return 'patient.steps.needAddress';
  if (served === false) return 'booking.address.notServed';
  if (served === undefined) return 'booking.flow.pinChecking';
  return null;
}
