// Payments: each bill gets an invoice number (existing ones too, per financial year, in the
// order they were made) and payment rows instead of a paid flag (existing paid bills get one row of
// an unrecorded mode for the amount); bills may belong to a membership instead of an appointment;
// memberships may await the payment of their bill; plans state their refund rule.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from './dialect.ts';

// A frozen copy of modules/payments/invoice-number.ts's numbering as this migration was written: the
// numbers it gave existing bills stay what they were.
const dateInIndia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** "2026-27" for any instant from 1 April 2026 to 31 March 2027, India time */
function financialYear(at: number): string {
  const [year, month] = dateInIndia.format(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** "LC/2026-27/000123" */
function formatInvoiceNumber(year: string, n: number): string {
  return `LC/${year}/${String(n).padStart(6, '0')}`;
}

/** bills numbered per round trip while back-filling */
const BATCH = 500;

export function payments(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('invoice_sequences')
        .addColumn('financial_year', 'text', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();

      await widenBills(db, dialect);
      await numberExistingBills(db);

      await db.schema
        .createTable('payments')
        .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'integer', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('utr', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rejection_reason', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('received_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_bill').on('payments').columns(['bill_id', 'status']).execute();
      // Collections read a day's (or a range's) confirmed rows; the desk lists the pending ones.
      await db.schema.createIndex('payments_received').on('payments').columns(['status', 'received_at']).execute();
      // A UTR pays one bill once: refused on any other bill while it is pending or confirmed.
      await db.schema.createIndex('payments_utr').on('payments').column('utr').unique().where(sql.ref('status'), '<>', 'rejected').execute();

      // Bills paid before payments were itemised: one row for the amount, of an unrecorded mode.
      await sql`
        insert into payments (bill_id, kind, amount_paise, mode, place, reference, status, received_at, created_at)
        select id, 'payment', total_paise, 'unrecorded', 'desk', '', 'confirmed', coalesce(paid_at, generated_at), coalesce(paid_at, generated_at)
        from bills where is_paid = 1`.execute(db);
      await sql`update bills set paid_paise = total_paise where is_paid = 1`.execute(db);

      await db.schema.alterTable('membership_plans').addColumn('refund_rule', 'text', (c) => c.notNull().defaultTo('none')).execute();
    },
    async down() {
      throw new Error('the payments migration is not reversible');
    },
  };
}

/**
 * bills.appointment_id becomes optional (a membership's bill has none) and bills gain their payment
 * columns. SQLite cannot drop a NOT NULL, so there the table is rebuilt (nothing references bills yet).
 */
async function widenBills(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table bills alter column appointment_id drop not null`.execute(db);
    await sql`alter table bills
      add column membership_id integer references memberships(id) on delete cascade,
      add column access_key text unique,
      add column invoice_no text unique,
      add column paid_paise integer not null default 0,
      add column refunded_paise integer not null default 0`.execute(db);
  } else {
    await sql`create table bills_new (
      id integer primary key autoincrement,
      appointment_id text unique references appointments(id) on delete cascade,
      membership_id integer references memberships(id) on delete cascade,
      access_key text unique,
      invoice_no text unique,
      generated_at text not null,
      total_paise integer not null,
      offer_paise integer,
      is_paid integer not null default 0,
      paid_at text,
      paid_paise integer not null default 0,
      refunded_paise integer not null default 0)`.execute(db);
    await sql`insert into bills_new (id, appointment_id, generated_at, total_paise, offer_paise, is_paid, paid_at)
      select id, appointment_id, generated_at, total_paise, offer_paise, is_paid, paid_at from bills`.execute(db);
    await sql`drop table bills`.execute(db);
    await sql`alter table bills_new rename to bills`.execute(db);
  }
  await db.schema.createIndex('bills_membership').on('bills').column('membership_id').execute();
  // Outstanding dues read only the bills with money still due, never the million paid ones.
  await sql`create index bills_outstanding on bills (appointment_id) where paid_paise - refunded_paise < total_paise`.execute(db);
}

/** every existing bill numbered within its financial year, oldest first; the counters continue from there */
async function numberExistingBills(db: Kysely<any>): Promise<void> {
  const last = new Map<string, number>();
  let after: { generated_at: string; id: number } | undefined;
  for (;;) {
    const rows: Array<{ id: number; generated_at: string }> = await db
      .selectFrom('bills')
      .select(['id', 'generated_at'])
      .$if(after !== undefined, (q) =>
        q.where((eb) => eb.or([eb('generated_at', '>', after!.generated_at), eb.and([eb('generated_at', '=', after!.generated_at), eb('id', '>', after!.id)])])),
      )
      .orderBy('generated_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const numbered = rows.map((r) => {
      const year = financialYear(Date.parse(r.generated_at));
      const n = (last.get(year) ?? 0) + 1;
      last.set(year, n);
      return { id: r.id, invoice_no: formatInvoiceNumber(year, n) };
    });
    // One statement per batch: a million bills take two thousand round trips, not a million.
    await sql`update bills set invoice_no = case id ${sql.join(
      numbered.map((n) => sql`when ${n.id} then ${n.invoice_no}`),
      sql` `,
    )} end where id in (${sql.join(numbered.map((n) => n.id))})`.execute(db);
    after = rows[rows.length - 1];
  }
  for (const [year, n] of last) await db.insertInto('invoice_sequences').values({ financial_year: year, last_number: n }).execute();
}
