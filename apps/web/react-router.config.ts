import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  // Pages are rendered on the server at run time (decision record 020): the public pages with their
  // content from route loaders, the browser-only screens (under app/data-layout.tsx) as their frame and
  // a <noscript> note. The API server serves the server build (apps/server/src/web/pages.ts).
  ssr: true,
} satisfies Config;
