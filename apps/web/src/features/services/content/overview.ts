// The five cards of the /Services overview (docs/product.md#public-pages): name, image, description and
// three tests each; the texts are in the catalogues (shared/i18n), in English and Hindi.
import { paths } from '@lab/contract';
import { serviceImages } from './images.ts';
import type { Translate } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import type { ServiceKey } from './types.ts';

export interface OverviewService {
  key: ServiceKey;
  image: string;
  path: string;
}

export const overviewServices: OverviewService[] = [
  { key: 'hematology', image: serviceImages.hematology, path: paths.hematology },
  { key: 'microbiology', image: serviceImages.microbiology, path: paths.microbiology },
  { key: 'serology', image: serviceImages.serology, path: paths.serology },
  { key: 'biochemistry', image: serviceImages.biochemistry, path: paths.biochemistry },
  { key: 'radiology', image: serviceImages.radiology, path: paths.radiology },
];

// Each id written out (not built from the key): the build numbers the message ids (vite.config.ts).
const textIds: Record<ServiceKey, [MessageId, MessageId, MessageId, MessageId, MessageId]> = {
  hematology: ['services.hematology.name', 'services.hematology.description', 'services.hematology.test1', 'services.hematology.test2', 'services.hematology.test3'],
  microbiology: ['services.microbiology.name', 'services.microbiology.description', 'services.microbiology.test1', 'services.microbiology.test2', 'services.microbiology.test3'],
  serology: ['services.serology.name', 'services.serology.description', 'services.serology.test1', 'services.serology.test2', 'services.serology.test3'],
  biochemistry: ['services.biochemistry.name', 'services.biochemistry.description', 'services.biochemistry.test1', 'services.biochemistry.test2', 'services.biochemistry.test3'],
  radiology: ['services.radiology.name', 'services.radiology.description', 'services.radiology.test1', 'services.radiology.test2', 'services.radiology.test3'],
};

/** a card's texts, from the catalogue (services.<key>.name, .description, .test1–3) */
export function overviewTexts(key: ServiceKey, t: Translate) {
  const [name, description, ...tests] = textIds[key];
  return { name: t(name), description: t(description), tests: tests.map((id) => t(id)) };
}
