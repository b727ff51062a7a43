// Seeds an empty database with the demo catalogue and content (or SEED_TESTS generated tests).
import { blogAuthorsHi, blogsHi, careersHi, categoryNamesHi, localitiesHi, offersHi, packagesHi, planNamesHi, preparationsHi, testNamesHi } from './hindi.ts';
import type { Kysely } from 'kysely';
import { nameKey } from '../../lib/name-key.ts';
import { addDays, nowIso, todayIst } from '../../lib/time.ts';
import type { Database } from '../schema.ts';
import { categories, demoTests, generatedTests, preparations } from './catalogue.ts';
import { blogs, careers, offers, packages, plans, servedPins } from './content.ts';
import { parametersByTest } from './reference-ranges.ts';
import { loincByParameter, loincPanelByTest, snomedBySampleType } from './loinc.ts';

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

export async function seed(db: Kysely<Database>, options: { tests?: number } = {}): Promise<void> {
  const now = nowIso();
  const today = todayIst();
  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const c of categories) {
      const row = await trx.insertInto('categories').values({ ...c, name_key: nameKey(c.name), name_hi: categoryNamesHi[c.slug] ?? null }).returning('id').executeTakeFirstOrThrow();
      categoryIds.set(c.slug, row.id);
    }
    const rows = Object.entries(demoTests).flatMap(([slug, tests]) =>
      tests.map(([name, rupees]) => ({
        category_id: categoryIds.get(slug)!,
        name,
        name_key: nameKey(name),
        name_hi: testNamesHi[name] ?? null,
        price_paise: rupees * 100,
        active: 1 as const,
        created_at: now,
      })),
    );
    if (options.tests && options.tests > rows.length) {
      for (const t of generatedTests(options.tests - rows.length)) {
        rows.push({ category_id: categoryIds.get(t.category)!, name: t.name, name_key: nameKey(t.name), name_hi: null, price_paise: t.rupees * 100, active: 1, created_at: now });
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await trx.insertInto('tests').values(rows.slice(i, i + 500)).execute();
    }
    const testIds = new Map(
      (await trx.selectFrom('tests').select(['id', 'name']).execute()).map((t) => [t.name, t.id] as const),
    );

    await trx.insertInto('service_pins').values(servedPins.map((p) => ({ ...p, locality_hi: localitiesHi[p.locality] ?? null }))).execute();
    for (const [name, p] of Object.entries(preparations)) {
      const testId = testIds.get(name);
      if (testId === undefined) throw new Error(`preparation names a test the catalogue lacks: ${name}`);
      const preparation_hi = preparationsHi[name];
      if (preparation_hi === undefined) throw new Error(`preparation of ${name} has no Hindi in seed/hindi.ts`);
      await trx.updateTable('tests').set({ ...p, preparation_hi }).where('id', '=', testId).execute();
    }

    // LOINC panel codes and parameter codes: seed/loinc.ts says where they come from
    for (const [testName, code] of Object.entries(loincPanelByTest)) {
      const testId = testIds.get(testName);
      if (testId === undefined) throw new Error(`a LOINC panel names a test the catalogue lacks: ${testName}`);
      await trx.updateTable('tests').set({ loinc_code: code }).where('id', '=', testId).execute();
    }
    for (const [testName, parameters] of Object.entries(parametersByTest)) {
      const testId = testIds.get(testName);
      if (testId === undefined) throw new Error(`reference ranges name a test the catalogue lacks: ${testName}`);
      for (const [position, { intervals, choices, ...p }] of parameters.entries()) {
        const row = await trx
          .insertInto('test_parameters')
          .values({ ...p, test_id: testId, choices_json: choices ? JSON.stringify(choices) : null, sort_order: position, active: 1, loinc_code: loincByParameter[p.name]?.[0] ?? null, loinc_display: loincByParameter[p.name]?.[1] ?? null, specimen_code: snomedBySampleType[p.sample_type]?.[0] ?? null })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (intervals.length > 0) {
          await trx.insertInto('reference_intervals').values(intervals.map((i) => ({ ...i, parameter_id: row.id, age_unit: 'years' as const, age_to: null }))).execute();
        }
      }
    }

    await trx
      .insertInto('membership_plans')
      .values(plans.map((p) => ({ name: p.name, name_hi: planNamesHi[p.name] ?? null, price_paise: p.rupees * 100, discount_percentage: p.discount_percentage, duration_days: p.duration_days, active: 1 as const })))
      .execute();

    for (const p of packages) {
      const row = await trx
        .insertInto('packages')
        .values({ name: p.name, description: p.description, price_paise: p.rupees * 100, active: 1, name_hi: packagesHi[p.name]?.name ?? null, description_hi: packagesHi[p.name]?.description ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('package_tests')
        .values(p.tests.map((name) => ({ package_id: row.id, test_id: testIds.get(name)! })))
        .execute();
    }

    for (const { tests, ...o } of offers) {
      const row = await trx
        .insertInto('offers')
        .values({
          description: o.description,
          description_hi: offersHi[o.description] ?? null,
          discount_percentage: o.discount_percentage,
          category_id: o.category ? categoryIds.get(o.category)! : null,
          start_date: addDays(today, o.from),
          end_date: addDays(today, o.till),
          active: o.active,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (tests.length > 0) await trx.insertInto('offer_tests').values(tests.map((name) => ({ offer_id: row.id, test_id: testIds.get(name)! }))).execute();
    }

    await trx
      .insertInto('careers')
      .values(careers.map(({ daysAgo, ...c }) => ({ ...c, posted_on: addDays(today, -daysAgo), job_title_hi: careersHi[c.job_title]?.job_title ?? null, description_hi: careersHi[c.job_title]?.description ?? null })))
      .execute();

    await trx
      .insertInto('blogs')
      .values(
        blogs.map(({ daysAgo, ...b }) => {
          const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
          return { ...b, published: 1 as const, created_at: at, updated_at: at, title_hi: blogsHi[b.title]?.title ?? null, content_hi: blogsHi[b.title]?.content ?? null, author_hi: blogAuthorsHi[b.author] ?? null };
        }),
      )
      .execute();
  });
}
