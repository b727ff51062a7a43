import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// React Router ships one build for development and production (its package exports no production
// condition), with development warnings on and a `displayName` assigned to every component at the
// top level. Those assignments count as side effects, so the bundler keeps components the site never
// uses (Form, ScrollRestoration, HistoryRouter and what they call) in the framework chunk every
// public page loads. In the browser build only, this turns the warnings off, as React Router's own
// production build does, and drops the names, which only React DevTools shows.
const reactRouterDist = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;
function reactRouterForProduction(): Plugin {
  return {
    name: 'lab:react-router-for-production',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: reactRouterDist },
      handler(code) {
        return code
          .replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
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

// Every public page loads the framework and the site frame; one chunk each compresses better than
// many small ones (the first-load budget of a public page is 120 KB gzip).
const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const siteFrame =
  /[\\/]src[\\/](app[\\/]layout|shared[\\/]auth[\\/](auth-context|auth-storage)|shared[\\/]api[\\/](client|use-public-query)|shared[\\/]ui[\\/](logo|icons|button-styles)|shared[\\/]lib[\\/](use-hydrated|lab-info))|[\\/]contract[\\/]src[\\/]paths/;

// The staff console's form library travels as one chunk, and TanStack Query as another: every route
// is listed in the manifest each public page loads, with the chunks it imports, so fewer chunks keep
// that list (and so the public pages' first load) short.
const forms = /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/;
const query = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]shared[\\/]api[\\/](query-keys|membership|packages|bills)\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), reactRouterForProduction(), dropUnusedReactExports()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 20 },
            { name: 'site', test: siteFrame, priority: 10 },
            { name: 'forms', test: forms, priority: 5 },
            { name: 'query', test: query, priority: 5 },
          ],
        },
      },
    },
  },
});
