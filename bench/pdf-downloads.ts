// PDF downloads under a flood (decision 047): a patient downloads their released report again and again
// while one client keeps 64 PDF requests in flight. Budget: the patient's p99 under 500 ms. Three runs
// against the real server (SQLite): no flood; a flood of the one Hindi report (the case that once made
// a patient wait over a minute: now kept after its first drawing, so every download is a read); and a
// flood of Hindi reports never drawn before with RATE_LIMITS=off, so only the bounded PDF queue stands
// between the flood and the patient (the worst case). Also the server's CPU per drawing of a 3-page
// Hindi report, and the load average.
// Run alone: node --import tsx bench/pdf-downloads.ts [--source]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { newBookingReference } from '../apps/server/src/lib/booking-reference.ts';
import { openDate } from '../test-support/dates.ts';
import { anyTimeTests } from './api-bookings.ts';
import { isMain } from './lib/load.ts';
import { apiOnlyWebDist, type RunningServer, startServer } from './lib/server.ts';
import { threePageSnapshot } from './pdf-reports.ts';
import { markStart, verdict } from './lib/judge.ts';

export const BUDGET_P99_MS = 500;
const FLOOD = 64;
const FLOOD_SECONDS = 15;
/** reports the CPU-per-drawing run draws, one after the other */
const DRAWN = 12;

interface Latencies {
  downloads: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface FloodRun {
  patient: Latencies;
  flood: { requests: number; byStatus: Record<string, number> };
  /** the server's CPU over the run, per request answered (the flood's and the patient's) */
  serverCpuMsPerRequest: number;
  withinBudget: boolean;
}

export interface PdfDownloadFigures {
  hindiReportCpuMsPerDrawing: number;
  hindiReportBytes: number;
  quiet: Latencies;
  floodOfOneReport: FloodRun;
  floodOfNewReports: FloodRun;
  /** the 1-minute load average at the start (bench/lib/judge.ts): the one that judges the budget */
  loadAverage: number;
  /** the 1, 5 and 15-minute load averages at the end */
  loadAverageAtEnd: number[];
}

const round = (n: number) => Math.round(n * 10) / 10;

function latencies(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { downloads: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: round(sorted.at(-1) ?? 0) };
}

/**
 * The addresses the server sees (TRUST_PROXY=1, as behind a load balancer): the one flooder's, and the
 * patients': each measured download from an address of its own, so the measuring loop itself (hundreds
 * of downloads a second) is never the one the per-address limits stop.
 */
const FLOODER = '198.51.100.9';
let patients = 0;
const patientAddress = () => `10.${Math.floor(++patients / 62_500) % 250}.${Math.floor(patients / 250) % 250}.${(patients % 250) + 1}`;

async function timedGet(url: string, from = patientAddress()): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'x-forwarded-for': from } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, bytes: body.byteLength };
}

/** `n` released Hindi reports of 3 pages in the server's database, as a release leaves them: their appointment ids */
export async function releasedReports(server: RunningServer, n: number): Promise<string[]> {
  const testId = (await anyTimeTests(server))[0]!;
  const booked = await fetch(`${server.url}/api/appointments/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ date: openDate(2), time: '10:00', user_name: 'Ravi Kumar Verma', user_email: 'ravi@example.com', user_phone: '9876543210', tests: [testId], home_sample: false, language: 'hi' }),
  });
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${await booked.text()}`);
  const template = (await booked.json()) as { id: string };
  const db = new SQLite(path.join(server.dataDir, 'lab.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const row = db.prepare('select * from appointments where id = ?').get(template.id) as Record<string, unknown>;
    const columns = Object.keys(row);
    const insertAppointment = db.prepare(`insert into appointments (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
    const insertReport = db.prepare(
      `insert into reports (appointment_id, version, status, verification_code, released_by, released_at, superseded_at, amendment_reason, snapshot_json)
       values (?, 1, 'released', ?, null, ?, null, null, ?)`,
    );
    const ids: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const id = i === 0 ? template.id : Date.now().toString(36).padStart(9, '0') + randomBytes(12).toString('base64url');
        const reference = i === 0 ? String(row.reference) : newBookingReference();
        if (i > 0) insertAppointment.run({ ...row, id, reference });
        db.prepare("update appointments set status = 'completed' where id = ?").run(id);
        const snapshot = threePageSnapshot();
        snapshot.patient = { ...snapshot.patient, booking_id: id, booking_reference: reference };
        snapshot.verification_code = randomBytes(6).toString('hex').toUpperCase().slice(0, 8);
        insertReport.run(id, snapshot.verification_code, new Date().toISOString(), JSON.stringify(snapshot));
        ids.push(id);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** the patient's downloads of `url`, one after another, until `until` settles */
async function patientDownloads(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const r = await timedGet(url);
    if (r.status !== 200) throw new Error(`the patient's download answered ${r.status}`);
    times.push(r.ms);
  }
  return times;
}

/** FLOOD requests in flight at once for FLOOD_SECONDS, each next one asking `next()` */
async function flood(next: () => string): Promise<FloodRun['flood']> {
  const byStatus: Record<string, number> = {};
  let requests = 0;
  const end = Date.now() + FLOOD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      while (Date.now() < end) {
        const r = await timedGet(next(), FLOODER).catch(() => ({ status: 0 }));
        byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
        requests++;
      }
    }),
  );
  return { requests, byStatus };
}

async function floodRun(server: RunningServer, patientUrl: string, next: () => string): Promise<FloodRun> {
  const cpu = server.cpuSeconds();
  const flooding = flood(next);
  const times = await patientDownloads(patientUrl, flooding);
  const patient = latencies(times);
  const answered = await flooding;
  const serverCpuMsPerRequest = Math.round((((server.cpuSeconds() - cpu) * 1000) / (answered.requests + times.length)) * 100) / 100;
  return { patient, flood: answered, serverCpuMsPerRequest, withinBudget: patient.p99Ms < BUDGET_P99_MS };
}

export async function run(): Promise<PdfDownloadFigures> {
  const loadAverage = markStart('PDF downloads');
  const entry = process.argv.includes('--source') ? 'source' : 'built';
  const port = process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {};
  const figures: Partial<PdfDownloadFigures> = { loadAverage };

  // Limits on, as in production: the CPU of a drawing, the quiet downloads, and the flood of one report.
  let server = await startServer({ WEB_DIST: apiOnlyWebDist(), TRUST_PROXY: '1', ...port }, entry);
  try {
    const ids = await releasedReports(server, DRAWN + 2);
    const pdfUrl = (id: string) => `${server.url}/api/reports/${id}/pdf`;
    // The thread's first drawing loads pdfkit and the fonts: not counted.
    await timedGet(pdfUrl(ids[DRAWN + 1]!));
    const cpu = server.cpuSeconds();
    let bytes = 0;
    for (const [n, id] of ids.slice(0, DRAWN).entries()) {
      const r = await timedGet(pdfUrl(id), `192.0.2.${n + 1}`);
      if (r.status !== 200) throw new Error(`drawing answered ${r.status}`);
      bytes = r.bytes;
    }
    figures.hindiReportCpuMsPerDrawing = round(((server.cpuSeconds() - cpu) * 1000) / DRAWN);
    figures.hindiReportBytes = bytes;

    const patientUrl = pdfUrl(ids[0]!);
    const quietDone = new Promise((resolve) => setTimeout(resolve, 5000));
    figures.quiet = latencies(await patientDownloads(patientUrl, quietDone));
    // The flood asks for another patient's Hindi report, the one the issue's attacker used.
    figures.floodOfOneReport = await floodRun(server, patientUrl, () => pdfUrl(ids[1]!));
  } finally {
    await server.stop();
  }

  // Limits off: every flood request wants a report never drawn, so only the queue bound holds it.
  server = await startServer({ WEB_DIST: apiOnlyWebDist(), RATE_LIMITS: 'off', TRUST_PROXY: '1', ...port }, entry);
  try {
    const ids = await releasedReports(server, 400);
    const pdfUrl = (id: string) => `${server.url}/api/reports/${id}/pdf`;
    const patientUrl = pdfUrl(ids[0]!);
    await timedGet(patientUrl); // the patient's report, drawn once and kept
    let n = 1;
    figures.floodOfNewReports = await floodRun(server, patientUrl, () => pdfUrl(ids[1 + (n++ % (ids.length - 1))]!));
  } finally {
    await server.stop();
  }
  figures.loadAverageAtEnd = loadavg().map(round);
  return figures as PdfDownloadFigures;
}

export function print(f: PdfDownloadFigures): void {
  const line = (name: string, r: FloodRun) =>
    `${name}: patient p50 ${r.patient.p50Ms} ms, p99 ${r.patient.p99Ms} ms, max ${r.patient.maxMs} ms over ${r.patient.downloads} downloads (budget ${BUDGET_P99_MS} ms: ${verdict(r.withinBudget, f.loadAverage)}); flood ${r.flood.requests} requests ${JSON.stringify(r.flood.byStatus)}; server CPU ${r.serverCpuMsPerRequest} ms a request`;
  console.log(`Hindi 3-page report: ${f.hindiReportCpuMsPerDrawing} ms of server CPU a drawing, ${(f.hindiReportBytes / 1024).toFixed(0)} KB`);
  console.log(`no flood: patient p50 ${f.quiet.p50Ms} ms, p99 ${f.quiet.p99Ms} ms over ${f.quiet.downloads} downloads`);
  console.log(line('flood of one Hindi report (limits on)', f.floodOfOneReport));
  console.log(line('flood of reports never drawn (limits off, queue bound only)', f.floodOfNewReports));
  console.log(`load average ${f.loadAverage} at the start, ${f.loadAverageAtEnd.join(' ')} at the end`);
}

if (isMain(import.meta.url)) print(await run());
