// Comments and docs name our own documents (docs/product.md, the decision records, the README and the
// other docs/ pages) or say the thing itself; they never cite a specification section or an issue
// number, which a newcomer cannot open. Decision records may keep such a number in their history.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const roots = ['README.md', 'apps', 'packages', 'e2e', 'bench', 'docs', 'test-support', '.ci'];
const skipDirs = new Set(['node_modules', 'build', 'dist', 'coverage', '.react-router', 'results', 'decisions']);
const checked = /\.(ts|tsx|mts|mjs|js|cjs|css|md|sh)$|^run$/;
// Built from parts, so this file does not match itself.
const section = '\u00a7';
const citation = new RegExp(`spec ${section}|(?<![\\w.])${section} ?\\d|\\b[Ii]ssues? \\d+`);

function files(at: string): string[] {
  const full = path.join(root, at);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [at];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skipDirs.has(entry.name) ? [] : files(path.join(at, entry.name));
    return checked.test(entry.name) ? [path.join(at, entry.name)] : [];
  });
}

describe('citations in comments and docs', () => {
  it('name our own documents, never a specification section or an issue number', () => {
    const found: string[] = [];
    for (const file of roots.flatMap(files)) {
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (citation.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
