// The Serology service page (docs/product.md#public-pages).
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { serology } from '../content/serology.ts';

export const meta = () => serviceMeta(serology);

export default function SerologyPage() {
  return <ServicePage content={serology} />;
}
