// A real SMTP server for browser tests: it listens on a free loopback port, accepts every message
// without authentication or TLS (like a developer's mail catcher) and keeps them, decoded, so a test
// can wait for the e-mail the app sent and follow the link in it.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** envelope recipients, as the app's SMTP client gave them */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailCatcher {
  port: number;
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL */
  url: string;
  messages: ReceivedMail[];
  /** the first message (received so far or later) to that address */
  /** the first e-mail to `to` (whose text matches `about`, when given) */
  waitForMail(to: string, timeoutMs?: number, about?: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: without STARTTLS on offer, nodemailer sends in the clear.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, raw, ...parseMessage(raw) });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 15_000, about) {
      const wanted = to.toLowerCase();
      const find = () => messages.find((m) => m.to.includes(wanted) && (!about || about.test(m.text)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => m.to.join(',')).join('; ') || 'none'})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader: enough for what nodemailer writes (multipart/alternative, QP, base64) ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Header lines continue on lines that start with white space (RFC 5322 folding).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return m?.[1];
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    // Literal percent signs are escaped first so decodeURIComponent turns only =XX bytes back.
    const bytes = part.body
      .replace(/%/g, '%25')
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes);
    } catch {
      return part.body;
    }
  }
  return part.body;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= encoded words in a header */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody({ headers: new Map([['content-transfer-encoding', 'quoted-printable']]), body: text.replace(/_/g, ' ') }),
    );
}

function collect(part: Part, out: { text: string; html: string }): void {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers.get('content-type') ?? '', 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), out);
    }
    return;
  }
  if (type.startsWith('text/html')) out.html ||= decodeBody(part);
  else if (type.startsWith('text/plain')) out.text ||= decodeBody(part);
}

export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const root = splitPart(raw);
  const out = { text: '', html: '' };
  collect(root, out);
  return { subject: decodeWords(root.headers.get('subject') ?? ''), ...out };
}
