// PostgreSQL's appointment counters (migration 012) pick their shard per connection instead of per
// row: a batch of bookings committed together (booking/writer.ts, decision 029) then locks one
// counter row, not several in a random order that two batches on two processes could take in
// opposite orders and deadlock on. Connections still spread over the shards. SQLite keeps one shard.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

/** a frozen copy of db/search-document.ts's COUNTER_SHARDS when this migration was written (012 made that many rows) */
const COUNTER_SHARDS = 16;

export function counterShardPerConnection(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql.raw(`
        CREATE OR REPLACE FUNCTION appointment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE s integer := pg_backend_pid() % ${COUNTER_SHARDS};
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE appointment_counts SET n = n - 1 WHERE status = OLD.status AND shard = s;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            UPDATE appointment_counts SET n = n + 1 WHERE status = NEW.status AND shard = s;
          END IF;
          RETURN NULL;
        END $$`).execute(db);
    },
    async down() {
      throw new Error('the counter shard migration is not reversible');
    },
  };
}
