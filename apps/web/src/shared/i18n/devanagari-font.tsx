// The Devanagari typeface of the Hindi pages (devanagari.css says how it loads): a stylesheet and a
// preload of the regular weight in the <head> of Hindi pages only. Their addresses are the build's
// hashed files, served by the app itself.
import stylesheet from './devanagari.css?url';
import regular from '../../../../../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

export function DevanagariFont() {
  return (
    <>
      <link rel="preload" href={regular} as="font" type="font/woff2" crossOrigin="" />
      <link rel="stylesheet" href={stylesheet} />
    </>
  );
}
