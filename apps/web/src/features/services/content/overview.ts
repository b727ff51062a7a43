// The five cards of the /Services overview (spec §2 "/Services overview"): name, image, description and
// three tests each; the texts are in the catalogues (shared/i18n), in English and Hindi.
import { paths } from '@lab/contract';
import { serviceImages } from './images.ts';
import type { Translate } from '../../../shared/i18n/i18n.tsx';
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

/** a card's texts, from the catalogue (services.<key>.name, .description, .test1–3) */
export function overviewTexts(key: ServiceKey, t: Translate) {
  return {
    name: t(`services.${key}.name`),
    description: t(`services.${key}.description`),
    tests: [t(`services.${key}.test1`), t(`services.${key}.test2`), t(`services.${key}.test3`)],
  };
}
