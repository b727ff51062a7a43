// Shapes of the static service content (docs/product.md#public-pages): message ids of the catalogues
// (shared/i18n), so each page shows its words in the page's language.
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export type ServiceKey = 'hematology' | 'microbiology' | 'serology' | 'biochemistry' | 'radiology';

export interface Expertise {
  title: MessageId;
  text: MessageId;
}

export interface OfferedTest {
  name: MessageId;
  text: MessageId;
}

export interface ServicePageContent {
  key: ServiceKey;
  name: MessageId;
  /** <title> of the document */
  metaTitle: MessageId;
  metaDescription: MessageId;
  path: string;
  tagline: MessageId;
  whatIs: { heading: MessageId; paragraphs: MessageId[] };
  deeper: { heading: MessageId; paragraphs: MessageId[] };
  expertiseHeading: MessageId;
  expertiseIntro: MessageId;
  /** Radiology shows its expertise as rows with a badge; the others as cards */
  expertiseLayout: 'cards' | 'rows';
  expertise: Expertise[];
  tests: OfferedTest[];
}
