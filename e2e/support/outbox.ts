// The e-mails the shared e2e server wrote as .eml files (it has no SMTP server), read back so a test can
// follow the link a person would click.
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parseMessage } from './smtp.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);

function outboxDir(): string {
  return (JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { outboxDir: string }).outboxDir;
}

/** the newest e-mail to `to` whose subject matches, waiting (by polling the folder) until it is written */
export async function lastMailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string; html: string }> {
  let found: ReturnType<typeof parseMessage> | undefined;
  await expect
    .poll(() => {
      const dir = outboxDir();
      const files = (() => {
        try {
          return readdirSync(dir).sort();
        } catch {
          return [];
        }
      })();
      for (const f of files.reverse()) {
        const raw = readFileSync(path.join(dir, f), 'utf8');
        if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
        const message = parseMessage(raw);
        if (subject.test(message.subject)) {
          found = message;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}
