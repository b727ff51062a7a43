// The Devanagari typeface of the Hindi pages (devanagari.css says how it loads): the addresses of its
// stylesheet and of the regular weight (the build's hashed files, served by the app itself), which the
// root loader hands Hindi pages only; English pages carry neither, not even in their scripts.
import stylesheet from './devanagari.css?url';
import regular from '../../../../../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

export interface PageFont {
  stylesheet: string;
  /** preloaded, so the face is there by first paint on most first loads */
  regular: string;
}

export const devanagariFont: PageFont = { stylesheet, regular };
