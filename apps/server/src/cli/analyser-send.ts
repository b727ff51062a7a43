// The analyser simulator: sends an HL7 v2 message file to the analyser listener over MLLP, as an
// instrument would, and prints the acknowledgement (docs/analysers.md). It speaks through
// @medplum/hl7's client, so the listener is tried by another implementation of MLLP than its own.
//
//   npm run analyser:send -- FILE [--accession 261128-0001] [--host 127.0.0.1] [--port 2575] [--control-id ID] [--patient "Verma^Ravi"]
//
// The listener knows an analyser by the address it connects from: run this from an address given in
// ANALYSERS (127.0.0.1 for a local try). FILE is relative to where npm was run. Exit codes: 0 acknowledged AA, 1 AE/AR or no answer, 2 bad arguments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { prepareMessage } from '../modules/analysers/simulator.ts';

const USAGE = 'Usage: npm run analyser:send -- FILE [--accession NUMBER] [--host HOST] [--port PORT] [--control-id ID] [--patient "Family^Given"]';

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { accession: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: process.env.ANALYSER_PORT ?? '2575' }, 'control-id': { type: 'string' }, patient: { type: 'string' } },
  });
}
try {
  args = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file] = args.positionals;
const port = Number(args.values.port);
if (!file || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(USAGE);
  process.exit(2);
}

const text = prepareMessage(readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'), { accession: args.values.accession, controlId: args.values['control-id'], patientName: args.values.patient });
const client = new Hl7Client({ host: args.values.host, port, connectTimeout: 10_000 });
try {
  const ack = await client.sendAndWait(Hl7Message.parse(text), { timeoutMs: 30_000 });
  const code = ack.getSegment('MSA')?.getField(1).toString() ?? '?';
  console.log(ack.toString().replace(/\r/g, '\n'));
  process.exitCode = code === 'AA' ? 0 : 1;
} catch (err) {
  console.error(`No acknowledgement: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
