// Accession numbers with two server processes on one PostgreSQL (docs/samples.md): two real processes
// (main.ts) on a database of their own record 200 collections at once between them; the containers carry
// 200 distinct, consecutive numbers of the day. PostgreSQL only: several processes need it
// (docs/operations.md); SQLite is one process (test/samples.test.ts covers 200 collections at once there).
import { expect, it } from 'vitest';
import { freshDatabase } from './fresh-database.ts';
import { serverProcesses } from './server-processes.ts';
import { bearer, isPostgres, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

const { startServer, cleanups } = serverProcesses();

it.skipIf(!isPostgres)('gives 200 collections arriving at two processes at once 200 distinct consecutive accession numbers', { timeout: 300_000 }, async () => {
  const url = await freshDatabase('lab_samples', cleanups);
  // The first process migrates and seeds the empty database; the second starts on it after.
  const first = await startServer(url, { PUBLIC_URL: 'http://lab.test' });
  const second = await startServer(url, { PUBLIC_URL: 'http://lab.test' });
  // the staff and the approved visits are made through an app of this process on the same database
  const local = await makeApp({ RATE_LIMITS: 'off' }, { shareDatabaseOf: { database: { url, schema: undefined } } as TestApp });
  cleanups.push(() => local.close());
  const desk = await createStaff(local.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
  const cbc = ((await local.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[]).find((x) => x.name === 'Complete Blood Count (CBC)')!.id;
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    const id = await book(local.app, { tests: [cbc] });
    const approved = await local.app.inject({ method: 'POST', url: `/api/staff/appointments/${id}/status`, headers: bearer(desk), payload: { status: 'approved' } });
    expect(approved.statusCode, approved.body).toBe(200);
    ids.push(id);
  }
  const numbers = await Promise.all(
    ids.map(async (id, i) => {
      const res = await fetch(`${i % 2 ? second : first}/api/staff/samples/appointments/${id}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(desk) },
        body: '{}',
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { samples: Array<{ accession: string }> }).samples[0]!.accession;
    }),
  );
  expect(new Set(numbers).size).toBe(200);
  const sequence = numbers.map((n) => Number(n.slice(7))).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
});
