// The SNOMED CT code of a parameter's sample type (docs/abdm.md): staff set it in the catalogue beside
// the sample type's words, and the FHIR Specimen of a report released afterwards carries it. Nullable:
// without one, the Specimen is coded from the sample type's words where they are listed, else carried as
// text.
import type { Kysely, Migration } from 'kysely';

export function specimenCodes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('test_parameters').addColumn('specimen_code', 'text').execute();
    },
    async down() {
      throw new Error('the specimen codes migration is not reversible');
    },
  };
}
