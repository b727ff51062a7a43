// The elements India's profiles require of a diagnostic report document, checked on a bundle: written
// from the structure definitions of the NRCeS "FHIR Implementation Guide for ABDM" version 6.5.0
// (DocumentBundle, DiagnosticReportRecord, Patient, Organization, Practitioner, Specimen,
// DiagnosticReportLab, Observation: their 1..1 and 1..* elements, fixed values and reference targets).
// Answers the problems found, each as "Resource.path: what is wrong"; none means the bundle holds every
// element the profiles require. The R4 base schema is checked apart (the tests' JSON schema validator).
import type { Bundle, Reference, Resource } from '@medplum/fhirtypes';
import { PROFILES } from './bundle.ts';

type AnyResource = Resource & Record<string, unknown>;

const present = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && v !== '';

export function indiaProfileProblems(bundle: Bundle): string[] {
  const problems: string[] = [];
  const need = (where: string, ok: boolean, what: string) => {
    if (!ok) problems.push(`${where}: ${what}`);
  };
  const entries = bundle.entry ?? [];
  const byUrl = new Map(entries.map((e) => [e.fullUrl, e.resource as AnyResource | undefined]));
  const target = (r: Reference | undefined) => (r?.reference ? byUrl.get(r.reference) : undefined);
  const refersTo = (where: string, r: Reference | undefined, types: string[]) =>
    need(where, !!target(r) && types.includes(target(r)!.resourceType), `must reference a ${types.join(' or ')} in the bundle`);
  const profiled = (res: AnyResource, profile: string) => need(`${res.resourceType}.meta.profile`, (res.meta?.profile ?? []).includes(profile), `must claim ${profile}`);

  // DocumentBundle
  need('Bundle.meta.profile', (bundle.meta?.profile ?? []).includes(PROFILES.bundle), `must claim ${PROFILES.bundle}`);
  need('Bundle.identifier', present(bundle.identifier?.system) && present(bundle.identifier?.value), 'system and value required');
  need('Bundle.type', bundle.type === 'document', 'must be document');
  need('Bundle.timestamp', present(bundle.timestamp), 'required');
  need('Bundle.entry', entries.length > 0, 'at least one entry');
  need('Bundle.entry[0]', entries[0]?.resource?.resourceType === 'Composition', 'the first entry must be the Composition');
  entries.forEach((e, n) => {
    need(`Bundle.entry[${n}].fullUrl`, present(e.fullUrl), 'required');
    need(`Bundle.entry[${n}].resource`, present(e.resource), 'required');
  });
  const all = entries.map((e) => e.resource as AnyResource).filter(Boolean);
  const of = (type: string) => all.filter((r) => r.resourceType === type);

  // DiagnosticReportRecord
  for (const c of of('Composition')) {
    profiled(c, PROFILES.composition);
    need('Composition.status', ['preliminary', 'final', 'amended', 'entered-in-error'].includes(String(c.status)), 'required');
    const type = c.type as { coding?: Array<{ system?: string; code?: string }> } | undefined;
    need('Composition.type', !!type?.coding?.some((x) => x.system === 'http://snomed.info/sct' && x.code === '721981007'), 'must be SNOMED CT 721981007 (Diagnostic studies report)');
    refersTo('Composition.subject', c.subject as Reference, ['Patient']);
    need('Composition.date', present(c.date), 'required');
    const authors = (c.author as Reference[] | undefined) ?? [];
    need('Composition.author', authors.length > 0, 'at least one');
    authors.forEach((a, n) => refersTo(`Composition.author[${n}]`, a, ['Practitioner', 'Organization', 'PractitionerRole', 'Patient', 'RelatedPerson', 'Device']));
    need('Composition.title', present(c.title), 'required');
    const sections = (c.section as Array<{ entry?: Reference[] }> | undefined) ?? [];
    need('Composition.section', sections.length > 0, 'at least one');
    sections.forEach((s, n) => {
      need(`Composition.section[${n}].entry`, (s.entry ?? []).length > 0, 'at least one');
      (s.entry ?? []).forEach((e, k) => refersTo(`Composition.section[${n}].entry[${k}]`, e, ['DiagnosticReport', 'DocumentReference']));
    });
  }
  need('Composition', of('Composition').length === 1, 'exactly one');

  for (const p of of('Patient')) {
    profiled(p, PROFILES.patient);
    const ids = (p.identifier as Array<{ value?: string; type?: unknown }> | undefined) ?? [];
    need('Patient.identifier', ids.length > 0 && ids.every((i) => present(i.value) && present(i.type)), 'at least one, each with a type and a value');
    need('Patient.name', present(p.name), 'at least one');
    need('Patient.gender', present(p.gender), 'required');
  }
  for (const o of of('Organization')) {
    profiled(o, PROFILES.organization);
    need('Organization.identifier', present(o.identifier), 'at least one');
    need('Organization.name', present(o.name), 'required');
  }
  for (const p of of('Practitioner')) {
    profiled(p, PROFILES.practitioner);
    const ids = (p.identifier as Array<{ value?: string }> | undefined) ?? [];
    need('Practitioner.identifier', ids.length > 0 && ids.every((i) => present(i.value)), 'at least one, with a value (the registration number)');
    need('Practitioner.name', present(p.name), 'at least one');
  }
  for (const s of of('Specimen')) {
    profiled(s, PROFILES.specimen);
    need('Specimen.type', present(s.type), 'required');
    refersTo('Specimen.subject', s.subject as Reference, ['Patient']);
  }
  for (const d of of('DiagnosticReport')) {
    profiled(d, PROFILES.diagnosticReport);
    need('DiagnosticReport.status', present(d.status), 'required');
    need('DiagnosticReport.category', present(d.category), 'at least one');
    need('DiagnosticReport.code', present(d.code), 'required');
    refersTo('DiagnosticReport.subject', d.subject as Reference, ['Patient']);
    need('DiagnosticReport.issued', present(d.issued), 'required');
    need('DiagnosticReport.performer', present(d.performer), 'at least one');
    ((d.performer as Reference[] | undefined) ?? []).forEach((r, n) => refersTo(`DiagnosticReport.performer[${n}]`, r, ['Practitioner', 'Organization', 'PractitionerRole', 'CareTeam']));
    ((d.resultsInterpreter as Reference[] | undefined) ?? []).forEach((r, n) => refersTo(`DiagnosticReport.resultsInterpreter[${n}]`, r, ['Practitioner', 'Organization', 'PractitionerRole', 'CareTeam']));
    ((d.specimen as Reference[] | undefined) ?? []).forEach((r, n) => refersTo(`DiagnosticReport.specimen[${n}]`, r, ['Specimen']));
    ((d.result as Reference[] | undefined) ?? []).forEach((r, n) => refersTo(`DiagnosticReport.result[${n}]`, r, ['Observation']));
    const forms = (d.presentedForm as Array<{ contentType?: string; data?: string; url?: string }> | undefined) ?? [];
    forms.forEach((f, n) => need(`DiagnosticReport.presentedForm[${n}]`, present(f.contentType) && (present(f.data) || present(f.url)), 'contentType and the data'));
  }
  for (const o of of('Observation')) {
    profiled(o, PROFILES.observation);
    need('Observation.status', present(o.status), 'required');
    const code = o.code as { coding?: Array<{ system?: string; code?: string }>; text?: string } | undefined;
    need('Observation.code', present(code?.text) || (code?.coding ?? []).some((x) => present(x.system) && present(x.code)), 'a coding or a text');
    refersTo('Observation.subject', o.subject as Reference, ['Patient']);
    need('Observation.value[x] or dataAbsentReason', Object.keys(o).some((k) => k.startsWith('value')) || present(o.dataAbsentReason), 'one is required');
    ((o.performer as Reference[] | undefined) ?? []).forEach((r, n) => refersTo(`Observation.performer[${n}]`, r, ['Practitioner', 'Organization', 'PractitionerRole', 'CareTeam', 'Patient', 'RelatedPerson']));
    if (o.specimen) refersTo('Observation.specimen', o.specimen as Reference, ['Specimen']);
  }
  return problems;
}
