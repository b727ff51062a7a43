// Codes other systems read (docs/abdm.md, decision 063): a parameter's LOINC code and its display name,
// a test's LOINC panel code, and the patient's ABHA number and ABHA address on the account, on a family
// member and on a booking (what the report prints and the FHIR Patient carries). All nullable: a
// parameter without a code still reports (the FHIR output then names it by text), and most people
// have no ABHA yet.
import type { Kysely, Migration } from 'kysely';

export function healthRecordCodes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('test_parameters').addColumn('loinc_code', 'text').execute();
      await db.schema.alterTable('test_parameters').addColumn('loinc_display', 'text').execute();
      await db.schema.alterTable('tests').addColumn('loinc_code', 'text').execute();
      for (const table of ['users', 'appointments', 'family_members']) {
        await db.schema.alterTable(table).addColumn('abha_number', 'text').execute();
        await db.schema.alterTable(table).addColumn('abha_address', 'text').execute();
      }
    },
    async down() {
      throw new Error('the health record codes migration is not reversible');
    },
  };
}
