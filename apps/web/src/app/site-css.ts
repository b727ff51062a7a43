// The site's stylesheet as text, for the server to put inline in every page it renders (root.tsx): the
// first paint waits for the HTML alone, not for a render-blocking stylesheet fetched beside ~100 KB of
// module preloads on a slow phone link (decision record 007). No script carries the CSS: the
// browser takes the text from the element the server sent, so hydration matches and a root that React
// mounts again (the root error page) draws the same element, allowed by the same hash in the CSP
// (apps/server/src/lib/csp.ts).
import css from './app.css?inline';

export const SITE_CSS_ID = 'site-css';

export const siteCss: string = import.meta.env.SSR ? css : (document.getElementById(SITE_CSS_ID)?.textContent ?? '');
