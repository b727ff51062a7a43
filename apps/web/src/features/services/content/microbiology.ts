// The Microbiology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. The words are the catalogues' `microbiology.*` messages
// (shared/i18n, English and Hindi), which only this page's data carries; each id written out, since the
// build numbers them (vite.config.ts).
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const microbiology: ServicePageContent = {
  key: 'microbiology',
  name: 'microbiology.name',
  metaTitle: 'microbiology.meta.title',
  metaDescription: 'microbiology.meta.description',
  path: paths.microbiology,
  tagline: 'microbiology.tagline',
  whatIs: {
    heading: 'microbiology.whatIs.heading',
    paragraphs: ['microbiology.whatIs.p1', 'microbiology.whatIs.p2'],
  },
  deeper: {
    heading: 'microbiology.deeper.heading',
    paragraphs: ['microbiology.deeper.p1', 'microbiology.deeper.p2', 'microbiology.deeper.p3'],
  },
  expertiseHeading: 'microbiology.expertise.heading',
  expertiseIntro: 'microbiology.expertise.intro',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'microbiology.expertise1.title', text: 'microbiology.expertise1.text' },
    { title: 'microbiology.expertise2.title', text: 'microbiology.expertise2.text' },
    { title: 'microbiology.expertise3.title', text: 'microbiology.expertise3.text' },
  ],
  tests: [
    { name: 'microbiology.test1.name', text: 'microbiology.test1.text' },
    { name: 'microbiology.test2.name', text: 'microbiology.test2.text' },
    { name: 'microbiology.test3.name', text: 'microbiology.test3.text' },
    { name: 'microbiology.test4.name', text: 'microbiology.test4.text' },
    { name: 'microbiology.test5.name', text: 'microbiology.test5.text' },
    { name: 'microbiology.test6.name', text: 'microbiology.test6.text' },
  ],
};
