// Samples (docs/samples.md): the tests' containers as staff set them, a visit's containers to draw, the
// collection (the containers drawn, their accession numbers and the visit's move to "sample collected",
// in one transaction with its audit entries), the labels, and receipt at the bench by a scan.
import {
  type AppointmentSamples,
  CONTAINER_NAMES,
  type CollectRequest,
  type ContainerCode,
  containerCodeSchema,
  type ReceivedSample,
  type Sample,
  type TestContainer,
  type SampleProblem,
  sampleProblemSchema,
  type TestContainerRequest,
  type TestTurnaroundRequest,
  type TurnaroundQueue,
  inIndia,
  m,
  paths,
  type Recollection,
  type RecollectionRequest,
} from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/context.ts';
import { conflict, fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import * as lifecycle from '../appointments/lifecycle.ts';
import { moveStatus } from '../appointments/service.ts';
import { recordAudit } from '../audit/record.ts';
import { labDetailsIn } from '../lab/service.ts';
import { queuePhoneMessages } from '../messaging/channels/phone-queue.ts';
import { queueOrders } from '../analysers/orders.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { nextAccessions } from './accession.ts';
import { type ContainerSetting, defaultContainer, groupIntoContainers, ml, planned, type TestToDraw } from './containers.ts';
import { type LabelData, renderLabels } from './labels.ts';
import * as q from './queries.ts';
import { rejectionMail } from './rejection-mail.ts';
import { checkRecollectToken, makeRecollectToken } from './recollect-token.ts';
import { claimSeat, openingHoursFrom } from '../slots/service.ts';
import { addCounts, tatCountOf } from './tat.ts';
import { expectedByAll, turnaroundOf } from './turnaround.ts';
import { scheduleErrors } from '../booking/rules.ts';

type Db = Kysely<Database>;

const NOT_FOUND = m('booking.not_found');
/** how far a phone's clock may run ahead, and how long a collection may wait offline to be sent */
const AHEAD_MS = 5 * 60_000;
const OFFLINE_MS = 48 * 3_600_000;

function settingOf(row: q.TestSettingRow): ContainerSetting & { set_by_staff: boolean } {
  const stored = row.container === null ? null : containerCodeSchema.safeParse(row.container);
  if (stored?.success && row.volume_ul !== null) return { container: stored.data, volume_ul: row.volume_ul, set_by_staff: true };
  return { ...defaultContainer(row.name, row.slug), set_by_staff: false };
}


const asTestContainer = (row: q.TestSettingRow): TestContainer => {
  const s = settingOf(row);
  const tat = turnaroundOf(row);
  return {
    test_id: row.test_id,
    test_name: row.name,
    container: s.container,
    container_name: CONTAINER_NAMES[s.container],
    volume_ml: ml(s.volume_ul),
    set_by_staff: s.set_by_staff,
    turnaround_hours: tat.hours,
    cutoff: tat.cutoff,
    turnaround_set_by_staff: tat.set_by_staff,
  };
};

export async function listTestContainers(db: Db): Promise<TestContainer[]> {
  return (await q.activeTestSettings(db)).map(asTestContainer);
}

export async function putTestContainer(db: Db, actorUserId: number, testId: number, body: TestContainerRequest): Promise<TestContainer> {
  const volumeUl = Math.round(body.volume_ml * 1000);
  await db.transaction().execute(async (trx) => {
    const before = await q.testSetting(trx, testId);
    if (!before) throw notFound(m('request.not_found'));
    const was = settingOf(before);
    await q.putTestSetting(trx, testId, body.container, volumeUl, actorUserId, nowIso());
    await recordAudit(trx, {
      actorUserId,
      entity: 'test',
      entityId: testId,
      action: 'container',
      before: { container: was.container, volume_ul: was.volume_ul },
      after: { container: body.container, volume_ul: volumeUl },
    });
  });
  return asTestContainer((await q.testSetting(db, testId))!);
}

/** a test's promised turnaround and cut-off, set by the lab (audited); containers received later are expected by it */
export async function putTestTurnaround(db: Db, actorUserId: number, testId: number, body: TestTurnaroundRequest): Promise<TestContainer> {
  await db.transaction().execute(async (trx) => {
    const before = await q.testSetting(trx, testId);
    if (!before) throw notFound(m('request.not_found'));
    const was = turnaroundOf(before);
    await q.putTurnaround(trx, testId, body.hours, body.cutoff, actorUserId, nowIso());
    await recordAudit(trx, {
      actorUserId,
      entity: 'test',
      entityId: testId,
      action: 'turnaround',
      before: { hours: was.hours, cutoff: was.cutoff },
      after: { hours: body.hours, cutoff: body.cutoff },
    });
  });
  return asTestContainer((await q.testSetting(db, testId))!);
}

/** the containers waiting for their report, soonest expected first, the overdue ones marked */
export async function turnaroundQueue(db: Db, limit: number, now: Date): Promise<TurnaroundQueue> {
  const rows = await q.turnaroundQueue(db, limit + 1);
  const shown = rows.slice(0, limit);
  const names = await q.testNamesOfSamples(db, shown.map((r) => r.id));
  const at = now.toISOString();
  return {
    now: at,
    more: rows.length > limit,
    items: shown.map((r) => {
      const container = containerCodeSchema.catch('sst').parse(r.container) as ContainerCode;
      const expected = r.expected_at ?? r.received_at ?? at;
      return {
        accession: r.accession,
        appointment_id: r.appointment_id,
        reference: r.reference,
        patient_name: r.user_name,
        container,
        container_name: CONTAINER_NAMES[container],
        tests: names.get(r.id) ?? [],
        received_at: r.received_at ?? at,
        expected_at: expected,
        overdue: expected < at,
      };
    }),
  };
}

/**
 * The containers still to draw: before the collection, every test's; after it, the tests whose every
 * container was rejected (their free recollection).
 */
async function groupsOf(db: Db, appointmentId: string) {
  const tests: TestToDraw[] = (await q.visitTests(db, appointmentId)).map((row) => ({ test_id: row.test_id, name: row.name, ...settingOf(row) }));
  const covered = await q.coveredTests(db, appointmentId);
  // a test booked twice is drawn once
  const once = [...new Map(tests.filter((t) => !covered.has(t.test_id)).map((t) => [t.test_id, t])).values()];
  return groupIntoContainers(once);
}

async function drawn(db: Db, appointmentId: string): Promise<Sample[]> {
  const rows = await q.samplesOf(db, appointmentId);
  const names = await q.testNamesOf(db, appointmentId, rows.map((r) => r.id));
  return rows.map((r) => sampleOf(r, names.get(r.id) ?? []));
}

function sampleOf(r: q.SampleRow, tests: string[]): Sample {
  const container = containerCodeSchema.catch('sst').parse(r.container) as ContainerCode;
  return {
    accession: r.accession,
    container,
    container_name: CONTAINER_NAMES[container],
    volume_ml: ml(r.volume_ul),
    tests,
    status: r.status,
    collected_at: r.collected_at,
    received_at: r.received_at,
    reject_reason: problemOf(r.reject_reason),
    problem: problemOf(r.problem),
    expected_at: r.expected_at,
  };
}

const problemOf = (v: string | null): SampleProblem | null => (v === null ? null : (sampleProblemSchema.safeParse(v).data ?? null));

/** a visit's containers: what to draw, and what was drawn */
export async function visitSamples(db: Db, appointmentId: string): Promise<AppointmentSamples> {
  if (!(await q.visit(db, appointmentId))) throw notFound(NOT_FOUND);
  return { appointment_id: appointmentId, planned: (await groupsOf(db, appointmentId)).map(planned), samples: await drawn(db, appointmentId) };
}

/**
 * The collection: the visit's tests grouped into containers, each given the next accession number of
 * the day, and the visit moved to "sample collected" (appointments/service.ts, guarded by its status),
 * all in one transaction. A visit already collected with its containers answers them again, so a phone
 * that sends its collection twice (it lost the first answer) changes nothing.
 */
export async function collect(db: Db, actorUserId: number, appointmentId: string, body: CollectRequest, now: Date): Promise<AppointmentSamples> {
  const at = body.collected_at === undefined ? now : new Date(body.collected_at);
  // (an approved visit; or a collected one whose rejected containers are drawn again, free)
  if (at.getTime() > now.getTime() + AHEAD_MS || at.getTime() < now.getTime() - OFFLINE_MS) throw fieldError('collected_at', m('samples.collected_at_range'));
  const collectedAt = at.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await q.visit(trx, appointmentId);
    if (!row) throw notFound(NOT_FOUND);
    const recollecting = row.status === 'sample_collected' && (await q.samplesOf(trx, appointmentId)).length > 0;
    if (row.status !== 'approved' && !recollecting) throw conflict(m('samples.not_collectable'));
    const groups = await groupsOf(trx, appointmentId);
    // collected already, nothing rejected: the answer the first collection had
    if (recollecting && groups.length === 0) return;
    if (recollecting) {
      // a rejected container drawn again: guarded by its recollection rows, so two at once draw it once
      if (!(await q.markRecollected(trx, appointmentId, collectedAt))) return;
    } else {
      // the status first: of two collections at once, the second stops here, before it takes a number
      await moveStatus(trx, actorUserId, appointmentId, 'sample_collected', now);
      await lifecycle.setSampleTimes(trx, appointmentId, { collected_at: collectedAt, received_at: collectedAt });
    }
    const numbers = await nextAccessions(trx, at, groups.length);
    const created = nowIso();
    for (const [i, g] of groups.entries()) {
      await q.insertSample(
        trx,
        { accession: numbers[i]!, appointment_id: appointmentId, container: g.container, volume_ul: g.volume_ul, collected_at: collectedAt, collected_by: actorUserId, created_at: created },
        g.tests.map((t) => t.test_id),
      );
    }
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: appointmentId, action: recollecting ? 'samples_recollected' : 'samples_collected', before: null, after: { accessions: numbers, collected_at: collectedAt } });
  });
  return visitSamples(db, appointmentId);
}

function patientLine(v: q.VisitRow): string {
  const sex = v.patient_sex ? v.patient_sex.charAt(0).toUpperCase() : '';
  const age = v.patient_age_years !== null ? `${v.patient_age_years} Y` : v.patient_date_of_birth ? `DOB ${v.patient_date_of_birth}` : '';
  return [age, sex].filter(Boolean).join(' / ');
}

/** the labels of a visit's containers drawn (none before the collection) */
export async function visitLabels(db: Db, appointmentId: string, format: 'roll' | 'a4'): Promise<Buffer> {
  const v = await q.visit(db, appointmentId);
  if (!v) throw notFound(NOT_FOUND);
  const samples = await drawn(db, appointmentId);
  if (samples.length === 0) throw conflict(m('samples.not_collectable'));
  const labels: LabelData[] = samples.map((s) => ({
    accession: s.accession,
    patient_name: v.user_name,
    patient_line: patientLine(v),
    reference: v.reference,
    container: s.container,
    collected_at: s.collected_at,
  }));
  return renderLabels(labels, format);
}

/**
 * Receipt at the bench: the scanned container is received now, with a problem if it has one (once; a
 * second scan is told when), and its report's expected time is fixed from its tests' turnaround and the
 * lab's opening hours (samples/turnaround.ts).
 */
export async function receive(deps: Pick<Deps, 'db' | 'now' | 'config'>, actorUserId: number, accession: string, problem: SampleProblem | null = null): Promise<ReceivedSample> {
  const { db } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const appointmentId = await db.transaction().execute(async (trx) => {
    const s = await q.sampleByAccession(trx, accession);
    if (!s) throw notFound(m('samples.not_found'));
    if (s.status === 'rejected') throw conflict(m('samples.already_rejected', { reason: m(`samples.problem.${problemOf(s.reject_reason) ?? 'insufficient'}`) }));
    const open = await openingHoursFrom(trx, inIndia(now).date);
    const expected = expectedByAll(now, (await q.sampleTestSettings(trx, s.id)).map(turnaroundOf), open).toISOString();
    if (!(await q.markReceived(trx, s.id, actorUserId, at, problem, expected))) {
      const now = await q.sampleByAccession(trx, accession);
      const when = now?.received_at ? inIndia(Date.parse(now.received_at)) : null;
      throw conflict(m('samples.already_received', { time: when ? `${when.date} ${when.time}` : '' }));
    }
    // the visit's received time is its first container's
    const v = await q.visit(trx, s.appointment_id);
    if (v?.sample_collected_at && (await q.samplesOf(trx, s.appointment_id)).filter((x) => x.status === 'received').length === 1) {
      await lifecycle.setSampleTimes(trx, s.appointment_id, { collected_at: v.sample_collected_at, received_at: at });
    }
    // the analysers that take orders are sent this container's tests (analysers/orders.ts): jobs committed with the receipt
    const orders = await queueOrders(trx, deps.config.analysers, s.id, now);
    await recordAudit(trx, { actorUserId, entity: 'sample', entityId: accession, action: 'received', before: { status: s.status }, after: { status: 'received', received_at: at, problem, expected_at: expected, ...(orders.length ? { orders_to: orders } : {}) } });
    return s.appointment_id;
  });
  return receivedOf(db, appointmentId, accession);
}

async function receivedOf(db: Db, appointmentId: string, accession: string): Promise<ReceivedSample> {
  const sample = (await drawn(db, appointmentId)).find((s) => s.accession === accession)!;
  return { ...sample, appointment_id: appointmentId };
}

/**
 * Rejection at the bench: the container is rejected with its reason (audited), and in the same
 * transaction the patient is told by e-mail and on the phone channels chosen at booking, in the
 * booking's language, that a new sample is collected free of charge.
 */
export async function reject(deps: Pick<Deps, 'db' | 'now' | 'config'>, actorUserId: number, accession: string, reason: SampleProblem): Promise<ReceivedSample> {
  const { db } = deps;
  const appointmentId = await db.transaction().execute(async (trx) => {
    const s = await q.sampleByAccession(trx, accession);
    if (!s) throw notFound(m('samples.not_found'));
    const at = nowIso();
    if (!(await q.markRejected(trx, s.id, reason, actorUserId, at))) {
      throw conflict(m('samples.already_rejected', { reason: m(`samples.problem.${problemOf(s.reject_reason) ?? reason}`) }));
    }
    // a container rejected after its report's release leaves the TAT report (decision 072)
    const counted = await q.tatCountedOfSample(trx, s.id);
    await q.addTatCounts(trx, addCounts(counted.map((r) => tatCountOf(r.test_id, r.received_at!, r.reported_at!, r.expected_at))), -1);
    await recordAudit(trx, { actorUserId, entity: 'sample', entityId: accession, action: 'rejected', before: { status: s.status }, after: { status: 'rejected', reason } });
    const who = await q.contactOf(trx, s.appointment_id);
    const tests = (await q.testNamesOf(trx, s.appointment_id, [s.id])).get(s.id) ?? [];
    await q.insertRecollection(trx, { sample_id: s.id, appointment_id: s.appointment_id, home_sample: who?.home_sample ?? 0, created_at: at });
    const link = `${deps.config.publicUrl}${paths.recollect(makeRecollectToken(deps.config.jwtSecret, s.appointment_id, s.id))}`;
    if (who?.user_email) {
      const mail = rejectionMail({ to: who.user_email, name: who.user_name, reference: who.reference, reason, tests, link, lab: await labDetailsIn(trx, who.language), language: who.language });
      await enqueueMail(trx, deps.now(), { kind: 'sample-rejected', message: mail, appointmentId: s.appointment_id });
    }
    await queuePhoneMessages(trx, deps.now(), s.appointment_id, 'sample-rejected');
    return s.appointment_id;
  });
  return receivedOf(db, appointmentId, accession);
}

/** the recollection a link names, or 404 for a link that is not ours or names none */
async function recollectionOf(deps: Pick<Deps, 'db' | 'config'>, token: string) {
  const target = checkRecollectToken(deps.config.jwtSecret, token);
  const row = target ? await q.recollection(deps.db, target.sampleId) : undefined;
  if (!target || !row || row.appointment_id !== target.appointmentId) throw notFound(m('samples.recollection_link_invalid'));
  return row;
}

async function showRecollection(db: Db, row: q.RecollectionRow): Promise<Recollection> {
  const who = await q.contactOf(db, row.appointment_id);
  const tests = (await q.testNamesOf(db, row.appointment_id, [row.sample_id])).get(row.sample_id) ?? [];
  return { reference: who?.reference ?? '', tests, reason: problemOf(row.reject_reason) ?? 'insufficient', home_sample: row.home_sample === 1, date: row.date, time: row.time };
}

/** GET /api/recollections/{token}: what is drawn again and the slot picked, if any */
export async function readRecollection(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<Recollection> {
  return showRecollection(deps.db, await recollectionOf(deps, token));
}

/**
 * The free recollection's slot, picked once by the patient: the booking's rules for a date and time, a
 * seat of the slot claimed atomically (slots module), in one transaction with its audit entry. No bill:
 * the lab owes the new sample.
 */
export async function pickRecollection(deps: Pick<Deps, 'db' | 'config' | 'now'>, token: string, body: RecollectionRequest): Promise<Recollection> {
  const row = await recollectionOf(deps, token);
  if (row.chosen_at !== null) throw conflict(m('samples.recollection_chosen'));
  const errors = scheduleErrors(body.date, body.time, deps.now());
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  await deps.db.transaction().execute(async (trx) => {
    await claimSeat(trx, { date: body.date, time: body.time, homeSample: row.home_sample === 1 });
    if (!(await q.chooseRecollection(trx, row.id, body.date, body.time, nowIso()))) throw conflict(m('samples.recollection_chosen'));
    await recordAudit(trx, { actorUserId: null, entity: 'appointment', entityId: row.appointment_id, action: 'recollection_booked', before: null, after: { sample_id: row.sample_id, date: body.date, time: body.time } });
  });
  return showRecollection(deps.db, (await q.recollection(deps.db, row.sample_id))!);
}

