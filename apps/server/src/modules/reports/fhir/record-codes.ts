// What a released report keeps for other systems (docs/abdm.md): the LOINC codes of its parameters and
// panels, the SNOMED CT codes of their sample types (decision 064), the patient's ABHA number and address,
// and the containers drawn (the samples module's accession numbers), read in the release's transaction
// and frozen into the report's snapshot, as everything else it prints is (decision 018).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { ReportSnapshot } from '../snapshot.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface RecordCodes {
  parameters: Map<number, { code: string; display: string | null }>;
  /** the SNOMED CT code of each coded parameter's sample type */
  specimenCodes: Map<number, string>;
  panels: Map<string, string>;
  abha: { abha_number: string | null; abha_address: string | null };
  specimens: NonNullable<ReportSnapshot['specimens']>;
}

/** the codes, the ABHA and the containers of an appointment's report, as they stand now */
export async function recordCodesOf(db: Db, appointmentId: string, parameterIds: number[]): Promise<RecordCodes> {
  const [params, panels, who, samples, specimenCodes] = await Promise.all([
    parameterIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('test_parameters').select(['id', 'loinc_code', 'loinc_display']).where('id', 'in', parameterIds).where('loinc_code', 'is not', null).execute(),
    db
      .selectFrom('appointment_tests as at')
      .innerJoin('tests as t', 't.id', 'at.test_id')
      .select(['at.name', 't.loinc_code'])
      .where('at.appointment_id', '=', appointmentId)
      .where('t.loinc_code', 'is not', null)
      .execute(),
    db
      .selectFrom('appointments as a')
      .leftJoin('family_members as f', 'f.id', 'a.member_id')
      .select(['a.abha_number', 'a.abha_address', 'a.member_id', 'f.abha_number as member_abha_number', 'f.abha_address as member_abha_address'])
      .where('a.id', '=', appointmentId)
      .executeTakeFirst(),
    db
      .selectFrom('samples as s')
      .leftJoin('sample_tests as st', 'st.sample_id', 's.id')
      .leftJoin('appointment_tests as at', (j) => j.onRef('at.test_id', '=', 'st.test_id').onRef('at.appointment_id', '=', 's.appointment_id'))
      .select(['s.id', 's.accession', 's.container', 's.collected_at', 's.received_at', 's.problem', 'at.name'])
      .where('s.appointment_id', '=', appointmentId)
      .where('s.status', '!=', 'rejected')
      .orderBy('s.id')
      .execute(),
    parameterIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('test_parameters').select(['id', 'specimen_code']).where('id', 'in', parameterIds).where('specimen_code', 'is not', null).execute(),
  ]);
  // The booking's own ABHA first (a booking for oneself took the profile's, modules/booking); else the family
  // member's it was booked for. Never the account holder's: a booking need not be for them, and a report
  // must not name another person's ABHA.
  const own = who && (who.abha_number || who.abha_address) ? { abha_number: who.abha_number, abha_address: who.abha_address } : null;
  const member = who?.member_id != null ? { abha_number: who.member_abha_number ?? null, abha_address: who.member_abha_address ?? null } : null;
  const none = { abha_number: null, abha_address: null };
  const specimens: RecordCodes['specimens'] = [];
  for (const s of samples) {
    let kept = specimens.find((x) => x.accession === s.accession);
    if (!kept) specimens.push((kept = { accession: s.accession, container: s.container, collected_at: s.collected_at, received_at: s.received_at, tests: [], problem: s.problem }));
    if (s.name) kept.tests.push(s.name);
  }
  return {
    parameters: new Map(params.map((p) => [p.id, { code: p.loinc_code!, display: p.loinc_display }])),
    specimenCodes: new Map(specimenCodes.map((p) => [p.id, p.specimen_code!])),
    panels: new Map(panels.map((p) => [p.name, p.loinc_code!])),
    abha: own ?? member ?? none,
    specimens,
  };
}
