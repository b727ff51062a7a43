// The bad-input sweep: every operation of /api/openapi.json gets, in each path parameter, each query
// parameter and each field of its JSON body in turn (the rest of the request plausible), a NUL byte,
// an id past 2^31, a 100,000-character string, invalid UTF-8 and a lone surrogate, and its dates at
// the far ends of the calendar (9999-12-31, 0000-01-01); no answer may be a 5xx, on SQLite and (with
// DATABASE_URL) on PostgreSQL. Patient routes are called as a patient, staff
// routes as a staff member of a role the access table lets through. The requests run a few at a time
// so the sweep stays within seconds.
import { randomBytes } from 'node:crypto';
import { ID_MAX } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ACCESS } from '../src/modules/staff/access.ts';
import { type Account, bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** the five kinds of bad input, as a value in a JSON body */
const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
/** long, yet inside the 64 KB body limit, so the field's own bound must refuse it (30 KB of Devanagari) */
const LONG_INSIDE = '\u0915'.repeat(10_000);
const SURROGATE = 'a\uD800b';
const BIG_ID = 3_000_000_000;
/** stands in a body's JSON for bytes that are not UTF-8 (0xFF 0xFE), swapped in after JSON.stringify */
const BAD_UTF8_MARK = 'BAD-UTF8-MARK';
/** dates at the ends of what the date pattern lets through, where a day cannot become an instant */
const FAR_DATES = ['9999-12-31', '0000-01-01'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** the same kinds as they arrive in a path or a query string */
const RAW_KINDS: Record<string, string> = {
  nul: 'a%00b',
  'big id': String(BIG_ID),
  'big id (20 digits)': '99999999999999999999',
  long: LONG,
  'invalid UTF-8': '%FF%FE',
  'lone surrogate': '%ED%A0%80',
  'truncated escape': '%E0%A4%A',
};

let t: TestApp;
let patient: Account;
const staffOf = new Map<string, Account>();
let appointmentId: string;
let testId: number;

const address = () => `10.91.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;

/** a value the route would plausibly accept, so that the one bad field is what it sees */
function sample(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return 'sample';
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], name);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name));
    case 'integer':
    case 'number':
      if (/test/.test(name)) return testId;
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return sampleText(schema, name);
  }
}

function sampleText(schema: Schema, name: string): string {
  const p = schema.pattern ?? '';
  if (p.includes('\\d{4}-\\d{2}-\\d{2}')) return openDate(3);
  if (p.includes('[0-5]\\d')) return '11:00';
  if (p.includes('[1-9]\\d{5}')) return '302001';
  if (p.includes('\\d{1,10}')) return /test/.test(name) ? String(testId) : '1';
  if (p.includes('\\p{L}')) return 'Asha Rao';
  if (schema.format === 'email' || /email/.test(name)) return 'asha@example.com';
  if (/phone/.test(name)) return '9876543210';
  if (/password/.test(name)) return 'Sample-pass-77!';
  if (/link|url/.test(name)) return 'https://example.com/';
  const text = 'Sample text';
  return text.slice(0, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? text.length, text.length)));
}

/** every place in `value` that holds a scalar, as a path of keys */
function leaves(value: unknown, at: (string | number)[] = []): { path: (string | number)[]; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [{ path: at, value }];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/** plausible values of path parameters: a booking of the patient's own, an id no row has */
function pathValue(route: string, name: string, schema: Schema | undefined): string {
  if (name === 'appointmentId' || (name === 'id' && /\/appointments\/|\/results\/|\/home-visits\//.test(route))) return appointmentId;
  if (name === 'date') return openDate(3);
  if (name === 'pin') return '302001';
  if (name === 'purpose') return 'marketing';
  if (name === 'version') return '1';
  if (name === 'id') return String(ID_MAX);
  return String(sample(schema, name));
}

interface Call {
  label: string;
  method: string;
  url: string;
  who: Account | undefined;
  payload?: string | Buffer;
}

function callsOf(route: string, method: string, op: Operation): Call[] {
  const staffKey = `${method} ${route.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`;
  const roles = STAFF_ACCESS[staffKey];
  const who = roles ? staffOf.get(roles.includes('admin') ? 'admin' : roles[0]!) : patient;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const url = (values: Record<string, string>, query = '') =>
    route.replace(/\{(\w+)\}/g, (_m, n: string) => values[n] ?? encodeURIComponent(pathValue(route, n, pathParams.find((p) => p.name === n)?.schema))) + query;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const calls: Call[] = [];
  // the query string with every parameter plausible, one of them (or every date) replaced
  const queryBase = Object.fromEntries(queryParams.map((p) => [p.name, String(sample(p.schema, p.name))]));
  const query = (replace: Record<string, string>) => `?${Object.entries({ ...queryBase, ...replace }).map(([k, v]) => `${k}=${v === replace[k] ? v : encodeURIComponent(v)}`).join('&')}`;
  for (const [kind, raw] of Object.entries(RAW_KINDS)) {
    for (const p of pathParams) calls.push({ label: `${kind} in path ${p.name}`, method, url: url({ [p.name]: raw }), who, payload });
    for (const p of queryParams) calls.push({ label: `${kind} in query ${p.name}`, method, url: url({}, query({ [p.name]: raw })), who, payload });
  }
  for (const far of FAR_DATES) {
    for (const p of pathParams) if (DATE.test(pathValue(route, p.name, p.schema))) calls.push({ label: `${far} in path ${p.name}`, method, url: url({ [p.name]: far }), who, payload });
    const dates = Object.keys(queryBase).filter((k) => DATE.test(queryBase[k]!));
    if (dates.length) calls.push({ label: `${far} in every date of the query`, method, url: url({}, query(Object.fromEntries(dates.map((k) => [k, far])))), who, payload });
  }
  const fields = body === undefined ? [] : leaves(body);
  const firstText = fields.find((f) => typeof f.value === 'string');
  for (const leaf of fields) {
    const field = leaf.path.join('.') || '(body)';
    // Every field gets the kinds its type could let through to the database; the kinds that are
    // refused before any field is read (a body over the limit) or that decode to an ordinary
    // character (invalid UTF-8 becomes U+FFFD) go into one text field of each body.
    const bad: [string, unknown][] =
      typeof leaf.value === 'number'
        ? [['big id', BIG_ID], ['huge number', 1e20]]
        : [['NUL', NUL], ['long inside the body limit', LONG_INSIDE], ['lone surrogate', SURROGATE], ['big id as text', String(BIG_ID)]];
    if (leaf === firstText) bad.push(['long', LONG], ['invalid UTF-8', BAD_UTF8_MARK], ['a number', BIG_ID]);
    for (const [kind, value] of bad) {
      const json = JSON.stringify(replaced(body, leaf.path, value));
      const payload = value === BAD_UTF8_MARK ? Buffer.concat(json.split(BAD_UTF8_MARK).flatMap((part, i) => (i ? [Buffer.from([0xff, 0xfe]), Buffer.from(part)] : [Buffer.from(part)]))) : json;
      calls.push({ label: `${kind} in body ${field}`, method, url: url({}), who, payload });
    }
  }
  // every date of the body at once at the far ends of the calendar
  const bodyDates = fields.filter((f) => typeof f.value === 'string' && DATE.test(f.value));
  for (const far of bodyDates.length ? FAR_DATES : []) {
    const json = JSON.stringify(bodyDates.reduce<unknown>((b, f) => replaced(b, f.path, far), body));
    calls.push({ label: `${far} in every date of the body`, method, url: url({}), who, payload: json });
  }
  // the whole body one bad value, and a body that is not UTF-8 at all
  if (bodySchema) {
    calls.push({ label: 'body of invalid UTF-8', method, url: url({}), who, payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
    calls.push({ label: 'body a NUL string', method, url: url({}), who, payload: JSON.stringify(NUL) });
  }
  return calls;
}

beforeAll(async () => {
  t = await makeApp();
  testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
  patient = await createUser(t.app);
  const roles = [...new Set(Object.values(STAFF_ACCESS).flat())];
  for (const role of roles) staffOf.set(role, await createStaff(t.app, role));
  appointmentId = await book(t.app, {}, patient);
});
afterAll(() => t.close());

describe('the bad-input sweep over every route of the OpenAPI document', () => {
  // seconds on an idle machine; the limit leaves room for a CI machine that is not
  it('answers no 5xx to NUL bytes, ids past 2^31, long strings, invalid UTF-8 and lone surrogates', { timeout: 180_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const calls = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).flatMap(([method, op]) => callsOf(route, method.toUpperCase(), op)));
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBeGreaterThan(100);
    const failures: string[] = [];
    const queue = [...calls];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let call = queue.shift(); call; call = queue.shift()) {
          const res = await t.app.inject({
            method: call.method as 'GET',
            url: call.url,
            remoteAddress: address(),
            headers: { ...(call.who ? bearer(call.who) : {}), ...(call.payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(call.payload === undefined ? {} : { payload: call.payload }),
          });
          if (res.statusCode >= 500) failures.push(`${call.method} ${call.url.slice(0, 120)} — ${call.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }),
    );
    expect(calls.length).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
