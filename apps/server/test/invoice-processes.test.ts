// Invoice numbers with two server processes on one PostgreSQL (docs/features.md#payments): two real processes
// (main.ts) on a database of their own take 200 bookings at once between them; the bills carry 200
// distinct, consecutive numbers. PostgreSQL only: several processes need it (docs/operations.md), SQLite is one
// process (test/payments.test.ts covers 200 bookings at once there).
import { hoursOn, inIndia } from '@lab/contract';
import { expect, it } from 'vitest';
import { DEFAULT_LAB_DETAILS } from '../src/db/seed/lab-details.ts';
import { freshDatabase } from './fresh-database.ts';
import { serverProcesses } from './server-processes.ts';
import { isPostgres, spreadVisit } from './helpers.ts';

const { startServer, cleanups } = serverProcesses();

function openDay(ahead: number): string {
  for (let d = ahead; ; d++) {
    const date = inIndia(Date.now() + d * 86_400_000).date;
    if (hoursOn(DEFAULT_LAB_DETAILS, date)) return date;
  }
}

it.skipIf(!isPostgres)('gives 200 bookings arriving at two processes at once 200 distinct consecutive invoice numbers', { timeout: 240_000 }, async () => {
  const url = await freshDatabase('lab_invoices', cleanups);
  // The first process migrates and seeds the empty database; the second starts on it after.
  const first = await startServer(url);
  const second = await startServer(url);
  const testId = ((await (await fetch(`${first}/api/tests/`)).json()) as { id: number }[])[0]!.id;
  const date = openDay(3);
  const ids = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const res = await fetch(`${i % 2 ? second : first}/api/appointments/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // one of the day's 24 slots each (slots have seats: at most 9 bookings in one)
        body: JSON.stringify({ date, time: spreadVisit(i).time, user_name: 'Parallel Patient', user_email: 'parallel@example.com', user_phone: '9876543210', tests: [testId] }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    }),
  );
  const numbers = await Promise.all(ids.map(async (id, i) => ((await (await fetch(`${i % 2 ? first : second}/api/billing/${id}/`)).json()) as { invoice_no: string }).invoice_no));
  expect(new Set(numbers).size).toBe(200);
  const sequence = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
});
