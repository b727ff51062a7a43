// Illustrations of the five services, imported so the build fingerprints them and the server can cache
// them as immutable assets.
import biochemistry from '../images/biochemistry.svg';
import hematology from '../images/hematology.svg';
import microbiology from '../images/microbiology.svg';
import radiology from '../images/radiology.svg';
import serology from '../images/serology.svg';
import type { ServiceKey } from './types.ts';

export const serviceImages: Record<ServiceKey, string> = { hematology, microbiology, serology, biochemistry, radiology };
