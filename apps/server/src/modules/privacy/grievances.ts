// Grievances to the lab's grievance officer (DPDP Rules: answered within at most 90 days). Each is due
// GRIEVANCE_DUE_DAYS after it arrives (an India date); staff list them with the due date and answer
// once; the answer reaches the patient in the dashboard and by e-mail (a durable mail job written in
// the answer's transaction).
import { type Grievance, type grievanceAnswerSchema, type grievanceInputSchema, m, paths, type StaffGrievance, type StaffGrievancePage } from '@lab/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { countRows } from '../../db/queries.ts';
import type { Database, GrievancesTable } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { addDays, todayIst } from '../../lib/time.ts';
import { chooseLanguage } from '../messaging/words/index.ts';
import { labDetailsIn } from '../lab/service.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { grievanceAnsweredMail } from './rights-mail.ts';

type Db = Kysely<Database>;

/** the India date a grievance received at `receivedAt` must be answered by */
export function grievanceDueDate(receivedAt: Date, dueDays: number): string {
  return addDays(todayIst(0, receivedAt), dueDays);
}

const grievanceOut = (r: Selectable<GrievancesTable>): Grievance => ({
  id: r.id,
  subject: r.subject,
  details: r.details,
  status: r.status,
  answer: r.answer,
  received_at: r.received_at,
  due_date: r.due_date,
  answered_at: r.answered_at,
});

export async function fileGrievance(db: Db, config: Config, userId: number, input: z.output<typeof grievanceInputSchema>, now: Date): Promise<Grievance> {
  const row = await db
    .insertInto('grievances')
    .values({ user_id: userId, subject: input.subject, details: input.details, status: 'open', received_at: now.toISOString(), due_date: grievanceDueDate(now, config.privacy.grievanceDueDays) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return grievanceOut(row);
}

export async function grievancesOf(db: Db, userId: number): Promise<Grievance[]> {
  const rows = await db.selectFrom('grievances').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(grievanceOut);
}

const staffColumns = [
  'g.id',
  'g.user_id',
  'g.subject',
  'g.details',
  'g.status',
  'g.answer',
  'g.received_at',
  'g.due_date',
  'g.answered_at',
  'g.answered_by as answered_by_id',
  'p.first_name',
  'p.last_name',
  'p.email',
  's.username as answered_by',
] as const;

type StaffRow = Omit<Selectable<GrievancesTable>, 'answered_by'> & { answered_by_id: number | null; first_name: string; last_name: string; email: string; answered_by: string | null };

function staffOut(r: StaffRow, today: string): StaffGrievance {
  return {
    ...grievanceOut({ ...r, answered_by: r.answered_by_id }),
    patient: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    answered_by: r.answered_by,
    overdue: r.status === 'open' && r.due_date < today,
  };
}

function staffGrievances(db: Db, status: Grievance['status'] | undefined) {
  let q = db.selectFrom('grievances as g');
  if (status) q = q.where('g.status', '=', status);
  return q;
}

/** open grievances by due date, soonest first (the order the officer answers them in); answered ones newest first */
export function listGrievances(db: Db, f: PageQuery & { status?: Grievance['status'] | undefined }, now: Date): Promise<StaffGrievancePage> {
  const today = todayIst(0, now);
  const open = f.status === 'open';
  return paginate(
    f,
    () => countRows(staffGrievances(db, f.status)),
    (limit, offset) =>
      staffGrievances(db, f.status)
        .innerJoin('users as p', 'p.id', 'g.user_id')
        .leftJoin('users as s', 's.id', 'g.answered_by')
        .select(staffColumns)
        .orderBy(open ? 'g.due_date' : 'g.received_at', open ? 'asc' : 'desc')
        .orderBy('g.id', open ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    (rows) => rows.map((r) => staffOut(r, today)),
  );
}

export async function answerGrievance(db: Db, config: Config, actor: number, id: number, input: z.output<typeof grievanceAnswerSchema>, now: Date): Promise<StaffGrievance> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const res = await trx.updateTable('grievances').set({ status: 'answered', answer: input.answer, answered_by: actor, answered_at: at }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    const row = await trx
      .selectFrom('grievances as g')
      .innerJoin('users as p', 'p.id', 'g.user_id')
      .leftJoin('users as s', 's.id', 'g.answered_by')
      .select(staffColumns)
      .where('g.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(m('privacy.grievance_not_found'));
    if (Number(res.numUpdatedRows) !== 1) throw conflict(m('privacy.grievance_answered'));
    await recordAudit(trx, { actorUserId: actor, entity: 'grievance', entityId: id, action: 'answer', before: { status: 'open' }, after: { status: 'answered', answer: input.answer } });
    const patient = await trx.selectFrom('users').select(['email', 'first_name', 'closed_at', 'language']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    // A closed account has no address left to write to.
    if (patient.closed_at === null) {
      const language = chooseLanguage(patient.language);
      const lab = await labDetailsIn(trx, language);
      await enqueueMail(trx, now, {
        kind: 'grievance-answered',
        message: grievanceAnsweredMail({ to: patient.email, firstName: patient.first_name, subject: row.subject, answer: input.answer, dashboardLink: `${config.publicUrl}${paths.dashboard}`, lab, language }),
      });
    }
    return staffOut(row, todayIst(0, now));
  });
}
