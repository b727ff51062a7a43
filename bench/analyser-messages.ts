// Analyser messages (docs/analysers.md): how many CBC result messages a second the MLLP listener takes,
// one analyser sending as instruments do (the next message after the last one's ACK), each message
// parsed, checked, its 14 values entered as drafts, audited and logged in its own transaction, on
// SQLite. Printed beside the rate: the server's CPU time per message (process.cpuUsage of this process,
// which also runs the small sending client), the event loop's longest stall while messages flowed
// (perf_hooks' monitorEventLoopDelay; goal: never over 50 ms), and the load average at the start.
// Each message names one of VISITS containers with a fresh control id, so every one is taken (no
// duplicate short-cut).
// Run alone: node --import tsx bench/analyser-messages.ts
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { frame, MllpDecoder } from '../apps/server/src/modules/analysers/mllp.ts';
import { prepareMessage } from '../apps/server/src/modules/analysers/simulator.ts';
import { XN_1000_CODES } from '../test-support/analysers.ts';
import { spreadVisit } from '../test-support/dates.ts';
import { isMain } from './lib/load.ts';
import { markStart, verdict } from './lib/judge.ts';

const MESSAGES = 2_000;
const VISITS = 20;
export const STALL_LIMIT_MS = 50;

export interface AnalyserFigures {
  messages: number;
  perSecond: number;
  cpuMsPerMessage: number;
  maxStallMs: number;
  p99StallMs: number;
  /** the longest stall of the same event loop idle for 5 s just before: the machine's own */
  idleMaxStallMs: number;
  loadAverage: number;
  withinLimit: boolean;
}


export async function run(): Promise<AnalyserFigures> {
  markStart('analyser messages');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-analyser-'));
  const config = loadConfig({
    DATABASE_URL: `file:${path.join(dir, 'lab.db')}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    ANALYSER_PORT: '0',
    ANALYSER_HOST: '127.0.0.1',
    ANALYSERS: 'XN-1000@127.0.0.1',
  });
  const app = await buildApp(config, { logger: false, retentionJobs: 'manual', mailJobs: 'manual' });
  try {
    const { db } = app.deps;
    const cbc = await db.selectFrom('tests').select('id').where('name', '=', 'Complete Blood Count (CBC)').executeTakeFirstOrThrow();
    const params = await db.selectFrom('test_parameters').select(['id', 'name']).where('test_id', '=', cbc.id).execute();
    const at = new Date().toISOString();
    await db
      .insertInto('analyser_codes')
      .values([
        ...Object.entries(XN_1000_CODES).map(([code, name]) => ({ analyser: 'XN-1000', code, code_text: code, state: 'mapped' as const, parameter_id: params.find((p) => p.name === name)!.id, unit: code === 'HGB' ? 'g/L' : null, factor: code === 'HGB' ? 0.1 : null, first_seen_at: at, updated_at: at, updated_by: null })),
        { analyser: 'XN-1000', code: 'IG%', code_text: 'IG%', state: 'ignored' as const, parameter_id: null, unit: null, factor: null, first_seen_at: at, updated_at: at, updated_by: null },
      ])
      .execute();
    // visits booked as patients book them, then collected (as the console would) with one container each
    const accessions: string[] = [];
    for (let i = 0; i < VISITS; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/appointments/', payload: { ...spreadVisit(i, 2, { morningOnly: true }), user_name: 'Ravi Verma', user_email: 'ravi@example.com', user_phone: '9876543210', home_sample: false, tests: [cbc.id] } });
      if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
      const id = (res.json() as { id: string }).id;
      await db.updateTable('appointments').set({ status: 'sample_collected', patient_sex: 'male', patient_age_years: 45, sample_collected_at: at }).where('id', '=', id).execute();
      const accession = `261128-${String(i + 1).padStart(4, '0')}`;
      const { id: sampleId } = await db.insertInto('samples').values({ accession, appointment_id: id, container: 'edta', volume_ul: 3000, status: 'received', collected_at: at, collected_by: null, received_at: at, received_by: null, reject_reason: null, rejected_at: null, rejected_by: null, problem: null, created_at: at }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('sample_tests').values({ sample_id: sampleId, test_id: cbc.id }).execute();
      accessions.push(accession);
    }
    const template = readFileSync(path.join(import.meta.dirname, '../apps/server/analyser-samples/cbc-xn1000.hl7'), 'utf8');
    const socket = net.connect({ host: '127.0.0.1', port: app.analyserListener!.port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const decoder = new MllpDecoder();
    const send = (text: string) =>
      new Promise<string>((resolve) => {
        const onData = (d: Buffer) => {
          const [ack] = decoder.push(d);
          if (!ack) return;
          socket.off('data', onData);
          resolve(ack.toString());
        };
        socket.on('data', onData);
        socket.write(frame(text));
      });
    for (let i = 0; i < 50; i++) await send(prepareMessage(template, { accession: accessions[i % VISITS] })); // warms the code
    const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
    // the machine's own share: the same process's event loop, idle, for as long as the run below is
    // expected to take (on a shared, loaded machine a waiting process stalls with no work of its own)
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    idle.disable();
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const ack = await send(prepareMessage(template, { accession: accessions[i % VISITS] }));
      if (!ack.includes('MSA|AA|')) throw new Error(`message ${i} was not taken: ${ack}`);
    }
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    stalls.disable();
    socket.end();
    const maxStallMs = Math.round((stalls.max / 1e6) * 10) / 10;
    const p99StallMs = Math.round((stalls.percentile(99) / 1e6) * 10) / 10;
    const idleMaxStallMs = Math.round((idle.max / 1e6) * 10) / 10;
    return {
      messages: MESSAGES,
      perSecond: Math.round(MESSAGES / seconds),
      cpuMsPerMessage: Math.round(((used.user + used.system) / 1000 / MESSAGES) * 100) / 100,
      maxStallMs,
      p99StallMs,
      idleMaxStallMs,
      loadAverage,
      withinLimit: maxStallMs <= STALL_LIMIT_MS,
    };
  } finally {
    await app.close();
  }
}

export function print(f: AnalyserFigures): void {
  console.log(
    `analyser CBC messages (14 results each), one connection: ${f.perSecond} messages/s, CPU ${f.cpuMsPerMessage} ms/message; event-loop stall p99 ${f.p99StallMs} ms, longest ${f.maxStallMs} ms (limit ${STALL_LIMIT_MS} ms: ${verdict(f.withinLimit, f.loadAverage)}; the idle loop's longest just before: ${f.idleMaxStallMs} ms) at load average ${f.loadAverage}`,
  );
}

if (isMain(import.meta.url)) print(await run());
