// The Serology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. The words are the catalogues' `serology.*` messages
// (shared/i18n, English and Hindi), which only this page's data carries; each id written out, since the
// build numbers them (vite.config.ts).
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const serology: ServicePageContent = {
  key: 'serology',
  name: 'serology.name',
  metaTitle: 'serology.meta.title',
  metaDescription: 'serology.meta.description',
  path: paths.serology,
  tagline: 'serology.tagline',
  whatIs: {
    heading: 'serology.whatIs.heading',
    paragraphs: ['serology.whatIs.p1', 'serology.whatIs.p2'],
  },
  deeper: {
    heading: 'serology.deeper.heading',
    paragraphs: ['serology.deeper.p1', 'serology.deeper.p2', 'serology.deeper.p3', 'serology.deeper.p4'],
  },
  expertiseHeading: 'serology.expertise.heading',
  expertiseIntro: 'serology.expertise.intro',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'serology.expertise1.title', text: 'serology.expertise1.text' },
    { title: 'serology.expertise2.title', text: 'serology.expertise2.text' },
    { title: 'serology.expertise3.title', text: 'serology.expertise3.text' },
  ],
  tests: [
    { name: 'serology.test1.name', text: 'serology.test1.text' },
    { name: 'serology.test2.name', text: 'serology.test2.text' },
    { name: 'serology.test3.name', text: 'serology.test3.text' },
    { name: 'serology.test4.name', text: 'serology.test4.text' },
    { name: 'serology.test5.name', text: 'serology.test5.text' },
    { name: 'serology.test6.name', text: 'serology.test6.text' },
  ],
};
