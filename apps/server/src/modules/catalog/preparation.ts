// A test's preparation as stored (migration 009; the Hindi of its instructions, migration 031) read as
// the contract's Preparation in one language: the staff-written instructions in Hindi where written,
// the English otherwise. The catalogue list, the booking's confirmation and the reminder all read it
// here, so a Hindi reader gets the same words everywhere. The fasting hours and latest time are numbers;
// the sentences around them are the app's own words (web catalogues, mail/words).
import { type CombinedPreparation, combinePreparation, type Locale, type Preparation } from '@lab/contract';
import { inLanguage } from '../../lib/bilingual.ts';

export interface StoredPreparation {
  fasting_hours: number | null;
  preparation: string;
  preparation_hi: string | null;
  latest_time: string | null;
}

export function preparationIn(row: StoredPreparation, language: Locale): Preparation {
  return { fasting_hours: row.fasting_hours, instructions: inLanguage(language, row.preparation, row.preparation_hi), latest_time: row.latest_time };
}

/** what the tests together ask of the patient, their instructions in the language given */
export function combinedPreparationIn(rows: readonly StoredPreparation[], language: Locale): CombinedPreparation | null {
  return combinePreparation(rows.map((r) => preparationIn(r, language)));
}
