// Composes a reminder when its job runs, from the appointment as it is then: none for a cancelled,
// collected or finished appointment or one whose time has passed; a later wait when the appointment
// moved to a later day than the job knew.
import { paths, visitKind } from '@lab/contract';
import { mailWords } from './words/index.ts';
import { indiaMoment } from '../../lib/time.ts';
import { visitLocation } from './calendar.ts';
import type { MailMessage } from './message.ts';
import { cancelLinkOf, reminderMail } from './reminder.ts';
import { makeCancelToken } from '../cancel-links/token.ts';
import { labDetailsIn } from '../lab/service.ts';
import { preparationOf } from '../slots/service.ts';
import type { MailJob } from './queries.ts';
import { reminderDue } from './queue.ts';
import type { Deps } from '../../lib/context.ts';
import { inLanguage } from '../../lib/bilingual.ts';

export type ComposedReminder = { message: MailMessage } | { skip: string } | { later: Date };

const NO_APPOINTMENT = 'Not sent: the appointment no longer exists.';

/**
 * why a reminder is not to go now (skipped, or due later), or null when it is: the one rule of the
 * e-mail's reminder and the phone's (channels/phone-queue.ts)
 */
export function reminderHeld(a: { status: string; date: string; time: string } | undefined, now: Date): { skip: string } | { later: Date } | null {
  if (!a) return { skip: NO_APPOINTMENT };
  if (a.status === 'cancelled') return { skip: 'Not sent: the appointment was cancelled.' };
  if (a.status !== 'booked' && a.status !== 'approved') return { skip: 'Not sent: the sample was already collected.' };
  const due = reminderDue(a.date);
  if (due > now) return { later: due };
  if (indiaMoment(a.date, a.time) <= now) return { skip: 'Not sent: the appointment time had passed.' };
  return null;
}

export async function composeReminder(deps: Pick<Deps, 'db' | 'config' | 'now'>, job: MailJob): Promise<ComposedReminder> {
  const { db } = deps;
  const a = job.appointment_id
    ? await db
        .selectFrom('appointments')
        .select(['id', 'reference', 'user_email', 'date', 'time', 'home_sample', 'status', 'language'])
        .where('id', '=', job.appointment_id)
        .executeTakeFirst()
    : undefined;
  const now = deps.now();
  const held = reminderHeld(a, now);
  if (held || !a) return held ?? { skip: NO_APPOINTMENT };

  const tests = await db.selectFrom('appointment_tests').select(['name', 'name_hi', 'test_id']).where('appointment_id', '=', a.id).orderBy('position').execute();
  const preparation = await preparationOf(db, tests.map((t) => t.test_id), a.language);
  const lab = await labDetailsIn(db, a.language);
  const { publicUrl, jwtSecret } = deps.config;
  const billLink = `${publicUrl}${paths.billLink(a.id)}`;
  const homeSample = a.home_sample === 1;
  const message = reminderMail({
    to: a.user_email,
    reference: a.reference,
    date: a.date,
    time: a.time,
    tests: tests.map((t) => inLanguage(a.language, t.name, t.name_hi)),
    homeSample,
    labName: lab.name,
    labAddressLines: lab.address_lines,
    labPhone: lab.phones[0],
    preparation: preparation ? mailWords[a.language].preparation(preparation, visitKind(homeSample)) : [],
    billLink,
    // signed for this date and slot: after a reschedule it is out of date, and the next reminder carries a new one
    cancelLink: cancelLinkOf(publicUrl, makeCancelToken(jwtSecret, a)),
    language: a.language,
  });
  message.calendar = { appointmentId: a.id, reference: a.reference, date: a.date, time: a.time, labName: lab.name, location: visitLocation(homeSample, lab.name, lab.address_lines, a.language), billLink, language: a.language };
  return { message };
}
