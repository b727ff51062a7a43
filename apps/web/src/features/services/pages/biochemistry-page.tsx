// The Biochemistry service page (docs/product.md#public-pages).
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { biochemistry } from '../content/biochemistry.ts';

export const meta = () => serviceMeta(biochemistry);

export default function BiochemistryPage() {
  return <ServicePage content={biochemistry} />;
}
