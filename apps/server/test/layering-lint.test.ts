// The server's layers are enforced by lint (eslint.config.js; docs/decisions/054-server-layers-and-module-plugins.md):
// each zone is shown a file that breaks it and must refuse it, and a file that keeps to the layers must
// pass. Taking a rule out of the configuration fails this test.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const server = (file: string) => path.join(root, 'apps/server/src', file);
let eslint: ESLint;

/** the rules that fire on `code` as if it were the file at `file` (relative to apps/server/src) */
async function rulesFiring(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: server(file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the server layers in lint', () => {
  it('refuses a lib/ file that imports a module, the database or the app', async () => {
    expect(await rulesFiring('lib/layering-probe.ts', "import { CATALOG_CHANNEL } from '../modules/catalog/catalog-version.ts';\nexport const c = CATALOG_CHANNEL;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring('lib/layering-probe.ts', "import type { Database } from '../db/schema.ts';\nexport type D = Database;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring('lib/layering-probe.ts', "import { buildApp } from '../app.ts';\nexport const b = buildApp;\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuses a db/ file that imports a module', async () => {
    expect(await rulesFiring('db/layering-probe.ts', "import { CATALOG_CHANNEL } from '../modules/catalog/catalog-version.ts';\nexport const c = CATALOG_CHANNEL;\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuses a module that imports http/ or the app', async () => {
    expect(await rulesFiring('modules/auth/layering-probe.ts', "import { errorHandler } from '../../http/error-handler.ts';\nexport const e = errorHandler;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring('modules/auth/layering-probe.ts', "import { buildApp } from '../../app.ts';\nexport const b = buildApp;\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuses a migration that imports live code, and lets it import types', async () => {
    expect(await rulesFiring('db/migrations/999-layering-probe.ts', "import { nowIso } from '../../lib/time.ts';\nexport const n = nowIso;\n")).toContain('@typescript-eslint/no-restricted-imports');
    expect(await rulesFiring('db/migrations/999-layering-probe.ts', "import { CATALOG_CHANNEL } from '../../modules/catalog/catalog-version.ts';\nexport const c = CATALOG_CHANNEL;\n")).toContain('@typescript-eslint/no-restricted-imports');
    expect(await rulesFiring('db/migrations/999-layering-probe.ts', "import type { Database } from '../schema.ts';\nexport type D = Database;\n")).toEqual([]);
  });

  it("refuses a module's routes that import another module's routes, and lets them call its service", async () => {
    expect(await rulesFiring('modules/auth/routes.ts', "import { mailLogStaffRoutes } from '../messaging/routes.ts';\nexport const r = mailLogStaffRoutes;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring('modules/auth/layering-probe-routes.ts', "import { mailLogStaffRoutes } from '../messaging/routes.ts';\nexport const r = mailLogStaffRoutes;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring('modules/auth/routes.ts', "import { deliveryLog } from '../messaging/service.ts';\nexport const d = deliveryLog;\n")).toEqual([]);
  });

  it('lets a module import lib/, db/ and another module', async () => {
    const code = "import type { Deps } from '../../lib/context.ts';\nimport type { Database } from '../../db/schema.ts';\nimport { CATALOG_CHANNEL } from '../catalog/catalog-version.ts';\nexport type X = [Deps, Database];\nexport const c = CATALOG_CHANNEL;\n";
    expect(await rulesFiring('modules/auth/layering-probe.ts', code)).toEqual([]);
  });

  describe('import circles', () => {
    // no-cycle reads the other file from the disk: two real files, for the length of this test
    const dir = server(`layering-probe-${process.pid}`);
    const a = "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n";
    beforeAll(() => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'a.ts'), a);
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses two server files that import each other', async () => {
      expect(await rulesFiring(path.relative(server(''), path.join(dir, 'a.ts')), a)).toContain('import-x/no-cycle');
    });
  });
});
