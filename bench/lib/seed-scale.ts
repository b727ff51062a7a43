// Seeds a lab's years of data straight into a migrated SQLite file, in SQL set operations rather than
// row by row through the API: SEED_APPOINTMENTS appointments (default 1,000,000) spread over three
// years, each with one test and its bill, booked by 100,000 accounts, and one staff admin. The
// database's own triggers keep the status counters and the search index as they would in service.
import Database from 'better-sqlite3';

export interface ScaleSeed {
  appointments: number;
  users: number;
  seconds: number;
}

const FIRST = ['Aarav', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Lakshmi', 'Arjun', 'Meera', 'Rohan', 'Kavya', 'Sanjay', 'Divya', 'Imran', 'Fatima', 'Joseph', 'Sunita'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Das', 'Menon', 'Patel', 'Rao', 'Singh', 'Kulkarni', 'Ramachandran', 'Banerjee', 'Fernandes', 'Joshi'];
const STATUS = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'cancelled', 'booked', 'booked', 'approved', 'approved', 'sample_collected', 'completed'];

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
    db.exec(`${seq(appointments)} INSERT INTO appointments (id, reference, user_id, user_name, user_name_key, user_email, user_phone, date, time, home_sample, address, status, package_id, created_at, updated_at)
      SELECT printf('bench%011d', i), printf('LB-%07d', i), CASE WHEN i % 3 = 0 THEN NULL ELSE ${firstUser} + (i % ${users}) END,
        ${name}, lower(${name}), 'patient' || (i % ${users}) || '@example.com', '+91 98' || printf('%03d %05d', i / 100000, i % 100000),
        date('2023-12-01', '+' || (i * 1095 / ${appointments}) || ' days'), printf('%02d:%02d', 9 + i % 12, (i % 4) * 15), i % 2, '',
        ${pick(STATUS, 'i')}, NULL, '${now}', '${now}' FROM seq`);
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
