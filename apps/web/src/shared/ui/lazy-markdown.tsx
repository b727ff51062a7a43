// The markdown renderer loaded on demand: a page that shows markdown starts loading it on mount, in
// parallel with its data, so the parser is never part of a page's first-load JavaScript. Wrap its use
// in <Suspense> with the page's loading text.
import { lazy } from 'react';

const load = () => import('./markdown.tsx');

/** starts fetching the renderer (idempotent: the module loads once) */
export const preloadMarkdown = (): void => void load();

export const LazyMarkdownText = lazy(() => load().then((m) => ({ default: m.MarkdownText })));
