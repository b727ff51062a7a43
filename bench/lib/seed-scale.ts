// Seeds a lab's years of data straight into a migrated SQLite file, in SQL set operations rather than
// row by row through the API: SEED_APPOINTMENTS appointments (default 1,000,000) spread over three
// years, each with one test and its bill, booked by 100,000 accounts, and one staff admin. The
// database's own triggers keep the status counters and the search index as they would in service.
// Guest bookings past the contact period are seeded erased, as the daily retention job leaves them.
// PostgreSQL (seedScalePostgres): the same rows from generate_series, with the row triggers switched
// off for the session (a million counter updates in one transaction would each walk the row's chain of
// versions) and the counters added once, grouped; the trigram index is kept by PostgreSQL itself.
import Database from 'better-sqlite3';
import pg from 'pg';
import { addDays, todayIst } from '../../apps/server/src/lib/time.ts';

export interface ScaleSeed {
  appointments: number;
  users: number;
  seconds: number;
  /** the file of an earlier run, used again (SCALE_DB): nothing was seeded this time */
  reused?: string;
}

const FIRST = ['Aarav', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Lakshmi', 'Arjun', 'Meera', 'Rohan', 'Kavya', 'Sanjay', 'Divya', 'Imran', 'Fatima', 'Joseph', 'Sunita'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Das', 'Menon', 'Patel', 'Rao', 'Singh', 'Kulkarni', 'Ramachandran', 'Banerjee', 'Fernandes', 'Joshi'];
const STATUS = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'cancelled', 'booked', 'booked', 'approved', 'approved', 'sample_collected', 'completed'];

/** the first day of the seeded years; appointment i is `i * 1095 / appointments` days later */
const FIRST_DAY = '2023-12-01';

/**
 * Whether appointment i is a guest booking whose contact details the retention job has erased by now
 * (RETENTION_GUEST_CONTACT_DAYS, 365 by default, after the visit): the data as a lab running the daily
 * job holds it, not a backlog the server's first run would start erasing in the middle of the bench.
 */
function contactErased(appointments: number, dayOffset: (expr: string) => string): string {
  const cutoff = addDays(todayIst(), -Number(process.env.RETENTION_GUEST_CONTACT_DAYS ?? 365));
  const days = Math.round((Date.parse(cutoff) - Date.parse(FIRST_DAY)) / 86_400_000);
  return `(i % 3 = 0 AND ${dayOffset(`i * 1095 / ${appointments}`)} < ${days})`;
}

/** `list[i % n]` as SQL, for names and statuses that vary with the row number */
const pick = (list: readonly string[], expr: string) => `(CASE (${expr}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END)`;

export function seedScale(file: string, appointments: number, users: number, staff: { username: string; email: string; passwordHash: string }): ScaleSeed {
  const started = Date.now();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const now = new Date().toISOString();
  const seq = (n: number) => `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})`;
  const name = `${pick(FIRST, 'i * 7')} || ' ' || ${pick(LAST, 'i / 3')}`;
  const test = db.prepare('SELECT id, name, price_paise FROM tests WHERE active = 1 ORDER BY id LIMIT 1').get() as { id: number; name: string; price_paise: number };
  db.transaction(() => {
    db.prepare(
      `INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, staff_role, created_at)
       VALUES (?, lower(?), ?, lower(?), ?, 'Bench', 'Admin', 'staff', 'admin', ?)`,
    ).run(staff.username, staff.username, staff.email, staff.email, staff.passwordHash, now);
    db.exec(`${seq(users)} INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, created_at)
      SELECT 'patient' || i, 'patient' || i, 'patient' || i || '@example.com', 'patient' || i || '@example.com', '!', ${pick(FIRST, 'i * 7')}, ${pick(LAST, 'i / 3')}, 'patient', '${now}' FROM seq`);
    const firstUser = (db.prepare("SELECT min(id) AS id FROM users WHERE role = 'patient' AND username LIKE 'patient%'").get() as { id: number }).id;
    const erased = contactErased(appointments, (e) => `(${e})`);
    db.exec(`${seq(appointments)} INSERT INTO appointments (id, reference, user_id, user_name, user_name_key, user_email, user_phone, date, time, home_sample, address, status, package_id, created_at, updated_at, contact_erased_at)
      SELECT printf('bench%011d', i), printf('LB-%07d', i), CASE WHEN i % 3 = 0 THEN NULL ELSE ${firstUser} + (i % ${users}) END,
        ${name}, lower(${name}), CASE WHEN ${erased} THEN '' ELSE 'patient' || (i % ${users}) || '@example.com' END,
        CASE WHEN ${erased} THEN '' ELSE '+91 98' || printf('%03d %05d', i / 100000, i % 100000) END,
        date('${FIRST_DAY}', '+' || (i * 1095 / ${appointments}) || ' days'), printf('%02d:%02d', 9 + i % 12, (i % 4) * 15), i % 2, '',
        ${pick(STATUS, 'i')}, NULL, '${now}', '${now}', CASE WHEN ${erased} THEN '${now}' END FROM seq`);
    db.exec(`INSERT INTO appointment_tests (appointment_id, test_id, position, name, price_paise)
      SELECT id, ${test.id}, 0, '${test.name.replace(/'/g, "''")}', ${test.price_paise} FROM appointments WHERE id LIKE 'bench%'`);
    db.exec(`INSERT INTO bills (appointment_id, generated_at, total_paise, is_paid)
      SELECT id, '${now}', ${test.price_paise}, 0 FROM appointments WHERE id LIKE 'bench%'`);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
  return { appointments, users, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/**
 * The same data as seedScale, into a migrated PostgreSQL database (the catalogue already seeded), in
 * one transaction. `appointment_counts` gets the seeded rows' counts on shard 0, as the triggers would.
 */
export async function seedScalePostgres(url: string, appointments: number, users: number, staff: { username: string; email: string; passwordHash: string }): Promise<ScaleSeed> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date().toISOString();
    const pad = (expr: string, n: number) => `lpad((${expr})::text, ${n}, '0')`;
    const name = `${pick(FIRST, 'i * 7')} || ' ' || ${pick(LAST, 'i / 3')}`;
    const test = (await client.query<{ id: number; name: string; price_paise: number }>('SELECT id, name, price_paise FROM tests WHERE active = 1 ORDER BY id LIMIT 1')).rows[0]!;
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, staff_role, created_at)
       VALUES ($1, lower($1), $2, lower($2), $3, 'Bench', 'Admin', 'staff', 'admin', $4)`,
      [staff.username, staff.email, staff.passwordHash, now],
    );
    await client.query(`INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, created_at)
      SELECT 'patient' || i, 'patient' || i, 'patient' || i || '@example.com', 'patient' || i || '@example.com', '!', ${pick(FIRST, 'i * 7')}, ${pick(LAST, 'i / 3')}, 'patient', '${now}'
      FROM generate_series(1, ${users}) AS i`);
    const firstUser = (await client.query<{ id: number }>("SELECT min(id) AS id FROM users WHERE role = 'patient' AND username LIKE 'patient%'")).rows[0]!.id;
    const erased = contactErased(appointments, (e) => `(${e.replace(/^i /, 'i::bigint ')})`);
    await client.query(`INSERT INTO appointments (id, reference, user_id, user_name, user_name_key, user_email, user_phone, date, time, home_sample, address, status, package_id, created_at, updated_at, contact_erased_at)
      SELECT 'bench' || ${pad('i', 11)}, 'LB-' || ${pad('i', 7)}, CASE WHEN i % 3 = 0 THEN NULL ELSE ${firstUser} + (i % ${users}) END,
        ${name}, lower(${name}), CASE WHEN ${erased} THEN '' ELSE 'patient' || (i % ${users}) || '@example.com' END,
        CASE WHEN ${erased} THEN '' ELSE '+91 98' || ${pad('i / 100000', 3)} || ' ' || ${pad('i % 100000', 5)} END,
        to_char(date '${FIRST_DAY}' + (i::bigint * 1095 / ${appointments})::integer, 'YYYY-MM-DD'), ${pad('9 + i % 12', 2)} || ':' || ${pad('(i % 4) * 15', 2)}, i % 2, '',
        ${pick(STATUS, 'i')}, NULL, '${now}', '${now}', CASE WHEN ${erased} THEN '${now}' END
      FROM generate_series(1, ${appointments}) AS i`);
    await client.query(`INSERT INTO appointment_tests (appointment_id, test_id, position, name, price_paise)
      SELECT id, $1, 0, $2, $3 FROM appointments WHERE id LIKE 'bench%'`, [test.id, test.name, test.price_paise]);
    await client.query(`INSERT INTO bills (appointment_id, generated_at, total_paise, is_paid)
      SELECT id, $1, $2, 0 FROM appointments WHERE id LIKE 'bench%'`, [now, test.price_paise]);
    await client.query(`UPDATE appointment_counts c SET n = c.n + s.n
      FROM (SELECT status, count(*) AS n FROM appointments WHERE id LIKE 'bench%' GROUP BY status) s
      WHERE c.status = s.status AND c.shard = 0`);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
  return { appointments, users, seconds: Math.round((Date.now() - started) / 100) / 10 };
}
