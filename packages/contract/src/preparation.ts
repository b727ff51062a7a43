// A test's preparation: hours of fasting, other instructions ("first morning urine"), and the latest
// sensible time of day for the sample (fasting tests before 11:00). The booking page shows the
// combined preparation of the selected tests and offers only slots that suit it; the server refuses
// a later time; the confirmation, the e-mails and the run sheet repeat it, the latest time worded for
// the kind of visit (come to the centre before it, or the sample drawn at home before it).
import { z } from 'zod';
import { inEnglish, m, type Message, type Said } from './i18n/message.ts';

export const preparationSchema = z.object({
  /** the least hours without food before the sample; null: no fasting */
  fasting_hours: z.number().int().nullable(),
  /** anything else the patient must do, in words for people; "" for nothing */
  instructions: z.string(),
  /** HH:MM, India time: slots starting at or after it are not offered; null: any time */
  latest_time: z.string().nullable(),
});
export type Preparation = z.infer<typeof preparationSchema>;

export interface CombinedPreparation {
  fastingHours: number | null;
  instructions: string[];
  latestTime: string | null;
}

/** the preparation of several tests together: the longest fast, every instruction once, the earliest latest time */
export function combinePreparation(list: ReadonlyArray<Preparation | null | undefined>): CombinedPreparation | null {
  let fastingHours: number | null = null;
  let latestTime: string | null = null;
  const instructions: string[] = [];
  for (const p of list) {
    if (!p) continue;
    if (p.fasting_hours !== null && (fastingHours === null || p.fasting_hours > fastingHours)) fastingHours = p.fasting_hours;
    if (p.latest_time !== null && (latestTime === null || p.latest_time < latestTime)) latestTime = p.latest_time;
    const said = p.instructions.trim();
    if (said && !instructions.includes(said)) instructions.push(said);
  }
  if (fastingHours === null && latestTime === null && instructions.length === 0) return null;
  return { fastingHours, instructions, latestTime };
}

/** where the sample is taken: the patient comes to the centre, or the phlebotomist comes to the patient */
export type VisitKind = 'centre' | 'home';

export const visitKind = (homeSample: boolean): VisitKind => (homeSample ? 'home' : 'centre');

/**
 * The latest time, worded for the visit: the patient comes to the centre before it; at home the
 * phlebotomist must draw the sample before it (the patient goes nowhere).
 */
export const latestTimeMessage = (latestTime: string, visit: VisitKind): Message =>
  m(visit === 'home' ? 'preparation.drawn_before' : 'preparation.come_before', { time: latestTime });

/** the combined preparation as messages, worded for the kind of visit; the tests' own instructions are as written */
export function preparationMessages(c: CombinedPreparation, visit: VisitKind): Said[] {
  return [
    ...(c.fastingHours !== null ? [m('preparation.fast_hours', { hours: c.fastingHours })] : []),
    ...c.instructions,
    ...(c.latestTime !== null ? [latestTimeMessage(c.latestTime, visit)] : []),
  ];
}

/** the combined preparation as English sentences (the staff's run sheet); e-mails say `preparationMessages` in their language */
export function preparationLines(c: CombinedPreparation, visit: VisitKind): string[] {
  return preparationMessages(c, visit).map(inEnglish);
}

/** a slot suits the preparation when it starts before its latest time */
export const suitsPreparation = (slotStart: string, latestTime: string | null) => latestTime === null || slotStart < latestTime;

export const laterSlotsWithheld = (latestTime: string) => inEnglish(m('preparation.later_withheld', { time: latestTime }));
/** a time too late for the tests' preparation, as a message (`tooLateForPreparation`: its English) */
export const tooLateMessage = (latestTime: string) => m('preparation.too_late', { time: latestTime });
export const tooLateForPreparation = (latestTime: string) => inEnglish(tooLateMessage(latestTime));
