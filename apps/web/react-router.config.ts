import type { Config } from '@react-router/dev/config';
import { prerenderedPaths } from '@lab/contract';

export default {
  appDirectory: 'src',
  // No server rendering at run time: public pages are prerendered to HTML at build time and hydrated;
  // every other screen is rendered in the browser from the SPA shell.
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
