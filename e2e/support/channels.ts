// What the WhatsApp and SMS browser tests share (docs/messaging.md): the e2e server's channel outbox and
// WhatsApp app secret (e2e-server.mjs), the message the outbox holds, and a webhook posted as WhatsApp
// posts it, signed over the raw body. The webhook bodies are the provider fakes' (apps/server/test/fakes),
// so the API and browser tests play the same events.
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signWhatsApp } from '../../apps/server/test/fakes/whatsapp-cloud.ts';
import { expect } from './fixtures.ts';

export { whatsappStatusEvent, whatsappTextEvent } from '../../apps/server/test/fakes/whatsapp-cloud.ts';

const PORT = process.env.E2E_PORT ?? '3100';

/** what e2e-server.mjs left for the specs */
export function e2eServer(): { databaseUrl: string; channelOutboxDir: string; whatsappAppSecret: string } {
  return JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { databaseUrl: string; channelOutboxDir: string; whatsappAppSecret: string };
}

/** one file of the channel outbox (apps/server/src/modules/messaging/channels/outbox.ts) */
export interface OutboxMessage {
  providerMessageId: string;
  channel: string;
  kind: string;
  to: string;
  language: string;
  /** what the patient reads, its link included */
  text: string;
}

/** the channel outbox's message of this kind to this number, waiting (polling the folder) until the runner writes it */
export async function outboxMessage(channel: string, kind: string, to: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        const dir = e2eServer().channelOutboxDir;
        let files: string[];
        try {
          files = readdirSync(dir).filter((f) => f.endsWith('.json'));
        } catch {
          return false;
        }
        for (const f of files) {
          const m = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage;
          if (m.channel === channel && m.kind === kind && m.to === to) {
            found = m;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** posts a WhatsApp webhook event signed with the app secret (or the secret given: a forgery); answers the status */
export async function postWhatsAppWebhook(request: APIRequestContext, event: object, secret = e2eServer().whatsappAppSecret): Promise<number> {
  const raw = JSON.stringify(event);
  const res = await request.post('/api/channels/whatsapp/webhook', { headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(secret, raw) }, data: raw });
  return res.status();
}
