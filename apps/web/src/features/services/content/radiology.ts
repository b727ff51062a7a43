// The Radiology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. The words are the catalogues' `radiology.*` messages
// (shared/i18n, English and Hindi), which only this page's data carries; each id written out, since the
// build numbers them (vite.config.ts).
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const radiology: ServicePageContent = {
  key: 'radiology',
  name: 'radiology.name',
  metaTitle: 'radiology.meta.title',
  metaDescription: 'radiology.meta.description',
  path: paths.radiology,
  tagline: 'radiology.tagline',
  whatIs: {
    heading: 'radiology.whatIs.heading',
    paragraphs: ['radiology.whatIs.p1', 'radiology.whatIs.p2'],
  },
  deeper: {
    heading: 'radiology.deeper.heading',
    paragraphs: ['radiology.deeper.p1', 'radiology.deeper.p2', 'radiology.deeper.p3'],
  },
  expertiseHeading: 'radiology.expertise.heading',
  expertiseIntro: 'radiology.expertise.intro',
  expertiseLayout: 'rows',
  expertise: [
    { title: 'radiology.expertise1.title', text: 'radiology.expertise1.text' },
    { title: 'radiology.expertise2.title', text: 'radiology.expertise2.text' },
    { title: 'radiology.expertise3.title', text: 'radiology.expertise3.text' },
  ],
  tests: [
    { name: 'radiology.test1.name', text: 'radiology.test1.text' },
    { name: 'radiology.test2.name', text: 'radiology.test2.text' },
    { name: 'radiology.test3.name', text: 'radiology.test3.text' },
    { name: 'radiology.test4.name', text: 'radiology.test4.text' },
    { name: 'radiology.test5.name', text: 'radiology.test5.text' },
    { name: 'radiology.test6.name', text: 'radiology.test6.text' },
  ],
};
