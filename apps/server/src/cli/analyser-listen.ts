// The instrument side of orders out (docs/analysers.md): an MLLP server that acts as a host-query
// analyser, prints each order it receives (the accession number and the test codes, then the message)
// and answers it. It speaks through @medplum/hl7's server, so the lab's sender (analysers/orders.ts) is
// tried by another implementation of MLLP than its own.
//
//   npm run analyser:listen -- [--port 5100] [--answer AA|AE|AR]
//
// Point an analyser's orders at it: ANALYSERS="XN-1000@127.0.0.1>ORM@127.0.0.1:5100". Stop it with Ctrl-C.
import { parseArgs } from 'node:util';
import { type Hl7MessageEvent, Hl7Server } from '@medplum/hl7';

const USAGE = 'Usage: npm run analyser:listen -- [--port PORT] [--answer AA|AE|AR]';

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ options: { port: { type: 'string', default: '5100' }, answer: { type: 'string', default: 'AA' } } });
}
try {
  args = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const port = Number(args.values.port);
const answer = args.values.answer.toUpperCase();
if (!Number.isInteger(port) || port < 1 || port > 65535 || !['AA', 'AE', 'AR'].includes(answer)) {
  console.error(USAGE);
  process.exit(2);
}

const server = new Hl7Server((connection) => {
  connection.addEventListener('message', ({ message }: Hl7MessageEvent) => {
    const type = [message.header.getComponent(9, 1), message.header.getComponent(9, 2)].join('^');
    const obrs = message.getAllSegments('OBR');
    const accession = obrs[0]?.getComponent(3, 1) ?? '(none)';
    console.log(`\n${new Date().toISOString()} ${type} for container ${accession}: ${obrs.map((o) => o.getComponent(4, 1)).join(', ') || '(no tests)'}`);
    console.log(message.toString().replace(/\r/g, '\n'));
    const ack = message.buildAck({ ackCode: answer as 'AA' | 'AE' | 'AR' });
    if (answer !== 'AA') ack.getSegment('MSA')?.setField(3, answer === 'AE' ? 'Refused by the simulator' : 'Not accepting orders (simulator)');
    connection.send(ack);
    console.log(`answered ${answer}`);
  });
});
server.start(port);
console.log(`Acting as an analyser: taking orders over MLLP on port ${port}, answering ${answer}.`);
process.on('SIGINT', () => {
  void server.stop({ forceDrainTimeoutMs: 1000 }).then(() => process.exit(0));
});
