// The outboxes' files appear whole or not at all: a reader listing the folder while a message is being
// written never reads part of it (a browser test once parsed half a JSON file).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWholeFile } from '../src/lib/whole-file.ts';

describe('writeWholeFile', () => {
  it('never lets a reader of the folder see a file before all of it is written', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'whole-file-')), 'outbox');
    mkdirSync(folder);
    const data = Buffer.alloc(32 * 1024 * 1024, 'x');
    let done = false;
    const seen: number[] = [];
    const write = writeWholeFile(path.join(folder, 'a.json'), data, 0o600).finally(() => {
      done = true;
    });
    // The write goes through libuv's thread pool in pieces; the event loop keeps turning meanwhile.
    while (!done) {
      for (const n of readdirSync(folder)) seen.push(statSync(path.join(folder, n)).size);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await write;
    expect(seen.every((size) => size === data.length)).toBe(true);
    expect(readdirSync(folder)).toEqual(['a.json']);
    expect(readFileSync(path.join(folder, 'a.json')).length).toBe(data.length);
    expect(statSync(path.join(folder, 'a.json')).mode & 0o777).toBe(0o600);
    // nothing is left behind in the hidden folder the file was written in
    expect(readdirSync(path.join(path.dirname(folder), '.outbox.partial'))).toEqual([]);
  });
});
