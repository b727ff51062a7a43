// A released report version as a FHIR R4 document Bundle in the profiles of India's implementation
// guide (NRCeS, docs/abdm.md): the DiagnosticReportRecord Composition, the Patient (with the ABHA
// number and address as identifiers), the lab as the Organization, the releasing pathologist as the
// Practitioner, the Specimens, one DiagnosticReport (final; amended for later versions) with the PDF
// as its presentedForm, and one Observation per result. Built only from the version's frozen snapshot
// (decision 018), so a version's bundle never changes; ids are derived from the appointment and the
// version, so two downloads of one version are the same document. A pure function: no database, no clock.
import { createHash } from 'node:crypto';
import { formatAbhaNumber } from '@lab/contract';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  Composition,
  DiagnosticReport,
  Identifier,
  Observation,
  Organization,
  Patient,
  Practitioner,
  Quantity,
  Resource,
  Specimen,
} from '@medplum/fhirtypes';
import type { ReportSnapshot } from '../snapshot.ts';
import { sampleTypeCode, ucumOf } from './terminology.ts';

const NRCES = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition';
export const PROFILES = {
  bundle: `${NRCES}/DocumentBundle`,
  composition: `${NRCES}/DiagnosticReportRecord`,
  patient: `${NRCES}/Patient`,
  organization: `${NRCES}/Organization`,
  practitioner: `${NRCES}/Practitioner`,
  specimen: `${NRCES}/Specimen`,
  diagnosticReport: `${NRCES}/DiagnosticReportLab`,
  observation: `${NRCES}/Observation`,
} as const;

export const SYSTEMS = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  category: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  /** ABDM's system of ABHA numbers, as the implementation guide's examples write it */
  abhaNumber: 'https://healthid.ndhm.gov.in',
  /** ABHA addresses (name@abdm) */
  abhaAddress: 'https://healthid.abdm.gov.in',
} as const;

const INTERPRETATION_TEXT = { H: 'High', L: 'Low', HH: 'Critical high', LL: 'Critical low', A: 'Abnormal', N: 'Normal' } as const;

export interface BundleInput {
  snapshot: ReportSnapshot;
  appointmentId: string;
  /** later versions are amendments */
  version: number;
  /** the version's PDF, attached whole */
  pdf: Uint8Array;
  pdfLanguage: string;
  /** the site's base (PUBLIC_URL): the namespace of our own identifiers */
  publicUrl: string;
}

/** a stable UUID from the parts (SHA-256, laid out as a version-4-shaped UUID) */
function uuidOf(...parts: Array<string | number>): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** FHIR's instant: the snapshot's ISO times carry milliseconds and a Z, which FHIR accepts as they are */
const instant = (iso: string) => new Date(iso).toISOString();

const NUMBER = /^-?\d+(\.\d+)?$/;

function gender(sex: string): Patient['gender'] {
  return sex === 'male' || sex === 'female' || sex === 'other' ? sex : 'unknown';
}

function quantity(value: number, unit: string): Quantity {
  const code = ucumOf(unit);
  return code === null ? { value, ...(unit ? { unit } : {}) } : { value, unit, system: SYSTEMS.ucum, code };
}

function identifierType(code: string, display: string): CodeableConcept {
  return { coding: [{ system: SYSTEMS.identifierType, code, display }] };
}

/** a Bundle of type document */
export type DocumentBundle = Bundle & { type: 'document'; [key: string]: unknown };

export function reportBundle(input: BundleInput): DocumentBundle {
  const { snapshot: s, appointmentId, version, publicUrl } = input;
  const id = (kind: string, n: string | number = 0) => uuidOf(appointmentId, version, kind, n);
  const ref = (uuid: string) => `urn:uuid:${uuid}`;
  const amended = version > 1;
  const at = instant(s.released_at);
  const ours = (what: string) => `${publicUrl.replace(/\/$/, '')}/fhir/${what}`;

  const patientId = id('patient');
  const identifiers: Identifier[] = [{ type: identifierType('MR', 'Medical record number'), system: ours('booking'), value: s.patient.booking_reference ?? s.patient.booking_id }];
  if (s.patient.abha_number) identifiers.push({ type: identifierType('NH', 'National unique individual identifier'), system: SYSTEMS.abhaNumber, value: formatAbhaNumber(s.patient.abha_number) });
  if (s.patient.abha_address) identifiers.push({ type: identifierType('NH', 'National unique individual identifier'), system: SYSTEMS.abhaAddress, value: s.patient.abha_address });
  const patient: Patient = {
    resourceType: 'Patient',
    id: patientId,
    meta: { profile: [PROFILES.patient] },
    identifier: identifiers,
    name: [{ text: s.patient.name }],
    gender: gender(s.patient.sex),
  };

  const organizationId = id('organization');
  const organization: Organization = {
    resourceType: 'Organization',
    id: organizationId,
    meta: { profile: [PROFILES.organization] },
    identifier: [
      s.lab.accreditation
        ? { type: identifierType('PRN', 'Provider number'), system: ours(`accreditation/${encodeURIComponent(s.lab.accreditation.body)}`), value: s.lab.accreditation.certificate_number }
        : { type: identifierType('PRN', 'Provider number'), system: ours('organization'), value: s.lab.name },
    ],
    name: s.lab.name,
    telecom: [
      ...(s.lab.phone ? [{ system: 'phone' as const, value: s.lab.phone, use: 'work' as const }] : []),
      ...(s.lab.email ? [{ system: 'email' as const, value: s.lab.email, use: 'work' as const }] : []),
    ],
    address: [{ line: s.lab.address, country: 'IN' }],
  };

  const practitionerId = id('practitioner');
  const practitioner: Practitioner = {
    resourceType: 'Practitioner',
    id: practitionerId,
    meta: { profile: [PROFILES.practitioner] },
    identifier: [{ type: identifierType('MD', 'Medical License number'), system: ours('practitioner-registration'), value: s.pathologist.registration_no }],
    name: [{ text: s.pathologist.name }],
    qualification: s.pathologist.qualification ? [{ code: { text: s.pathologist.qualification } }] : [],
  };

  // The containers drawn (with their accession numbers) when the samples module kept them; else one
  // specimen per sample type, at the appointment's collection time.
  const specimens: Specimen[] = [];
  const specimenOfTest = new Map<string, string>();
  const subject = { reference: ref(patientId), display: s.patient.name };
  if (s.specimens && s.specimens.length > 0) {
    s.specimens.forEach((c, n) => {
      const first = s.tests.find((t) => c.tests.includes(t.name));
      const specimenId = id('specimen', n);
      specimens.push({
        resourceType: 'Specimen',
        id: specimenId,
        meta: { profile: [PROFILES.specimen] },
        identifier: [{ system: ours('accession'), value: c.accession }],
        accessionIdentifier: { system: ours('accession'), value: c.accession },
        type: sampleTypeCode(first?.sample_type ?? c.container, first?.specimen_code),
        subject,
        ...(c.received_at ? { receivedTime: instant(c.received_at) } : {}),
        collection: { collectedDateTime: instant(c.collected_at) },
        container: [{ description: c.container }],
      });
      for (const t of c.tests) if (!specimenOfTest.has(t)) specimenOfTest.set(t, specimenId);
    });
  }
  for (const t of s.tests) {
    if (specimenOfTest.has(t.name)) continue;
    const existing = specimens.find((x) => x.type?.text === t.sample_type && !x.accessionIdentifier);
    if (existing) {
      specimenOfTest.set(t.name, existing.id!);
      continue;
    }
    const specimenId = id('specimen-type', t.sample_type);
    specimens.push({
      resourceType: 'Specimen',
      id: specimenId,
      meta: { profile: [PROFILES.specimen] },
      type: sampleTypeCode(t.sample_type, t.specimen_code),
      subject,
      ...(s.received_at ? { receivedTime: instant(s.received_at) } : {}),
      ...(s.collected_at ? { collection: { collectedDateTime: instant(s.collected_at) } } : {}),
    });
    specimenOfTest.set(t.name, specimenId);
  }

  const performer = [{ reference: ref(organizationId), display: s.lab.name }];
  const observations: Observation[] = [];
  s.tests.forEach((t, ti) => {
    t.rows.forEach((r, ri) => {
      const code: CodeableConcept = r.loinc ? { coding: [{ system: SYSTEMS.loinc, code: r.loinc.code, ...(r.loinc.display ? { display: r.loinc.display } : {}) }], text: r.name } : { text: r.name };
      const numeric = NUMBER.test(r.value) ? Number(r.value) : null;
      const flag = r.flag ?? (r.interval ? 'N' : null);
      const low = r.lower ?? null;
      const high = r.upper ?? null;
      observations.push({
        resourceType: 'Observation',
        id: id('observation', `${ti}.${ri}`),
        meta: { profile: [PROFILES.observation] },
        status: amended ? 'amended' : 'final',
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }] }],
        code,
        subject,
        effectiveDateTime: instant(s.collected_at ?? s.released_at),
        issued: at,
        performer: [...performer, { reference: ref(practitionerId), display: s.pathologist.name }],
        ...(numeric !== null ? { valueQuantity: quantity(numeric, r.unit) } : { valueString: r.unit ? `${r.value} ${r.unit}` : r.value }),
        ...(flag ? { interpretation: [{ coding: [{ system: SYSTEMS.interpretation, code: flag, display: INTERPRETATION_TEXT[flag] }], text: INTERPRETATION_TEXT[flag] }] } : {}),
        ...(r.method ? { method: { text: r.method } } : {}),
        specimen: { reference: ref(specimenOfTest.get(t.name)!) },
        ...(r.interval
          ? {
              referenceRange: [
                {
                  ...(low !== null ? { low: quantity(low, r.unit) } : {}),
                  ...(high !== null ? { high: quantity(high, r.unit) } : {}),
                  text: r.unit && low === null && high === null ? `${r.interval} ${r.unit}` : r.interval,
                },
              ],
            }
          : {}),
      });
    });
  });

  // One report of the version: coded by the test's LOINC panel when it is one test with one, else as a laboratory report naming its tests.
  const only = s.tests.length === 1 ? s.tests[0]! : null;
  const names = s.tests.map((t) => t.name).join(', ');
  const reportCode: CodeableConcept = only?.loinc ? { coding: [{ system: SYSTEMS.loinc, code: only.loinc }], text: only.name } : { coding: [{ system: SYSTEMS.loinc, code: '11502-2', display: 'Laboratory report' }], text: names };
  const reportId = id('diagnostic-report');
  const title = `${s.lab.name}: ${names}`;
  const diagnosticReport: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: reportId,
    meta: { profile: [PROFILES.diagnosticReport] },
    identifier: [{ system: ours('report'), value: `${s.patient.booking_reference ?? s.patient.booking_id}-v${version}` }, { system: ours('verification'), value: s.verification_code }],
    status: amended ? 'amended' : 'final',
    category: [{ coding: [{ system: SYSTEMS.category, code: 'LAB', display: 'Laboratory' }] }],
    code: reportCode,
    subject,
    effectiveDateTime: instant(s.collected_at ?? s.released_at),
    issued: at,
    performer,
    resultsInterpreter: [{ reference: ref(practitionerId), display: s.pathologist.name }],
    specimen: specimens.map((x) => ({ reference: ref(x.id!) })),
    result: observations.map((o) => ({ reference: ref(o.id!) })),
    ...(s.amendment_reason ? { conclusion: s.amendment_reason } : {}),
    presentedForm: [{ contentType: 'application/pdf', language: input.pdfLanguage, title: `${title} (version ${version})`, creation: at, data: Buffer.from(input.pdf).toString('base64') }],
  };

  const compositionId = id('composition');
  const composition: Composition = {
    resourceType: 'Composition',
    id: compositionId,
    meta: { profile: [PROFILES.composition] },
    identifier: { system: ours('report'), value: `${s.patient.booking_reference ?? s.patient.booking_id}-v${version}` },
    status: amended ? 'amended' : 'final',
    type: { coding: [{ system: SYSTEMS.snomed, code: '721981007', display: 'Diagnostic studies report' }], text: 'Diagnostic Report' },
    subject,
    date: at,
    author: [{ reference: ref(organizationId), display: s.lab.name }, { reference: ref(practitionerId), display: s.pathologist.name }],
    title: 'Diagnostic Report- Lab',
    attester: [{ mode: 'legal', time: at, party: { reference: ref(practitionerId), display: s.pathologist.name } }],
    custodian: { reference: ref(organizationId), display: s.lab.name },
    ...(amended ? { relatesTo: [{ code: 'replaces', targetIdentifier: { system: ours('report'), value: `${s.patient.booking_reference ?? s.patient.booking_id}-v${version - 1}` } }] } : {}),
    section: [
      {
        title: 'Lab report',
        code: { coding: [{ system: SYSTEMS.snomed, code: '721981007', display: 'Diagnostic studies report' }] },
        entry: [{ reference: ref(reportId), type: 'DiagnosticReport' }],
      },
    ],
  };

  const resources: Resource[] = [composition, patient, organization, practitioner, diagnosticReport, ...specimens, ...observations];
  const entry: BundleEntry[] = resources.map((resource) => ({ fullUrl: ref(resource.id!), resource }));
  return {
    resourceType: 'Bundle',
    id: id('bundle'),
    meta: { lastUpdated: at, profile: [PROFILES.bundle] },
    identifier: { system: ours('report-bundle'), value: id('bundle') },
    type: 'document',
    timestamp: at,
    entry,
  };
}
