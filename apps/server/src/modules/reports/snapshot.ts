// The kept record of a released report: what its PDF prints and its verification shows, frozen at
// release. Read by the service, the PDF, the trends and the documents worker.
import type { Accreditation } from '@lab/contract';
import type { ResultFlag } from '../../db/schema.ts';

/** everything a released report prints, frozen at release: later catalogue edits never change it */
export interface ReportSnapshot {
  /** the lab as its details read at release; the accreditation as held then (absent in reports released before it was kept) */
  lab: { name: string; address: string[]; phone: string; email: string; accreditation?: Accreditation | null };
  /** booking_reference: the reference people read ("LC-7K4M-Q2"), printed on the PDF (absent in reports released before it was kept: the PDF reads the appointment's) */
  patient: { name: string; age: string; sex: string; booking_id: string; booking_reference?: string };
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
    }>;
  }>;
}
