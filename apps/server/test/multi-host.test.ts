// More than one machine (README: several server processes on one PostgreSQL behind any load
// balancer; decision 076): network namespaces on this machine stand for two app hosts, a database host
// and a balancer host (test/multi-host/). The built server (dist/main.js) runs on each app host, nginx
// balances to both, and a booking load goes through nginx while one app host's server is killed with
// SIGKILL. Then: every booking answered 201 is in the database, no slot holds more than its seats, the
// bills' invoice numbers are distinct and consecutive, and, the killed host back up, each booking's
// reminder is sent exactly once by the two hosts' job runners between them.
// Runs on the PostgreSQL run of the suite (its own PostgreSQL in a namespace; the SQLite run skips it),
// as root with `ip netns`, after `npm run build`; otherwise it prints why it is skipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type AppHost, killHard, MAIN_JS, NGINX, PG_BIN, startBalancer, startPostgres, startServer } from './multi-host/hosts.ts';
import { makeNetwork, namespacesOf, netnsUnavailable, type Network, removeStale } from './multi-host/network.ts';
import { isPostgres, openDate } from './helpers.ts';

const SLOTS = 20;
const SEATS = 7;
/** requests per slot: more than its seats, so the hosts race for the last ones */
const PER_SLOT = 9;
/** the share of requests answered before one app host is killed */
const KILL_AFTER = 0.4;
const CONCURRENCY = 16;

function skipReason(): string | null {
  if (!isPostgres) return 'needs PostgreSQL: the suite\'s PostgreSQL run (DATABASE_URL=postgres://…) runs it; the SQLite run does not';
  if (!existsSync(MAIN_JS)) return 'no built server: run npm run build first (npm test does)';
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return `no PostgreSQL binaries in ${PG_BIN}`;
  if (!existsSync(NGINX)) return `no nginx at ${NGINX}`;
  const netns = netnsUnavailable();
  return netns ? `no netns (${netns})` : null;
}

const skip = skipReason();
if (skip) console.log(`multi-host test skipped: ${skip}`);

let net: Network | undefined;
let client: pg.Client | undefined;
afterAll(async () => {
  await client?.end().catch(() => {});
  net?.teardown();
});

const slotTime = (i: number) => {
  const minutes = 9 * 60 + (i % SLOTS) * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** "HH:MM" and the date, India time, of an instant */
const indiaAt = (ms: number) => {
  const iso = new Date(ms + 330 * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

const subjectsIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '') : [];

it.skipIf(skip !== null)('keeps every answered booking, seats, invoice numbers and reminders right when one of two app hosts is killed mid-load', { timeout: 240_000 }, async () => {
  const stale = removeStale();
  if (stale.length) console.log(`multi-host: removed what a killed run left: ${stale.join(', ')}`);
  net = makeNetwork(['lb', 'a', 'b', 'db']);
  const databaseUrl = startPostgres(net);
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const db = client;

  // The first host migrates and seeds the empty database; the second starts on it after.
  let a: AppHost = await startServer(net, 'a', databaseUrl, 1);
  const date = openDate(3);
  await db.query(`insert into slot_overrides (date, closed, opens, closes, centre_seats, home_seats, note) values ($1, 0, null, null, $2, null, 'multi-host test')`, [date, SEATS]);
  const b = await startServer(net, 'b', databaseUrl, 1);
  const lb = await startBalancer(net, ['a', 'b']);
  const testId = ((await (await fetch(`${lb}/api/tests/`)).json()) as Array<{ id: number }>)[0]!.id;

  // The load: SLOTS × PER_SLOT bookings through nginx, CONCURRENCY at a time; host a is killed once
  // KILL_AFTER of them are answered.
  const total = SLOTS * PER_SLOT;
  const answers: Array<{ status: number; id?: string; reference?: string; error?: string }> = [];
  let next = 0;
  let killed: Promise<void> | undefined;
  const book = async (i: number) => {
    try {
      const res = await fetch(`${lb}/api/appointments/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ date, time: slotTime(i), user_name: 'Asha Verma', user_email: `multi${i}@example.in`, user_phone: '9876543210', tests: [testId] }),
      });
      const text = await res.text();
      let body: { id?: string; reference?: string; error?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // nginx's own error page
      }
      answers.push({ status: res.status, id: body.id, reference: body.reference, error: body.error });
    } catch (err) {
      answers.push({ status: 0, error: String(err) });
    }
    if (!killed && answers.length >= total * KILL_AFTER) killed = killHard(a);
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await book(next++);
    }),
  );
  await killed;
  expect(a.child.signalCode).toBe('SIGKILL');

  const byStatus = answers.reduce<Record<number, number>>((n, x) => ({ ...n, [x.status]: (n[x.status] ?? 0) + 1 }), {});
  console.log(`multi-host: ${total} bookings through nginx, answers by status ${JSON.stringify(byStatus)}`);
  const booked = answers.filter((x) => x.status === 201);
  // Only seats running out (409) or the balancer losing the killed host mid-request (502) may refuse one.
  expect(answers.filter((x) => ![201, 409, 502].includes(x.status))).toEqual([]);
  expect(booked.length).toBeGreaterThan(total * KILL_AFTER * 0.5);
  // after the kill nginx sends on to host b: bookings were still taken
  expect(answers.slice(Math.ceil(total * KILL_AFTER) + CONCURRENCY).filter((x) => x.status === 201).length).toBeGreaterThan(0);

  // 1. Every acknowledged booking is in the database.
  const { rows: held } = await db.query<{ id: string; reference: string; time: string }>(`select id, reference, time from appointments where date = $1 and status <> 'cancelled'`, [date]);
  const heldIds = new Set(held.map((r) => r.id));
  expect(booked.filter((x) => !x.id || !heldIds.has(x.id))).toEqual([]);

  // 2. No slot holds more than its seats, and each slot's seat count is its bookings.
  const { rows: seats } = await db.query<{ slot: string; taken: number }>(`select slot, taken from slot_seats where date = $1 and kind = 'centre'`, [date]);
  for (let s = 0; s < SLOTS; s++) {
    const inSlot = held.filter((r) => r.time === slotTime(s)).length;
    expect(inSlot, slotTime(s)).toBeLessThanOrEqual(SEATS);
    expect(Number(seats.find((r) => r.slot === slotTime(s))?.taken ?? 0), slotTime(s)).toBe(inSlot);
  }

  // 3. Invoice numbers: one bill per booking, numbered 1…n within the year, none twice, none skipped.
  const { rows: bills } = await db.query<{ invoice_no: string; appointment_id: string }>(`select invoice_no, appointment_id from bills`);
  expect(bills.map((r) => r.appointment_id).sort()).toEqual([...heldIds].sort());
  const numbers = bills.map((r) => Number(r.invoice_no.split('/')[2])).sort((x, y) => x - y);
  expect(numbers).toEqual(Array.from({ length: bills.length }, (_, i) => i + 1));

  // 4. Reminders, exactly once with both hosts' runners polling. Host a comes back first. The evening
  // before the visit is then made to have come (the servers run on the real clock): every booking moves
  // to two hours from now, India time, and its reminder job falls due now.
  a = await startServer(net, 'a', databaseUrl, 2);
  const soon = indiaAt(Date.now() + 2 * 3_600_000);
  await db.query('begin');
  await db.query(`update appointments set date = $1, time = $2 where date = $3`, [soon.date, soon.time, date]);
  const { rowCount: due } = await db.query(`update mail_jobs set run_at = $1 where kind = 'reminder' and state = 'queued'`, [new Date(Date.now() - 1_000).toISOString()]);
  await db.query('commit');
  expect(due).toBe(held.length);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query<{ state: string; n: number }>(`select state, count(*)::int as n from mail_jobs where kind = 'reminder' group by state`);
    if (rows.every((r) => r.state === 'sent')) break;
    if (Date.now() > deadline) throw new Error(`reminders not all sent: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const remindersIn = (dir: string) => subjectsIn(dir).filter((s) => s.startsWith('Reminder:'));
  const subjects = [...remindersIn(a.outbox), ...remindersIn(b.outbox)];
  const perBooking = held.map((r) => subjects.filter((s) => s.includes(r.reference)).length);
  expect(perBooking.filter((n) => n !== 1)).toEqual([]);
  const sentBy = [a, b].map((h) => remindersIn(h.outbox).length);
  console.log(`multi-host: ${held.length} reminders, sent by host a ${sentBy[0]} and host b ${sentBy[1]}`);
  expect(sentBy[0]! + sentBy[1]!).toBe(held.length);

  // The run leaves no namespace behind.
  const id = net.id;
  await db.end();
  client = undefined;
  net.teardown();
  expect(namespacesOf(id)).toEqual([]);
});
