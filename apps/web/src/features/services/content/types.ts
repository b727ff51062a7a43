// Shapes of the static service content (docs/product.md#public-pages).
export type ServiceKey = 'hematology' | 'microbiology' | 'serology' | 'biochemistry' | 'radiology';

export interface Expertise {
  title: string;
  text: string;
}

export interface OfferedTest {
  name: string;
  text: string;
}

export interface ServicePageContent {
  key: ServiceKey;
  name: string;
  /** <title> of the document */
  metaTitle: string;
  metaDescription: string;
  path: string;
  tagline: string;
  whatIs: { heading: string; paragraphs: string[] };
  deeper: { heading: string; paragraphs: string[] };
  expertiseHeading: string;
  expertiseIntro: string;
  /** Radiology shows its expertise as rows with a badge; the others as cards */
  expertiseLayout: 'cards' | 'rows';
  expertise: Expertise[];
  tests: OfferedTest[];
}
