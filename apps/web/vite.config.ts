import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { defineConfig, parseAst, type Plugin } from 'vite';

// React Router ships one build for development and production (its package exports no production
// condition), with development warnings on and a `displayName` assigned to every component at the
// top level. Those assignments count as side effects, so the bundler keeps components the site never
// uses (Form, ScrollRestoration, HistoryRouter and what they call) in the framework chunk every
// public page loads. In the browser build only, this turns the warnings off, as React Router's own
// production build does, and drops the names, which only React DevTools shows. Its components and
// contexts are made by top-level calls the bundler cannot know to be pure (`React.forwardRef(…)`,
// `React.createContext(…)`, `React.memo(…)`, without the `@__PURE__` mark React's own packages use), so
// `Form` and the submission code only it calls stayed too: marking those calls pure drops them
// (1.2 KB gzip). Lines are kept as they are, so the source map stays true.
const reactRouterDist = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

/** A find-and-replace in a library's published code, with how many times it must match. */
type CheckedEdit = [find: string | RegExp, replace: string | ((cut: string, ...groups: string[]) => string), times: number];
/** the code with every edit made (a RegExp needs the `g` flag), or the first edit that did not match as often as written */
function applyCheckedEdits(code: string, edits: CheckedEdit[]): { code: string } | { mismatch: string } {
  let out = code;
  for (const [find, replace, times] of edits) {
    const found = typeof find === 'string' ? out.split(find).length - 1 : (out.match(find) ?? []).length;
    if (found !== times) return { mismatch: `expected ${String(find)} ${times} time(s), found ${found}` };
    out = typeof replace === 'string' ? out.replaceAll(find, replace) : out.replaceAll(find, replace);
  }
  return { code: out };
}
/** as many line breaks as `cut` held: what replaces cut code, so lines and the source map stay true */
const lineBreaks = (cut: string) => '\n'.repeat(cut.split('\n').length - 1);

/** a stretch of code put in place of `start`…`end` (an insertion when they are equal), keeping its line breaks */
interface Cut {
  start: number;
  end: number;
  text: string;
}
/** the code with every cut made, in order of where they start */
function applyCuts(code: string, cuts: Cut[]): string {
  let out = '';
  let last = 0;
  for (const cut of [...cuts].sort((x, y) => x.start - y.start)) {
    out += code.slice(last, cut.start) + cut.text + lineBreaks(code.slice(cut.start, cut.end));
    last = cut.end;
  }
  return out + code.slice(last);
}

// Four features of React Router this site does not use, yet every page loaded (2.8 KB gzip): React
// Server Components (we render with `ServerRouter` and hydrate with the default `HydratedRouter`, so
// the RSC context is never provided and reads false: its error handler, redirect digests and prefetch
// links go), router instrumentation (`unstable_instrumentations`, which the default client entry
// never passes), link prefetching (no link has a `prefetch` prop) and fetchers (data loaded or sent
// without navigating). Each edit must match as often as written, or the build fails: a React Router
// upgrade then shows here, not as a silent change. Take an edit off if the site starts using its feature.
const reactRouterUnused: CheckedEdit[] = [
  // the RSC router's context, read in three places (RouterProvider, PrefetchPageLinks, Scripts)
  [/= useIsRSCRouterContext\(\);/g, '= false;', 3],
  // the render error boundary reads it as its class context: `this.context` is then always false
  ['RenderErrorBoundary.contextType = RSCRouterContext;', '', 1],
  ['if (this.context && typeof error === "object"', 'if (false && typeof error === "object"', 1],
  ['    if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler', '    if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler', 1],
  // createRouter's two instrumentation hooks (routes, then the router itself)
  ['  if (init.instrumentations) {', '  if (false) {', 2],
  // prefetching a page's modules and data ahead of a click (`<Link prefetch>` and `links()` page
  // descriptors): no link asks for it, which the build checks (`prefetch:"…"` in no chunk)
  ['usePrefetchBehavior(\n      prefetch,\n      rest\n    );', '[false, null, {}];', 1],
  ['    ({ key, link }) => isPageLinkDescriptor(link) ? ', '    ({ key, link }) => false ? ', 1],
  // fetchers (`useFetcher`, and `useSubmit`/`<Form>` without navigating), which call `router.fetch`: no
  // screen uses them, which lint checks (eslint.config.js); its code goes, and a call would throw
  ['    fetch: fetch2,\n', '    fetch: () => { throw new Error("router.fetch is edited out of the browser build (vite.config.ts)"); },\n', 1],
];
// React Router's messages for developers, 2.5 KB gzip of every page together. Its warnings
// (`warning(cond, message)`, `warningOnce`, `warnOnce`: 32 calls in the router's module) print to the
// console only and never change what the page does: each call goes (1.4 KB gzip). Its invariants
// (`invariant(cond, message)`: 57 calls) still throw when their condition fails, with the message
// replaced by where the call is in the published module (`React Router invariant, chunk-….mjs:1500`),
// which is enough to look it up and which the site's error page never shows anyway (0.8 KB gzip). The
// calls are found in the module's syntax tree; what is cut is replaced by as many line breaks, so lines
// and the source map stay true. Both counts are checked, so a React Router upgrade fails the build here.
const reactRouterWarnings = 32;
const reactRouterInvariants = 57;
const warningCalls = new Set(['warning', 'warningOnce', 'warnOnce']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Call extends Node {
  callee: Node & { name?: string };
  arguments: Node[];
}
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const isCallOf = (node: unknown, names: (name: string) => boolean): node is Call =>
  isNode(node) && node.type === 'CallExpression' && isNode(node.callee) && node.callee.type === 'Identifier' && names(String(node.callee.name));

function quietReactRouter(code: string, file: string): { code: string; warnings: number; invariants: number } {
  const cuts: Cut[] = [];
  let warnings = 0;
  let invariants = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (node.type === 'ExpressionStatement' && isCallOf(node.expression, (name) => warningCalls.has(name))) {
      cuts.push({ start: node.start, end: node.end, text: 'void 0;' });
      warnings++;
      return;
    }
    if (isCallOf(node, (name) => name === 'invariant') && node.arguments.length === 2) {
      const message = node.arguments[1]!;
      const line = code.slice(0, node.start).split('\n').length;
      cuts.push({ start: message.start, end: message.end, text: `"React Router invariant, ${file}:${line}"` });
      invariants++;
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
  };
  visit(parseAst(code));
  return { code: applyCuts(code, cuts), warnings, invariants };
}

function reactRouterForProduction(): Plugin {
  return {
    name: 'lab:react-router-for-production',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: reactRouterDist },
      handler(code, id) {
        let out = code
          .replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
        // the edits below belong to the module that holds the router (the others re-export it)
        if (out.includes('\nfunction createRouter(init) {')) {
          const edited = applyCheckedEdits(out, reactRouterUnused);
          if ('mismatch' in edited) return this.error(`${id}: ${edited.mismatch}: update reactRouterUnused`);
          out = edited.code;
          const quiet = quietReactRouter(out, id.split(/[\\/]/).pop() ?? id);
          if (quiet.warnings !== reactRouterWarnings || quiet.invariants !== reactRouterInvariants) {
            this.error(`${id}: expected ${reactRouterWarnings} warnings and ${reactRouterInvariants} invariants, found ${quiet.warnings} and ${quiet.invariants}: update reactRouterWarnings/reactRouterInvariants`);
          }
          out = quiet.code;
        }
        return { code: out, map: null };
      },
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && /\bprefetch:["'`](intent|render|viewport)["'`]/.test(chunk.code)) {
          this.error(`${chunk.fileName} asks a link to prefetch, which lab:react-router-for-production edits out: take its edits off reactRouterUnused`);
        }
      }
    },
  };
}

// Message ids numbered in the build (decision 034): every string literal that is a catalogue id
// (`t('nav.home')`) becomes its position in the English catalogue (`t(12)`), in the browser's and the
// server's code alike, and a page's data then names only the first message of each run it carries
// (catalogues.server.ts). Tests and `react-router dev` keep the ids as written. A call
// `messagesInCode({name: 'id', …})` (shared/i18n/messages-in-code.ts) becomes the object it returns,
// the messages written out in both languages, so the catalogues stay out of the chunk.
const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`./src/shared/i18n/catalogues/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const catalogues = { en: catalogue('en'), hi: catalogue('hi') };
const messageIds = new Map(Object.keys(catalogues.en).map((id, i) => [id, i]));
function numberedMessageIds(): Plugin {
  return {
    name: 'lab:numbered-message-ids',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/ },
      handler(code, id) {
        // the server's catalogue code works with the ids as written (the catalogues' keys)
        if (/catalogues\.server\.ts$/.test(id)) return null;
        const inCode = code.replace(/\bmessagesInCode\(\{([^{}]*)\}\)/g, (_call, body: string) => {
          const names = [...body.matchAll(/(\w+):\s*(['"`])([\w.]+)\2/g)].map(([, name = '', , messageId = '']) => {
            if (!messageIds.has(messageId)) this.error(`${id}: messagesInCode names ${messageId}, which is not in the catalogues`);
            return [name, messageId] as const;
          });
          const pick = (messages: Record<string, string>) => Object.fromEntries(names.map(([name, messageId]) => [name, messages[messageId]]));
          return JSON.stringify({ en: pick(catalogues.en), hi: pick(catalogues.hi) });
        });
        const numbered = inCode.replace(/(['"`])([a-z]\w*(?:\.\w+)+)\1/g, (literal, _quote, id: string) => String(messageIds.get(id) ?? literal));
        return numbered === code ? null : { code: numbered, map: null };
      },
    },
  };
}

// React and React DOM are published as CommonJS, whose `exports.name = …` assignments the bundler must
// keep whether or not anything reads them, and with them all they call: React.Children's helpers,
// cloneElement, PureComponent, React DOM's portal and resource hints. None of those is read anywhere
// in the browser build, so in the browser build only this turns each of them into an unused local
// (which the minifier drops, with what only it used): about 1.7 KB gzip out of the framework chunk every
// page loads. The build fails if any chunk reads one of them (`.name`, `{name}`): take it off the list then.
const unusedReactExports: Record<string, string[]> = {
  'react.production.js': ['Activity', 'Children', 'Profiler', 'PureComponent', 'ViewTransition', 'addTransitionType', 'cloneElement', 'createRef', 'isValidElement', 'unstable_useCacheRefresh'],
  'react-dom.production.js': ['createPortal', 'preconnect', 'prefetchDNS', 'preinit', 'preinitModule', 'preloadModule', 'requestFormReset', 'unstable_batchedUpdates', 'useFormStatus'],
};
function dropUnusedReactExports(): Plugin {
  const dropped = Object.values(unusedReactExports).flat();
  // `.name`, or `{name: …}` / `{name}` as a destructuring would read it
  const read = new RegExp(`\\.(${dropped.join('|')})\\b|[{,](${dropped.join('|')})[:,}]`);
  return {
    name: 'lab:drop-unused-react-exports',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react(-dom)?[\\/]cjs[\\/]react(-dom)?\.production\.js$/ },
      handler(code, id) {
        let out = code;
        for (const name of unusedReactExports[id.split(/[\\/]/).pop() ?? ''] ?? []) {
          const assignment = new RegExp(`^exports\\.${name} =`, 'm');
          if (!assignment.test(out)) this.error(`${id} no longer exports ${name}: update unusedReactExports`);
          out = out.replace(assignment, `var unused_${name} =`);
        }
        return { code: out, map: null };
      },
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const found = chunk.type === 'chunk' ? read.exec(chunk.code) : null;
        if (found) this.error(`${chunk.fileName} reads ${found[1] ?? found[2]}, which lab:drop-unused-react-exports drops from React: take it off unusedReactExports`);
      }
    },
  };
}

// Three things React DOM's client does on every page that this site never needs (4.9 KB gzip in all),
// edited out of the browser build only. Each edit must match as often as written, or the build fails.
// - View transitions: a commit starts one (`document.startViewTransition`) only when a `<ViewTransition>`
//   takes part, and the site cannot render one (React's `ViewTransition` export is dropped above, and
//   the build checks nothing reads it): the commit always takes the plain path, and the code that
//   runs, measures and reports view transitions goes (1.8 KB).
// - Component stacks: when a component throws, React DOM works out the stack of components above it
//   (calling each function component in a probe to read its frame) for the error handlers given to
//   `hydrateRoot` and for `componentDidCatch`. React's default handlers do not print it, React Router's
//   default client entry gives none, and its error boundary only logs the error: the stack is left
//   empty (0.9 KB). The build fails if a chunk passes a handler or reads `.componentStack`.
// - Fragment refs (`<Fragment ref>`, whose instance has listeners, focus, observers, rects): no
//   fragment has a ref, which lint checks (eslint.config.js); such a ref would stay null (2.2 KB).
// Cut code is replaced by as many line breaks, so lines and the source map stay true.
const reactDomUnused: CheckedEdit[] = [
  [
    /^ {2}shouldStartViewTransition\n {4}\? \(pendingViewTransition = startViewTransition\([^)]*\)\)\n {4}: (\(flushMutationEffects\(\), flushLayoutEffects\(\), flushSpawnedWork\(\)\);)$/gm,
    (cut, plain) => `  ${plain}${lineBreaks(cut)}`,
    1,
  ],
  ['stack: getStackByFiberInDevAndProd(source)', 'stack: ""', 2],
  // attaching a ref to a view transition or a fragment: the default (the fiber's own node, null) instead
  [
    /^ {8}case 30:\n {10}var instance = current\.stateNode,[\s\S]*?\n {8}case 7:\n {10}if \(null === current\.stateNode\) \{\n {12}var fragmentInstance = new FragmentInstance\(current\);[\s\S]*?\n {10}instanceToUse = current\.stateNode;\n {10}break;\n(?= {8}default:)/gm,
    (cut) => lineBreaks(cut),
    1,
  ],
  // the fragment instance's methods, written onto its prototype (a write the bundler must keep): locals
  [/^FragmentInstance\.prototype\.(\w+) = /gm, 'var unused_FragmentInstance_$1 = ', 12],
];
function reactDomForTheSite(): Plugin {
  return {
    name: 'lab:react-dom-for-the-site',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/ },
      handler(code, id) {
        const edited = applyCheckedEdits(code, reactDomUnused);
        if ('mismatch' in edited) return this.error(`${id}: ${edited.mismatch}: update reactDomUnused`);
        return { code: edited.code, map: null };
      },
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const found = chunk.type === 'chunk' ? /\bon(Caught|Uncaught|Recoverable)Error:|\.componentStack\b/.exec(chunk.code) : null;
        if (found) this.error(`${chunk.fileName} uses React's component stacks (${found[0]}), which lab:react-dom-for-the-site leaves empty: take that edit off reactDomUnused`);
      }
    },
  };
}

// Zod (the contract's schemas, on the patient screens) compiles a fast parser for each object schema with
// `new Function` where the page allows eval, and finds that out by trying it as the first object schema is
// made. The site's Content-Security-Policy allows no eval (apps/server/src/lib/csp.ts): the try is refused and
// reported as a violation (Lighthouse's best-practices audit of browser issues counts it), though zod then
// parses without it anyway. In the browser build only, zod's shared settings start `jitless`, its own way of
// skipping the try (zod reads them from `globalThis.__zod_globalConfig`, made where its core module loads:
// the edit must match once, so a zod upgrade fails the build here). The server keeps the compiled parsers.
const zodJitless: CheckedEdit[] = [['(_a.__zod_globalConfig = {})', '(_a.__zod_globalConfig = { jitless: true })', 1]];
function zodWithoutEval(): Plugin {
  return {
    name: 'lab:zod-without-eval',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler(code, id) {
        const edited = applyCheckedEdits(code, zodJitless);
        if ('mismatch' in edited) return this.error(`${id}: ${edited.mismatch}: update zodJitless`);
        return { code: edited.code, map: null };
      },
    },
  };
}

// The contract's schemas in the browser (decision 081). Each contract module builds its zod schemas when it
// loads (`export const x = z.object({ … })`), and the bundler keeps every such call, since it cannot know
// that making a schema has no side effect: a screen that imports one schema or helper of a module made all of
// that module's schemas as the page started (on the dashboard, 86 ms of its main thread at 4× CPU). In the
// browser build only, every call made while a contract module loads (in the initialisers of its top-level
// constants, not in the functions they hold) is marked pure, so the schemas no screen uses are left out and
// never made. The server's build is untouched: it validates with all of them. Everything the contract runs at
// load is such a builder (zod's, `text`, `id`, `m`, `say`); a top-level call for its effect would be a
// statement, not an initialiser, and stays as written.
const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;
const functionNode = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassDeclaration']);
/** where every call and `new` in `node` starts, outside the functions it holds */
function loadTimeCalls(node: unknown, starts: Set<number>): void {
  if (Array.isArray(node)) return node.forEach((n) => loadTimeCalls(n, starts));
  if (!isNode(node) || functionNode.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') loadTimeCalls(value, starts);
}
function contractSchemasWhenUsed(): Plugin {
  return {
    name: 'lab:contract-schemas-when-used',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: contractSource },
      handler(code, id) {
        const starts = new Set<number>();
        for (const statement of parseAst(code, { lang: 'ts' }).body as unknown as Node[]) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[]) loadTimeCalls(declarator.init, starts);
        }
        // a call starts with its callee (a name, `(`, or `new`): anything else means the offsets are not the code's
        const callStart = /new\b|[\w$(]/y;
        const astray = [...starts].find((start) => ((callStart.lastIndex = start), !callStart.test(code)));
        if (astray !== undefined) return this.error(`${id}: no call at offset ${astray}: update lab:contract-schemas-when-used`);
        return { code: applyCuts(code, [...starts].map((start) => ({ start, end: start, text: '/* @__PURE__ */ ' }))), map: null };
      },
    },
  };
}

// Vite wraps every dynamic import() of the browser's code in a helper that first loads the chunks and
// stylesheets the imported chunk needs, in parallel. Its own helper (0.8 KB gzip) also reads a CSP
// nonce, emits `vite:preloadError` (which nothing here listens for) and waits for every script's
// preload; the frame imports the sidebar lazily, so the helper would land in every public page's first
// load. This one does the part the site relies on in fewer bytes: each stylesheet is linked once and
// awaited (a failed one rejects the import), each script is preloaded once, then the chunk is imported.
function smallPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'lab:small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler() {
        return `const seen = {};
export const __vitePreload = (load, deps) => !deps || !deps.length ? load() : Promise.all(deps.map((dep) => {
  const href = ${JSON.stringify(base)} + dep;
  if (href in seen) return seen[href];
  const css = href.endsWith('.css');
  let done;
  if (!document.querySelector('link[href="' + href + '"]' + (css ? '[rel=stylesheet]' : ''))) {
    const link = document.createElement('link');
    link.rel = css ? 'stylesheet' : 'modulepreload';
    link.href = href;
    if (css) done = new Promise((resolve, reject) => { link.onload = resolve; link.onerror = () => reject(new Error('Unable to preload CSS for ' + href)); });
    document.head.appendChild(link);
  }
  return (seen[href] = done);
})).then(load);
`;
      },
    },
  };
}

// Every page loads the framework, the site frame and the root's own parts (its error page, the inline
// stylesheet's id, the alternate-language links): one file for all of them compresses better than
// several, since gzip starts afresh in each (0.7 KB less than a framework chunk, a site chunk and the
// root's; the price is that a change to the frame also renews the cached framework). The group takes
// React Router's default client entry too, so the entry, the bundler's runtime and all of these are one
// file (`entry.client-*.js`). `root.tsx` itself stays out: a route module in the group would make the
// entry a re-exporting stub and split the bundler's runtime into a file of its own. The sidebar (and
// its social links) and the profile menu's entries are not part of it: they load when first opened
// (site-layout.tsx, profile-menu.tsx).
const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@react-router[\\/]dev)[\\/]/;
const siteFrame =
  /[\\/]src[\\/](app[\\/]layout[\\/](?!sidebar|social-links|profile-menu-items)|shared[\\/]auth[\\/](auth-context|auth-storage)|shared[\\/]api[\\/](client|use-public-query)|shared[\\/]ui[\\/](logo|icons|button-styles)|shared[\\/]lib[\\/](use-hydrated|lab-info))|[\\/]contract[\\/]src[\\/]paths/;
const rootParts = /[\\/]src[\\/](app[\\/](error-page|site-css)|shared[\\/]i18n[\\/]language-alternates)\./;
const firstLoad = (id: string) => framework.test(id) || siteFrame.test(id) || rootParts.test(id);

// Three small modules the home page shares with screens that are not public pages (money and date
// formats, the booking teaser, the responsive picture): one chunk instead of three, since each file is
// compressed on its own (decision 007).
// (the home page's search form too: the /tests page shows it again, and a chunk of its own would cost the home page a request)
const homeParts = /[\\/]src[\\/](shared[\\/]lib[\\/]booking-teaser|shared[\\/]ui[\\/]responsive-image|features[\\/]home[\\/]components[\\/]home-test-search)\.|[\\/]contract[\\/]src[\\/]format\./;

// The staff console's form library travels as one chunk, and TanStack Query as another: every route
// is listed in the manifest each public page loads, with the chunks it imports, so fewer chunks keep
// that list (and so the public pages' first load) short.
const forms = /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/;
const query = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]shared[\\/]api[\\/](query-keys|membership|packages|bills)\./;

export default defineConfig({
  plugins: [smallPreloadHelper(), numberedMessageIds(), tailwindcss(), reactRouter(), reactRouterForProduction(), dropUnusedReactExports(), reactDomForTheSite(), zodWithoutEval(), contractSchemasWhenUsed()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: firstLoad, priority: 20 },
            { name: 'home-parts', test: homeParts, priority: 8 },
            { name: 'forms', test: forms, priority: 5 },
            { name: 'query', test: query, priority: 5 },
          ],
        },
      },
    },
  },
});
