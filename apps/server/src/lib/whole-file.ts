// Writes a file so that a reader of its folder sees it whole or not at all: the content is written in
// a hidden sibling folder (`.<folder>.partial`, on the same file system) and then renamed into place,
// and a rename is atomic. The outboxes need this: a developer's tool or a test listing the folder while
// a message is being written must never read half of it, and must never list a file that is still
// being written. Hand-written because it is a few lines; the registry's write-file-atomic leaves its
// temporary file in the folder itself, and its current major needs a newer Node than ours.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** the hidden folders made so far: made once, not on every message */
const madeFolders = new Map<string, Promise<unknown>>();

export async function writeWholeFile(file: string, data: string | Uint8Array, mode: number): Promise<void> {
  const folder = path.dirname(file);
  const partialFolder = path.join(path.dirname(folder), `.${path.basename(folder)}.partial`);
  let made = madeFolders.get(partialFolder);
  if (!made) {
    made = mkdir(partialFolder, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      madeFolders.delete(partialFolder);
      throw err;
    });
    madeFolders.set(partialFolder, made);
  }
  await made;
  const partial = path.join(partialFolder, `${randomUUID()}-${path.basename(file)}`);
  try {
    await writeFile(partial, data, { mode });
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** the hidden folders a thread made so far with writeWholeFileSync */
const madeFoldersSync = new Set<string>();

/**
 * The same, in the calling thread without a turn of the thread pool: for a worker thread whose only
 * work is writing such files (the mail thread), where blocking holds no request up and the promise
 * and thread-pool hops of the asynchronous calls cost more CPU than the write (decision 077).
 */
export function writeWholeFileSync(file: string, data: string | Uint8Array, mode: number): void {
  const folder = path.dirname(file);
  const partialFolder = path.join(path.dirname(folder), `.${path.basename(folder)}.partial`);
  if (!madeFoldersSync.has(partialFolder)) {
    mkdirSync(partialFolder, { recursive: true, mode: 0o700 });
    madeFoldersSync.add(partialFolder);
  }
  const partial = path.join(partialFolder, `${randomUUID()}-${path.basename(file)}`);
  try {
    writeFileSync(partial, data, { mode });
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}
