// What the console reads and changes of the analysers (routes.ts): each change of a mapping audited
// in its own transaction. An analyser is known only if configured (ANALYSERS): a mapping for a name
// the listener would never take is refused.
import type { AnalyserCode, AnalyserCodeList, AnalyserCodeRequest, AnalyserList, AnalyserMessageList, AnalyserParameterList } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { AnalyserSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/record.ts';
import { sampleByAccession } from '../samples/queries.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

const PAGE = 50;

function known(settings: AnalyserSettings | undefined, name: string) {
  const a = settings?.analysers.find((x) => x.name === name);
  if (!a) throw notFound(`No analyser named ${name} is configured (ANALYSERS).`);
  return a;
}

export async function analyserList(db: Db, settings: AnalyserSettings | undefined, port: number | null): Promise<AnalyserList> {
  const analysers = await Promise.all(
    (settings?.analysers ?? []).map(async (a) => {
      const since = new Date(Date.now() - q.MESSAGE_DAYS * 86_400_000).toISOString();
      const [unmapped, last, failed] = await Promise.all([q.unmappedCount(db, a.name), q.lastMessage(db, a.name), q.failedOrderCount(db, a.name, since)]);
      return { name: a.name, addresses: a.addresses, unmapped, last_message_at: last?.created_at ?? null, last_ack_code: last?.ack_code ?? null, orders: a.orders, failed_orders: failed };
    }),
  );
  return { port, analysers };
}

type CodeRow = Awaited<ReturnType<typeof q.allCodes>>[number];
const codeOf = (r: CodeRow): AnalyserCode => ({
  code: r.code,
  code_text: r.code_text,
  state: r.state,
  parameter_id: r.parameter_id,
  parameter_label: r.parameter_name ? `${r.test_name ?? ''} · ${r.parameter_name}${r.parameter_unit ? ` (${r.parameter_unit})` : ''}` : null,
  unit: r.unit,
  factor: r.factor === null ? null : Number(r.factor),
  first_seen_at: r.first_seen_at,
  updated_at: r.updated_at,
});

export async function analyserCodes(db: Db, settings: AnalyserSettings | undefined, name: string): Promise<AnalyserCodeList> {
  known(settings, name);
  return { analyser: name, codes: (await q.allCodes(db, name)).map(codeOf) };
}

export async function putAnalyserCode(db: Db, settings: AnalyserSettings | undefined, actorUserId: number, name: string, code: string, body: AnalyserCodeRequest): Promise<AnalyserCode> {
  known(settings, name);
  await db.transaction().execute(async (trx) => {
    const parameterId = body.state === 'mapped' ? body.parameter_id! : null;
    if (parameterId !== null) {
      const p = await trx.selectFrom('test_parameters').select(['id', 'result_type']).where('id', '=', parameterId).executeTakeFirst();
      if (!p) throw fieldError('parameter_id', 'No such parameter.');
    }
    const before = await q.code(trx, name, code);
    const at = nowIso();
    const row = {
      analyser: name,
      code,
      code_text: before?.code_text ?? code,
      state: body.state,
      parameter_id: parameterId,
      unit: body.state === 'mapped' ? (body.unit ?? null) : null,
      factor: body.state === 'mapped' ? (body.factor ?? null) : null,
      first_seen_at: before?.first_seen_at ?? at,
      updated_at: at,
      updated_by: actorUserId,
    };
    await q.putCode(trx, row);
    await recordAudit(trx, {
      actorUserId,
      entity: 'analyser_code',
      entityId: `${name}|${code}`,
      action: 'map',
      before: before ? { state: before.state, parameter_id: before.parameter_id, unit: before.unit, factor: before.factor } : null,
      after: { state: row.state, parameter_id: row.parameter_id, unit: row.unit, factor: row.factor },
    });
  });
  const all = await q.allCodes(db, name);
  return codeOf(all.find((c) => c.code === code)!);
}

export async function findParameters(db: Db, text: string): Promise<AnalyserParameterList> {
  return { parameters: await q.findParameters(db, text, 20) };
}

type MessageRow = Awaited<ReturnType<typeof q.messagesOfSample>>[number];
const messagesOf = (rows: MessageRow[], limit: number): AnalyserMessageList => ({
  messages: rows.map((r) => ({ ...r, raw: r.raw.replace(/\r\n?/g, '\n'), ack_raw: r.ack_raw?.replace(/\r\n?/g, '\n') ?? null })),
  next_before: rows.length === limit ? rows[rows.length - 1]!.id : null,
});

export async function analyserMessages(db: Db, settings: AnalyserSettings | undefined, name: string, before: number | undefined): Promise<AnalyserMessageList> {
  known(settings, name);
  return messagesOf(await q.messagesOfAnalyser(db, name, before, PAGE), PAGE);
}

export async function sampleMessages(db: Db, accession: string): Promise<AnalyserMessageList> {
  const sample = await sampleByAccession(db, accession);
  if (!sample) throw notFound(`No container ${accession}.`);
  return messagesOf(await q.messagesOfSample(db, sample.id, PAGE), PAGE);
}
