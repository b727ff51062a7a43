// Shipped migrations are frozen: each one carries the constants and functions it needs as they were when
// it was written, so a later change to live code (a module's defaults, the invoice format, the search
// expression) never changes what an old migration does to a database. A migration imports only kysely,
// node: builtins and its neighbours in db/migrations; each loads on its own (a fresh module graph) and
// gives a migration with `up` for both databases.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const migrationFiles = readdirSync(dir)
  .filter((f) => /^\d{3}-.+\.ts$/.test(f))
  .sort();

/** every module specifier a source names: static, type-only, re-exports, dynamic import() and require() */
function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** the imports of `file` and of the db/migrations files it reaches that leave kysely, node: and db/migrations */
function liveImportsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const outside: string[] = [];
  for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
    if (spec === 'kysely' || spec.startsWith('node:')) continue;
    const target = spec.startsWith('.') ? resolve(dirname(file), spec) : null;
    if (target && dirname(target) === dir) outside.push(...liveImportsOf(target, seen));
    else outside.push(`${relative(dir, file)} imports ${spec}`);
  }
  return outside;
}

describe('the scan of a migration’s imports', () => {
  it('finds an import of live code in any form', () => {
    const source = [
      "import { type Kysely, sql } from 'kysely';",
      "import { randomInt } from 'node:crypto';",
      "import type { Dialect } from './dialect.ts';",
      "import { DEFAULT_LAB_DETAILS } from '../../modules/lab/defaults.ts';",
      "import type { Database } from '../schema.ts';",
      "export { nameKey } from '../../lib/name-key.ts';",
      "const m = await import('@lab/contract');",
    ].join('\n');
    expect(specifiersOf(source).filter((s) => s !== 'kysely' && !s.startsWith('node:') && !s.startsWith('./'))).toEqual([
      '../../modules/lab/defaults.ts',
      '../schema.ts',
      '../../lib/name-key.ts',
      '@lab/contract',
    ]);
  });
});

describe('shipped migrations', () => {
  it('are all listed in migrations/index.ts', async () => {
    vi.resetModules();
    const { migrationsFor } = await import('../src/db/migrations/index.ts');
    expect(Object.keys(migrationsFor('sqlite')).sort()).toEqual(migrationFiles.map((f) => f.replace(/\.ts$/, '')));
  });

  it.each(migrationFiles)('%s imports nothing of the live server', (file) => {
    expect(liveImportsOf(join(dir, file))).toEqual([]);
  });

  it.each(migrationFiles)('%s loads on its own and gives a migration with up for both databases', async (file) => {
    vi.resetModules();
    const module: Record<string, unknown> = await import(pathToFileURL(join(dir, file)).href);
    const factories = Object.values(module).filter((v): v is (dialect: string) => { up?: unknown } => typeof v === 'function');
    expect(factories).toHaveLength(1);
    for (const dialect of ['sqlite', 'postgres']) expect(typeof factories[0]!(dialect).up).toBe('function');
  });
});
