// Builds the server to plain JavaScript for production: `node dist/main.js` starts without a
// TypeScript loader (faster start, less memory; figures in decision 026). One ESM bundle of our code
// and the contract's TypeScript source; every npm package stays external and loads from node_modules.
// The mail and PDF threads are entries of their own, found beside main.js. `npm run dev` and the tests run the
// TypeScript sources through tsx as before.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

/** bare imports stay external (node_modules), except our own workspace packages, which are TypeScript */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lab/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'mail-worker': 'src/modules/messaging/mail-worker.ts', 'pdf-worker': 'src/documents/pdf-worker.ts' },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
// Read at run time beside the code that needs it.
copyFileSync(path.join(root, 'src/lib/common-passwords.txt'), path.join(dist, 'common-passwords.txt'));
console.log(`server built to ${path.relative(process.cwd(), dist) || 'dist'}`);
