// The Biochemistry page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. The words are the catalogues' `biochemistry.*` messages
// (shared/i18n, English and Hindi), which only this page's data carries; each id written out, since the
// build numbers them (vite.config.ts).
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const biochemistry: ServicePageContent = {
  key: 'biochemistry',
  name: 'biochemistry.name',
  metaTitle: 'biochemistry.meta.title',
  metaDescription: 'biochemistry.meta.description',
  path: paths.biochemistry,
  tagline: 'biochemistry.tagline',
  whatIs: {
    heading: 'biochemistry.whatIs.heading',
    paragraphs: ['biochemistry.whatIs.p1', 'biochemistry.whatIs.p2'],
  },
  deeper: {
    heading: 'biochemistry.deeper.heading',
    paragraphs: ['biochemistry.deeper.p1', 'biochemistry.deeper.p2', 'biochemistry.deeper.p3'],
  },
  expertiseHeading: 'biochemistry.expertise.heading',
  expertiseIntro: 'biochemistry.expertise.intro',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'biochemistry.expertise1.title', text: 'biochemistry.expertise1.text' },
    { title: 'biochemistry.expertise2.title', text: 'biochemistry.expertise2.text' },
    { title: 'biochemistry.expertise3.title', text: 'biochemistry.expertise3.text' },
  ],
  tests: [
    { name: 'biochemistry.test1.name', text: 'biochemistry.test1.text' },
    { name: 'biochemistry.test2.name', text: 'biochemistry.test2.text' },
    { name: 'biochemistry.test3.name', text: 'biochemistry.test3.text' },
    { name: 'biochemistry.test4.name', text: 'biochemistry.test4.text' },
    { name: 'biochemistry.test5.name', text: 'biochemistry.test5.text' },
    { name: 'biochemistry.test6.name', text: 'biochemistry.test6.text' },
  ],
};
