// The kept record of a released report: what its PDF prints and its verification shows, frozen at
// release. Read by the service, the PDF, the trends and the documents worker.
import type { Accreditation } from '@lab/contract';
import type { ResultFlag } from '../../db/schema.ts';

/** everything a released report prints, frozen at release: later catalogue edits never change it */
export interface ReportSnapshot {
  /** the lab as its details read at release; the accreditation as held then (absent in reports released before it was kept);
   * address_hi: the address as the lab wrote it in Hindi, for the Hindi report (absent when none was written, or released before it was kept) */
  lab: { name: string; address: string[]; address_hi?: string[]; phone: string; email: string; accreditation?: Accreditation | null };
  /** booking_reference: the reference people read ("LC-7K4M-Q2"), printed on the PDF (absent in reports released before it was kept: the PDF reads the appointment's) */
  patient: {
    name: string;
    age: string;
    sex: string;
    booking_id: string;
    booking_reference?: string;
    /** the ABHA number (14 digits) and address as known at release (absent before they were kept, or when the patient has none) */
    abha_number?: string | null;
    abha_address?: string | null;
  };
  /** the containers drawn, as the samples module kept them at release (absent before it, or when none were recorded) */
  specimens?: Array<{ accession: string; container: string; collected_at: string; received_at: string | null; tests: string[]; /** accepted with this problem (samples' reasons); absent: none, or kept before */ problem?: string | null }>;
  /** the referring doctor's name, without "Dr" (absent: none named, or released before it was kept; docs/families-and-doctors.md) */
  referred_by?: string;
  collected_at: string | null;
  received_at: string | null;
  released_at: string;
  version: number;
  verification_code: string;
  amendment_reason: string | null;
  pathologist: { name: string; qualification: string; registration_no: string };
  tests: Array<{
    name: string;
    /** the test's Hindi name as booked, for the Hindi report (absent in reports released before it was kept, or without one) */
    name_hi?: string;
    sample_type: string;
    /** the SNOMED CT code staff gave its sample type, at release (absent: none, or released before it was kept) */
    specimen_code?: string | null;
    /** the test's LOINC panel code at release (absent: none, or released before codes were kept) */
    loinc?: string | null;
    rows: Array<{
      name: string;
      value: string;
      unit: string;
      interval: string;
      flag: ResultFlag | null;
      method: string;
      /** the interval's limits as numbers, for the patient's trend charts (absent on reports released before them) */
      lower?: number | null;
      upper?: number | null;
      /** the parameter's LOINC code and display at release (absent: uncoded, or released before codes were kept) */
      loinc?: { code: string; display: string | null } | null;
    }>;
  }>;
}
