// The Microbiology service page (docs/product.md#public-pages).
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { microbiology } from '../content/microbiology.ts';

export const meta = () => serviceMeta(microbiology);

export default function MicrobiologyPage() {
  return <ServicePage content={microbiology} />;
}
