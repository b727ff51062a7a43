// The Devanagari typeface of the Hindi pages: its faces are in the site's inline stylesheet
// (devanagari.css says how it loads); here, the address of its file (the build's hashed file, served by
// the app itself) that the server preloads on a page drawn in Hindi (entry.server.tsx). English pages
// carry no reference to the font but its face, which they never use.
import regular from './fonts/noto-sans-devanagari-hindi-400.woff2?url';

/**
 * The regular face, which bold text also uses (emboldened by the browser; devanagari.css says why).
 * `font-display: optional` uses a face only if it is there by first paint: preloaded, it is asked for
 * as the head is read, at a preload's priority; found only by the layout, it would be asked for later
 * and at the highest priority, which Lighthouse's simulation counts as holding the first paint.
 */
export const devanagariFontFiles: readonly string[] = [regular];
