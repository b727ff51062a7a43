// Cancelling by the reminder's link, without signing in: the signed token names the appointment and the
// date and slot the reminder was sent for; the link refuses once the booking is cancelled (it has been
// used), once the sample is collected, once the appointment's time has passed, and once the visit has
// been moved (decision 051). The cancellation is the owner's own (booking's cancelVisit): guarded, its
// seat given back, audited.
import {
  type CancelLinkBooking,
  inEnglish,
  type Locale,
  m,
  type Message,
} from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inLanguage } from '../../lib/bilingual.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { indiaMoment } from '../../lib/time.ts';
import { cancelVisit } from '../booking/service.ts';
import { refundableOnlinePaise } from '../payments/gateway-service.ts';
import { toRupees } from '../../lib/money.ts';
import { type CancelTarget, checkCancelToken, isLegacyCancelToken } from './token.ts';

type Db = Kysely<Database> | Transaction<Database>;
type CancelDeps = Pick<Deps, 'db' | 'config' | 'now'>;

async function load(db: Db, id: string) {
  return db.selectFrom('appointments').select(['id', 'reference', 'date', 'time', 'home_sample', 'status', 'updated_at', 'visit_id']).where('id', '=', id).executeTakeFirst();
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

function refusalOf(a: Loaded, now: Date): Message | null {
  if (a.status === 'cancelled') return m('cancel_link.used');
  if (a.status === 'sample_collected' || a.status === 'completed') return m('cancel_link.sample_collected');
  if (indiaMoment(a.date, a.time) <= now) return m('cancel_link.time_passed');
  return null;
}

/** the refusal as the link's page reads it: in English, as it always was */
const englishOf = (said: Message | null) => (said === null ? null : inEnglish(said));

async function view(db: Db, a: Loaded, now: Date, language: Locale): Promise<CancelLinkBooking> {
  const tests = await db.selectFrom('appointment_tests').select(['name', 'name_hi']).where('appointment_id', '=', a.id).orderBy('position').execute();
  return {
    reference: a.reference,
    date: a.date,
    time: a.time,
    home_sample: a.home_sample === 1,
    tests: tests.map((t) => inLanguage(language, t.name, t.name_hi)),
    status: a.status,
    refusal: englishOf(refusalOf(a, now)),
    refundable_online: toRupees(await refundableOnlinePaise(db, a.id)),
  };
}

/** what a token names: the visit it was signed for, 'legacy' for a validly signed link of the first form, or null (the caller counts the miss) */
export function appointmentOfToken(deps: CancelDeps, token: string): CancelTarget | 'legacy' | null {
  return checkCancelToken(deps.config.jwtSecret, token) ?? (isLegacyCancelToken(deps.config.jwtSecret, token) ? 'legacy' : null);
}

/**
 * The appointment the link was made for, as it is now. A visit moved to another date or slot since (a
 * reschedule) makes the link out of date: a cancelled visit still says the link was used, as it was.
 */
async function current(db: Db, target: CancelTarget | 'legacy'): Promise<Loaded> {
  if (target === 'legacy') throw conflict(m('cancel_link.out_of_date'));
  const a = await load(db, target.id);
  if (!a) throw notFound(m('cancel_link.invalid'));
  if (a.status !== 'cancelled' && (a.date !== target.date || a.time !== target.time)) throw conflict(m('cancel_link.out_of_date'));
  return a;
}

export async function showCancelLink(deps: CancelDeps, target: CancelTarget | 'legacy', language: Locale = 'en'): Promise<CancelLinkBooking> {
  return view(deps.db, await current(deps.db, target), deps.now(), language);
}

export async function cancelByLink(deps: CancelDeps, target: CancelTarget | 'legacy', language: Locale = 'en'): Promise<CancelLinkBooking> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const a = await current(trx, target);
    const refusal = refusalOf(a, now);
    if (refusal) throw badRequest(refusal);
    await cancelVisit(trx, a, { actorUserId: null, via: 'reminder link' });
    return view(trx, { ...a, status: 'cancelled' }, now, language);
  });
}
