// The Hematology service page (docs/product.md#public-pages).
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { hematology } from '../content/hematology.ts';

export const meta = () => serviceMeta(hematology);

export default function HematologyPage() {
  return <ServicePage content={hematology} />;
}
