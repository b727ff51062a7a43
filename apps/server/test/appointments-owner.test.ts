// The appointments module owns the appointments table (docs/decisions/054-server-layers-and-module-plugins.md):
// modules/appointments/lifecycle.ts is the only server code that inserts, updates or deletes its rows, so
// every change of a visit's state goes through one place. Migrations (frozen history) and the demo seed
// are the exceptions. A write anywhere else fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
const owner = path.join(src, 'modules/appointments/lifecycle.ts');
const writes = /\b(?:insertInto|updateTable|deleteFrom)\(\s*['"](?:appointments|appointment_tests)['"]|\binsertMany\([^)]*['"](?:appointments|appointment_tests)['"]|\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(?:appointments|appointment_tests)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full.endsWith(path.join('db', 'migrations')) || full.endsWith(path.join('db', 'seed')) ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('who writes the appointments table', () => {
  it('only modules/appointments/lifecycle.ts', () => {
    const writers = sourceFiles(src).filter((f) => writes.test(readFileSync(f, 'utf8')));
    expect(writers.map((f) => path.relative(src, f))).toEqual([path.relative(src, owner)]);
  });
});
