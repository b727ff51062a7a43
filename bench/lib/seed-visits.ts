// A year of a busy lab's visits, as the sample benches seed them straight into a migrated database
// (bench/samples-queue.ts, bench/tat-screen.ts): one appointment per PER_VISIT containers, inserted a
// thousand at a time, and the SQL pieces their containers are then inserted with in one statement (a
// series of container numbers, each container's visit, instants counted from the year's start).
import type { Insertable, Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { AppointmentsTable, Database } from '../../apps/server/src/db/schema.ts';
import { appointmentRow } from './appointment-rows.ts';

/** the first container's instant; the benches space them 105 s apart, a year in all */
export const YEAR_START = '2025-12-01 03:00:00';

export interface YearOfVisits {
  visits: number;
  /** the seeding's moment: the rows' created_at */
  at: string;
  /** the container numbers 0 … containers - 1, as a table `seq` of one column `i` */
  series: RawBuilder<unknown>;
  /** the ISO instant `seconds` (an SQL expression of i) after YEAR_START */
  iso(seconds: string): RawBuilder<unknown>;
  /** container i's visit (appointment id) */
  visitId: RawBuilder<unknown>;
}

export async function seedVisits(
  db: Kysely<Database>,
  database: 'sqlite' | 'postgres',
  o: { containers: number; perVisit: number; status: (n: number, visits: number) => Insertable<AppointmentsTable>['status'] },
): Promise<YearOfVisits> {
  const visits = Math.ceil(o.containers / o.perVisit);
  const at = new Date().toISOString();
  for (let i = 0; i < visits; i += 1000) {
    await db
      .insertInto('appointments')
      .values(
        Array.from({ length: Math.min(1000, visits - i) }, (_, k) => {
          const n = i + k;
          return appointmentRow(
            {
              id: `tat${String(n).padStart(13, '0')}`,
              user_name: `Patient ${n}`,
              reference: `LC-T${String(n).padStart(8, '0')}`,
              user_email: `patient${n}@example.com`,
              user_phone: `98${String(n).padStart(8, '0')}`,
              date: '2026-01-05',
              home_sample: 0,
              address: '',
              status: o.status(n, visits),
            },
            at,
          );
        }),
      )
      .execute();
  }
  const series =
    database === 'postgres'
      ? sql`generate_series(0, ${o.containers - 1}) as seq(i)`
      : sql`(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${o.containers - 1}) select i from s) as seq`;
  const iso = (seconds: string) =>
    database === 'postgres'
      ? sql.raw(`to_char(timestamp '${YEAR_START}' + (${seconds}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`)
      : sql.raw(`strftime('%Y-%m-%dT%H:%M:%S.000Z', '${YEAR_START}', '+' || (${seconds}) || ' seconds')`);
  const visitId =
    database === 'postgres' ? sql.raw(`'tat' || lpad((i / ${o.perVisit})::text, 13, '0')`) : sql.raw(`'tat' || substr('0000000000000' || (i / ${o.perVisit}), -13, 13)`);
  return { visits, at, series, iso, visitId };
}
