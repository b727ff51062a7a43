// The channel adapter used when no provider is configured: each message is one JSON file in
// CHANNEL_OUTBOX_DIR (as e-mails are .eml files in MAIL_OUTBOX_DIR), so `npm start` works with no account
// and a developer reads what a patient would have received. The file's name is the message id the
// outbox answers, which a delivery receipt may name like a provider's (the browser tests play one).
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeWholeFile } from '../../../lib/whole-file.ts';
import type { ChannelAdapter, ChannelMessage, ChannelName, SendResult } from './channel.ts';
import { messageText } from './templates.ts';

/** what one outbox file holds */
export interface OutboxFile extends ChannelMessage {
  providerMessageId: string;
  channel: ChannelName;
  /** the text the patient would read, link included */
  text: string;
  at: string;
}

/**
 * `write`: writes the whole file, readable by the server's user only; the runner passes the mail thread's
 * (Mailer.writeFile), so the event loop serving requests does not make the file system calls
 */
export function outboxAdapter(channel: ChannelName, opts: { dir: string; publicUrl: string; now?: () => Date; write?: (file: string, data: string) => Promise<void> }): ChannelAdapter {
  const write = opts.write ?? ((file: string, data: string) => writeWholeFile(file, data, 0o600));
  let ready: Promise<unknown> | null = null;
  return {
    channel,
    async send(message: ChannelMessage): Promise<SendResult> {
      ready ??= mkdir(opts.dir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
        ready = null;
        throw err;
      });
      await ready;
      const providerMessageId = `outbox-${channel}-${randomUUID()}`;
      const file: OutboxFile = { providerMessageId, channel, ...message, text: messageText(message, opts.publicUrl), at: (opts.now?.() ?? new Date()).toISOString() };
      // The file holds links that are capabilities (bills, reports, cancel links): readable by this user only.
      await write(path.join(opts.dir, `${providerMessageId}.json`), JSON.stringify(file, null, 2));
      return { providerMessageId };
    },
  };
}
