// The patient's own age and sex on the account (prefilled into bookings); when a sample was collected
// and when it reached the lab, kept apart on the appointment (the report prints both); counters of
// appointments by status kept by triggers in the transaction of every change (the home statistics
// read them instead of counting a million rows); and an index for substring search of the staff
// queue (FTS5 trigram on SQLite, pg_trgm on PostgreSQL). Decision record 024.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

// Frozen copies of db/search-document.ts as this migration was written: the index and triggers it
// made hold this expression; a search that changes it needs a migration of its own.
const APPOINTMENT_STATUSES = ['booked', 'approved', 'sample_collected', 'completed', 'cancelled'] as const;

/** PostgreSQL rows per status in appointment_counts */
const COUNTER_SHARDS = 16;

/** `prefix`: '' in an index definition, 'NEW.' in a trigger */
function searchDocumentSql(prefix: string): string {
  const c = (name: string) => `${prefix}${name}`;
  const digits = `replace(replace(replace(${c('user_phone')}, ' ', ''), '-', ''), '+', '')`;
  return `coalesce(${c('user_name_key')}, lower(${c('user_name')})) || ' ' || lower(${c('user_email')}) || ' ' || lower(${c('user_phone')}) || ' ' || ${digits} || ' ' || lower(${c('id')}) || ' ' || lower(coalesce(${c('reference')}, ''))`;
}

export function profileSamplesCountersSearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('date_of_birth', 'text').execute();
      await db.schema.alterTable('users').addColumn('age_years', 'integer').execute();
      // An age in years is true on the day it was given; the profile ages it from that day on.
      await db.schema.alterTable('users').addColumn('age_recorded_on', 'text').execute();
      await db.schema.alterTable('users').addColumn('sex', 'text').execute();

      await db.schema.alterTable('appointments').addColumn('sample_collected_at', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('sample_received_at', 'text').execute();
      // Samples collected before this migration: the moment staff marked them collected, for both.
      await sql`
        UPDATE appointments SET sample_collected_at = (
          SELECT max(l.created_at) FROM audit_log l
          WHERE l.entity = 'appointment' AND l.entity_id = appointments.id AND l.action = 'status'
            AND l.after_json LIKE '%"sample_collected"%'
        )
        WHERE status IN ('sample_collected', 'completed')`.execute(db);
      await sql`UPDATE appointments SET sample_received_at = sample_collected_at`.execute(db);

      await appointmentCounters(db, dialect);
      await searchIndex(db, dialect);
    },
    async down() {
      throw new Error('the patient profile migration is not reversible');
    },
  };
}

/**
 * appointment_counts: per status, a few shards whose sum is the count. Triggers add and subtract in
 * the transaction of the insert, status change or delete, whoever makes it (a service, a migration,
 * a test's own SQL). PostgreSQL spreads concurrent bookings over shards so they do not queue on one
 * row lock; SQLite has one writer at a time and uses shard 0.
 */
async function appointmentCounters(db: Kysely<any>, dialect: Dialect) {
  await db.schema
    .createTable('appointment_counts')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('appointment_counts_pk', ['status', 'shard'])
    .execute();
  const shards = dialect === 'postgres' ? COUNTER_SHARDS : 1;
  for (const status of APPOINTMENT_STATUSES) {
    for (let shard = 0; shard < shards; shard++) await db.insertInto('appointment_counts').values({ status, shard, n: 0 }).execute();
  }
  // The counts so far, once: the only full count there will be.
  await sql`
    UPDATE appointment_counts SET n = (SELECT count(*) FROM appointments a WHERE a.status = appointment_counts.status)
    WHERE shard = 0`.execute(db);

  if (dialect === 'postgres') {
    await sql.raw(`
      CREATE FUNCTION appointment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE s integer := floor(random() * ${COUNTER_SHARDS})::integer;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE appointment_counts SET n = n - 1 WHERE status = OLD.status AND shard = s;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE appointment_counts SET n = n + 1 WHERE status = NEW.status AND shard = s;
        END IF;
        RETURN NULL;
      END $$`).execute(db);
    await sql`CREATE TRIGGER appointment_counts_insert_delete AFTER INSERT OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION appointment_counts_track()`.execute(db);
    await sql`CREATE TRIGGER appointment_counts_status AFTER UPDATE OF status ON appointments FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION appointment_counts_track()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER appointment_counts_insert AFTER INSERT ON appointments BEGIN
    UPDATE appointment_counts SET n = n + 1 WHERE status = NEW.status AND shard = 0; END`.execute(db);
  await sql`CREATE TRIGGER appointment_counts_delete AFTER DELETE ON appointments BEGIN
    UPDATE appointment_counts SET n = n - 1 WHERE status = OLD.status AND shard = 0; END`.execute(db);
  await sql`CREATE TRIGGER appointment_counts_status AFTER UPDATE OF status ON appointments WHEN OLD.status IS NOT NEW.status BEGIN
    UPDATE appointment_counts SET n = n - 1 WHERE status = OLD.status AND shard = 0;
    UPDATE appointment_counts SET n = n + 1 WHERE status = NEW.status AND shard = 0; END`.execute(db);
}

/**
 * The staff search's index over one text per appointment (name key, e-mail, phone with and without
 * its spaces, id, reference): PostgreSQL indexes the expression with pg_trgm; SQLite keeps an FTS5
 * table with the trigram tokenizer, in step with appointments through triggers.
 */
async function searchIndex(db: Kysely<any>, dialect: Dialect) {
  if (dialect === 'postgres') {
    // Installed once per database, in public, whichever schema migrates first (tests run one per file).
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql.raw(`CREATE INDEX appointments_search ON appointments USING gin ((${searchDocumentSql('')}) public.gin_trgm_ops)`).execute(db);
    await sql`CREATE INDEX appointment_tests_test ON appointment_tests (test_id)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE appointments_search USING fts5(doc, tokenize = 'trigram')`.execute(db);
  await sql.raw(`INSERT INTO appointments_search (rowid, doc) SELECT rowid, ${searchDocumentSql('')} FROM appointments`).execute(db);
  await sql.raw(`CREATE TRIGGER appointments_search_insert AFTER INSERT ON appointments BEGIN
    INSERT INTO appointments_search (rowid, doc) VALUES (NEW.rowid, ${searchDocumentSql('NEW.')}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER appointments_search_update AFTER UPDATE OF user_name, user_name_key, user_email, user_phone, reference ON appointments BEGIN
    UPDATE appointments_search SET doc = ${searchDocumentSql('NEW.')} WHERE rowid = NEW.rowid; END`).execute(db);
  await sql`CREATE TRIGGER appointments_search_delete AFTER DELETE ON appointments BEGIN
    DELETE FROM appointments_search WHERE rowid = OLD.rowid; END`.execute(db);
  await sql`CREATE INDEX appointment_tests_test ON appointment_tests (test_id)`.execute(db);
}
