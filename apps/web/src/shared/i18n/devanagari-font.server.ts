// The Devanagari typeface of the Hindi pages: its faces are in the site's inline stylesheet
// (devanagari.css says how it loads); here, the addresses of its two files (the build's hashed files,
// served by the app itself) that the server preloads on a page drawn in Hindi (entry.server.tsx).
// English pages carry no reference to the font but those faces, which they never use.
import regular from '../../../../../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import bold from '../../../../../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';

/**
 * Both weights: every Hindi page sets text in both (headings are bold), and `font-display: optional`
 * uses a face only if it is there by first paint. Preloaded, each is asked for as the head is read, at
 * a preload's priority; found only by the layout, a face is asked for later and at the highest
 * priority, which Lighthouse's simulation counts as holding the first paint.
 */
export const devanagariFontFiles: readonly string[] = [regular, bold];
