// The MLLP listener the analysers connect to (docs/analysers.md): a TCP server on ANALYSER_PORT that
// knows each analyser by the address it connects from (ANALYSERS) and closes any other connection.
// Messages on a connection are taken one after another, in order, and each is acknowledged only after
// its transaction has committed: a connection dropped mid-message loses only what was not acknowledged,
// which the analyser sends again (a duplicate of a taken message changes nothing). A second connection
// from an analyser replaces the first (an instrument that lost its link reconnects; the old socket may
// never say it closed).
import net from 'node:net';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyserSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { frame, FrameTooLarge, MllpDecoder } from './mllp.ts';
import { loadParser } from './oru.ts';
import { takeMessage } from './service.ts';

/** an idle connection is kept this long (analysers keep theirs open; a dead peer is noticed by keep-alive) */
const KEEP_ALIVE_MS = 60_000;

/** "::ffff:10.0.0.5" is 10.0.0.5 */
const plainAddress = (a: string | undefined) => (a?.startsWith('::ffff:') ? a.slice(7) : (a ?? ''));

export interface AnalyserListener {
  /** the port it listens on (the one asked for, or the one given for 0) */
  port: number;
  close(): Promise<void>;
}

export async function startAnalyserListener(deps: { db: Kysely<Database>; log: FastifyBaseLogger }, settings: AnalyserSettings): Promise<AnalyserListener> {
  const byAddress = new Map(settings.analysers.flatMap((a) => a.addresses.map((address) => [address, a.name] as const)));
  const open = new Map<string, net.Socket>();
  const sockets = new Set<net.Socket>();
  /** each connection's last message in hand: close() waits for them before the database closes */
  const inHand = new Map<net.Socket, Promise<void>>();

  const server = net.createServer((socket) => {
    const address = plainAddress(socket.remoteAddress);
    const analyser = byAddress.get(address);
    if (!analyser) {
      deps.log.warn({ address }, 'analyser listener: a connection from an address not in ANALYSERS was closed');
      socket.destroy();
      return;
    }
    open.get(analyser)?.destroy();
    open.set(analyser, socket);
    sockets.add(socket);
    socket.setKeepAlive(true, KEEP_ALIVE_MS);
    const log = deps.log.child({ analyser });
    log.info({ address }, 'analyser connected');
    const decoder = new MllpDecoder();
    // one message at a time, in the order received
    let turn = Promise.resolve();
    inHand.set(socket, turn);
    socket.on('data', (data) => {
      let messages: Buffer[];
      try {
        messages = decoder.push(data);
      } catch (err) {
        if (!(err instanceof FrameTooLarge)) throw err;
        log.warn('analyser listener: a message over the size limit; the connection is closed');
        socket.destroy();
        return;
      }
      for (const bytes of messages) {
        turn = turn.then(async () => {
          try {
            const answer = await takeMessage(deps.db, analyser, bytes.toString('utf8'));
            if (answer.code !== 'AA') log.warn({ ack: answer.code, reason: answer.text }, 'analyser message refused');
            if (answer.ack && !socket.destroyed) socket.write(frame(answer.ack));
          } catch (err) {
            // the database failed: no acknowledgement, so the analyser sends the message again
            log.error({ err }, 'analyser listener: a message could not be taken; it was not acknowledged');
          }
        });
        inHand.set(socket, turn);
      }
    });
    socket.on('error', (err) => log.warn({ err: err.message }, 'analyser connection error'));
    socket.on('close', () => {
      sockets.delete(socket);
      void turn.then(() => inHand.delete(socket));
      if (open.get(analyser) === socket) open.delete(analyser);
      log.info('analyser disconnected');
    });
  });

  // the parser is loaded before the first connection, not by the first message (a stall of its own)
  await loadParser();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  deps.log.info({ port, analysers: settings.analysers.map((a) => a.name) }, 'analyser listener started');
  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.end();
      // a peer that does not close its side is cut after a moment
      const cut = setTimeout(() => {
        for (const s of sockets) s.destroy();
      }, 2_000);
      await Promise.all([...inHand.values()]);
      await closed;
      clearTimeout(cut);
    },
  };
}
