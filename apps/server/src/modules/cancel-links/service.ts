// Cancelling by the reminder's link, without signing in: the signed token names the appointment; the
// link refuses once the booking is cancelled (it has been used), once the sample is collected, and
// once the appointment's time has passed. The cancellation is guarded and audited like the owner's own.
import {
  CANCEL_AFTER_COLLECTION,
  CANCEL_LINK_INVALID,
  CANCEL_LINK_USED,
  CANCEL_TIME_PASSED,
  type CancelLinkBooking,
  type Locale,
} from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { inLanguage } from '../../lib/bilingual.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { indiaMoment } from '../../lib/time.ts';
import { updateAppointment } from '../booking/queries.ts';
import { checkCancelToken } from './token.ts';

type Db = Kysely<Database> | Transaction<Database>;
type CancelDeps = Pick<Deps, 'db' | 'config' | 'now'>;

async function load(db: Db, id: string) {
  return db.selectFrom('appointments').select(['id', 'reference', 'date', 'time', 'home_sample', 'status', 'updated_at']).where('id', '=', id).executeTakeFirst();
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

function refusalOf(a: Loaded, now: Date): string | null {
  if (a.status === 'cancelled') return CANCEL_LINK_USED;
  if (a.status === 'sample_collected' || a.status === 'completed') return CANCEL_AFTER_COLLECTION;
  if (indiaMoment(a.date, a.time) <= now) return CANCEL_TIME_PASSED;
  return null;
}

async function view(db: Db, a: Loaded, now: Date, language: Locale): Promise<CancelLinkBooking> {
  const tests = await db.selectFrom('appointment_tests').select(['name', 'name_hi']).where('appointment_id', '=', a.id).orderBy('position').execute();
  return { reference: a.reference, date: a.date, time: a.time, home_sample: a.home_sample === 1, tests: tests.map((t) => inLanguage(language, t.name, t.name_hi)), status: a.status, refusal: refusalOf(a, now) };
}

/** the appointment a valid token names, or null (the caller counts the miss) */
export function appointmentOfToken(deps: CancelDeps, token: string): string | null {
  return checkCancelToken(deps.config.jwtSecret, token);
}

export async function showCancelLink(deps: CancelDeps, appointmentId: string, language: Locale = 'en'): Promise<CancelLinkBooking> {
  const a = await load(deps.db, appointmentId);
  if (!a) throw notFound(CANCEL_LINK_INVALID);
  return view(deps.db, a, deps.now(), language);
}

export async function cancelByLink(deps: CancelDeps, appointmentId: string, language: Locale = 'en'): Promise<CancelLinkBooking> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const a = await load(trx, appointmentId);
    if (!a) throw notFound(CANCEL_LINK_INVALID);
    const refusal = refusalOf(a, now);
    if (refusal) throw badRequest(refusal);
    if (!(await updateAppointment(trx, a.id, a.status, a.updated_at, { status: 'cancelled', updated_at: new Date().toISOString() }))) throw conflict('This appointment was changed meanwhile. Please reload and try again.');
    await recordAudit(trx, { actorUserId: null, entity: 'appointment', entityId: a.id, action: 'cancel', before: { status: a.status }, after: { status: 'cancelled', via: 'reminder link' } });
    return view(trx, { ...a, status: 'cancelled' }, now, language);
  });
}
