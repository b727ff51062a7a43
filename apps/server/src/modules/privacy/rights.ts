// Correction requests (anything the profile form cannot change: a name on a bill, a report's details)
// and the nominee. The patient files a request and sees its status; staff correct the record or
// decline, with words the patient reads, every decision in the audit log.
import { type CorrectionRequest, type correctionRequestInputSchema, type correctionResolutionSchema, m, type Nominee, type nomineeInputSchema, type StaffCorrection, type StaffCorrectionPage } from '@lab/contract';
import type { Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/queries.ts';
import type { CorrectionRequestsTable, Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { z } from 'zod';

type Db = Kysely<Database>;

const requestOut = (r: Selectable<CorrectionRequestsTable>): CorrectionRequest => ({
  id: r.id,
  concerns: r.concerns,
  reference: r.reference,
  details: r.details,
  status: r.status,
  resolution: r.resolution,
  created_at: r.created_at,
  resolved_at: r.resolved_at,
});

export async function fileCorrection(db: Db, userId: number, input: z.output<typeof correctionRequestInputSchema>, now: Date): Promise<CorrectionRequest> {
  const row = await db
    .insertInto('correction_requests')
    .values({ user_id: userId, concerns: input.concerns, reference: input.reference ?? '', details: input.details, status: 'open', created_at: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return requestOut(row);
}

export async function correctionsOf(db: Db, userId: number): Promise<CorrectionRequest[]> {
  const rows = await db.selectFrom('correction_requests').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(requestOut);
}

function staffCorrections(db: Db, status: CorrectionRequest['status'] | undefined) {
  let q = db.selectFrom('correction_requests as c');
  if (status) q = q.where('c.status', '=', status);
  return q;
}

const staffColumns = [
  'c.id',
  'c.user_id',
  'c.concerns',
  'c.reference',
  'c.details',
  'c.status',
  'c.resolution',
  'c.created_at',
  'c.resolved_at',
  'p.first_name',
  'p.last_name',
  'p.email',
  's.username as resolved_by',
] as const;

type StaffRow = Omit<Selectable<CorrectionRequestsTable>, 'resolved_by'> & { first_name: string; last_name: string; email: string; resolved_by: string | null };

function staffOut(r: StaffRow): StaffCorrection {
  return {
    ...requestOut({ ...r, resolved_by: null }),
    patient: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    resolved_by: r.resolved_by,
  };
}

/** open requests oldest first (the order to work them in); resolved ones newest first */
export function listCorrections(db: Db, f: PageQuery & { status?: CorrectionRequest['status'] | undefined }): Promise<StaffCorrectionPage> {
  return paginate(
    f,
    () => countRows(staffCorrections(db, f.status)),
    (limit, offset) =>
      staffCorrections(db, f.status)
        .innerJoin('users as p', 'p.id', 'c.user_id')
        .leftJoin('users as s', 's.id', 'c.resolved_by')
        .select(staffColumns)
        .orderBy('c.created_at', f.status === 'open' ? 'asc' : 'desc')
        .orderBy('c.id', f.status === 'open' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    (rows) => rows.map(staffOut),
  );
}

export async function resolveCorrection(db: Db, actor: number, id: number, input: z.output<typeof correctionResolutionSchema>, now: Date): Promise<StaffCorrection> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const res = await trx
      .updateTable('correction_requests')
      .set({ status: input.outcome, resolution: input.resolution, resolved_by: actor, resolved_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const row = await trx
      .selectFrom('correction_requests as c')
      .innerJoin('users as p', 'p.id', 'c.user_id')
      .leftJoin('users as s', 's.id', 'c.resolved_by')
      .select(staffColumns)
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(m('privacy.correction_not_found'));
    if (Number(res.numUpdatedRows) !== 1) throw conflict(m('privacy.correction_resolved'));
    await recordAudit(trx, { actorUserId: actor, entity: 'correction_request', entityId: id, action: input.outcome, before: { status: 'open' }, after: { status: input.outcome, resolution: input.resolution } });
    return staffOut(row);
  });
}

// ---- nominee ----

export async function nomineeOf(db: Db, userId: number): Promise<Nominee | null> {
  const n = await db.selectFrom('nominees').select(['name', 'relation', 'phone', 'email', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return n ?? null;
}

export async function setNominee(db: Db, userId: number, input: z.output<typeof nomineeInputSchema>, now: Date): Promise<Nominee> {
  const values = { name: input.name, relation: input.relation, phone: input.phone ?? '', email: input.email ?? '', updated_at: now.toISOString() };
  await db
    .insertInto('nominees')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return values;
}

export async function removeNominee(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('nominees').where('user_id', '=', userId).execute();
}
