// Who reads a report's FHIR bundle, and which version: the holder of the appointment's capability reads
// the current version (as the PDF, with the PDF it carries drawn or read by the same path), staff read
// any version (audited as a view, like its PDF). The bundle itself is built by bundle.ts.
import type { Locale } from '@lab/contract';
import type { Deps } from '../../../lib/context.ts';
import { reportPdf, versionPdf } from '../../../documents/report-pdf.ts';
import { staffReport } from '../service.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { type DocumentBundle, reportBundle } from './bundle.ts';

type FhirDeps = Pick<Deps, 'db' | 'config' | 'counters'>;

export interface FoundBundle {
  bundle: DocumentBundle;
  reference: string;
  version: number;
}

/** the current released version's bundle by the capability; null when there is none (the caller counts the miss) */
export async function patientBundle(deps: FhirDeps, address: string, appointmentId: string, language: Locale): Promise<FoundBundle | null> {
  const found = await reportPdf(deps, address, appointmentId, language);
  if (!found) return null;
  const row = await deps.db
    .selectFrom('reports')
    .select('snapshot_json')
    .where('appointment_id', '=', appointmentId)
    .where('version', '=', found.version)
    .executeTakeFirstOrThrow();
  const snapshot = withReference(JSON.parse(row.snapshot_json) as ReportSnapshot, found.reference);
  const bundle = reportBundle({ snapshot, appointmentId, version: found.version, pdf: found.pdf, pdfLanguage: language, publicUrl: deps.config.publicUrl });
  return { bundle, reference: found.reference, version: found.version };
}

/** any version's bundle for a staff member (with the English PDF staff read), audited as a view by staffReport */
export async function staffBundle(deps: FhirDeps, actorUserId: number, appointmentId: string, version: number): Promise<DocumentBundle> {
  const snapshot = await staffReport(deps.db, actorUserId, appointmentId, version);
  const pdf = await versionPdf(deps, appointmentId, version, snapshot);
  return reportBundle({ snapshot, appointmentId, version, pdf, pdfLanguage: 'en', publicUrl: deps.config.publicUrl });
}

/** reports released before the snapshot kept the booking reference carry the appointment's */
const withReference = (s: ReportSnapshot, reference: string): ReportSnapshot => (s.patient.booking_reference ? s : { ...s, patient: { ...s.patient, booking_reference: reference } });
