// The catalogue's steady state reads no table, and an edit by staff on one process shows on another
// within a second (two apps on one database, as two server processes would be: SQLite file or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, makeApp, queriesRun, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

interface Row {
  id: number;
  name: string;
  price: number;
}

describe('catalogue version across processes', () => {
  let one: TestApp;
  let two: TestApp;
  let staff: StaffAccount;
  beforeAll(async () => {
    // E-mail jobs only when a test asks: by default a test app delivers them (queries) after each answer.
    one = await makeApp({}, { sqliteFile: true, mailJobs: 'manual' });
    two = await makeApp({}, { shareDatabaseOf: one, mailJobs: 'manual' });
    staff = await createStaff(one.app);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const list = async (t: TestApp) => json<Row[]>(await t.app.inject({ method: 'GET', url: '/api/tests/' }));

  it('answers repeated guest reads without a query', async () => {
    await list(two);
    const before = await queriesRun(two);
    for (let i = 0; i < 20; i++) expect((await list(two)).length).toBeGreaterThan(0);
    expect(await queriesRun(two)).toBe(before);
  });

  it("shows another process's staff edit within a second, and this process's at once", async () => {
    const target = (await list(two))[0]!;
    const edit = (t: TestApp, price: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/staff/tests/${target.id}`, headers: { authorization: `Bearer ${staff.access}` }, payload: { price } });

    expect((await edit(one, target.price + 11)).statusCode).toBe(200);
    expect((await list(one)).find((r) => r.id === target.id)!.price).toBe(target.price + 11);
    await vi.waitFor(async () => expect((await list(two)).find((r) => r.id === target.id)!.price).toBe(target.price + 11), { timeout: 1000, interval: 20 });

    expect((await edit(two, target.price)).statusCode).toBe(200);
    expect((await list(two)).find((r) => r.id === target.id)!.price).toBe(target.price);
    await vi.waitFor(async () => expect((await list(one)).find((r) => r.id === target.id)!.price).toBe(target.price), { timeout: 1000, interval: 20 });
  });
});
