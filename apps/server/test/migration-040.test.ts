// Migration 040 on a database seeded before it (decision 051): the careers' made-up application address
// becomes the lab's own e-mail address, as an admin set it in the lab's details; other links stay as
// they are. SQLite and, with DATABASE_URL, PostgreSQL.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { withDatabaseAt } from './helpers.ts';

describe('migration 040 on a database with the old demo careers', () => {
  it("points the made-up careers address at the lab's own address and leaves other links alone", async () => {
    await withDatabaseAt('037-email-proof', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const row = await raw.selectFrom('lab_details').select('details_json').where('id', '=', 1).executeTakeFirstOrThrow();
      await raw.updateTable('lab_details').set({ details_json: JSON.stringify({ ...JSON.parse(row.details_json), email: 'jobs@sharmalab.in' }) }).where('id', '=', 1).execute();
      const career = (title: string, application_link: string) => ({ job_title: title, description: 'A job.', posted_on: '2026-10-01', is_open: 1, application_link, job_title_hi: null, description_hi: null });
      await raw
        .insertInto('careers')
        .values([career('Phlebotomist', 'mailto:careers@labcentre.example?subject=Phlebotomist'), career('Front Desk', 'https://jobs.example.in/front-desk')])
        .execute();

      await migrateToLatest(db, dialect);

      const links = await raw.selectFrom('careers').select(['job_title', 'application_link']).orderBy('job_title').execute();
      expect(links).toEqual([
        { job_title: 'Front Desk', application_link: 'https://jobs.example.in/front-desk' },
        { job_title: 'Phlebotomist', application_link: 'mailto:jobs@sharmalab.in?subject=Phlebotomist' },
      ]);
    });
  });
});
