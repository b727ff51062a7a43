// The Hematology page's text (docs/product.md#public-pages): the spec's titles, taglines, expertise and
// test names; the paragraphs are the centre's own. The words are the catalogues' `hematology.*` messages
// (shared/i18n, English and Hindi), which only this page's data carries; each id written out, since the
// build numbers them (vite.config.ts).
import { paths } from '@lab/contract';
import type { ServicePageContent } from './types.ts';

export const hematology: ServicePageContent = {
  key: 'hematology',
  name: 'hematology.name',
  metaTitle: 'hematology.meta.title',
  metaDescription: 'hematology.meta.description',
  path: paths.hematology,
  tagline: 'hematology.tagline',
  whatIs: {
    heading: 'hematology.whatIs.heading',
    paragraphs: ['hematology.whatIs.p1', 'hematology.whatIs.p2'],
  },
  deeper: {
    heading: 'hematology.deeper.heading',
    paragraphs: ['hematology.deeper.p1', 'hematology.deeper.p2', 'hematology.deeper.p3'],
  },
  expertiseHeading: 'hematology.expertise.heading',
  expertiseIntro: 'hematology.expertise.intro',
  expertiseLayout: 'cards',
  expertise: [
    { title: 'hematology.expertise1.title', text: 'hematology.expertise1.text' },
    { title: 'hematology.expertise2.title', text: 'hematology.expertise2.text' },
    { title: 'hematology.expertise3.title', text: 'hematology.expertise3.text' },
  ],
  tests: [
    { name: 'hematology.test1.name', text: 'hematology.test1.text' },
    { name: 'hematology.test2.name', text: 'hematology.test2.text' },
    { name: 'hematology.test3.name', text: 'hematology.test3.text' },
    { name: 'hematology.test4.name', text: 'hematology.test4.text' },
    { name: 'hematology.test5.name', text: 'hematology.test5.text' },
    { name: 'hematology.test6.name', text: 'hematology.test6.text' },
  ],
};
