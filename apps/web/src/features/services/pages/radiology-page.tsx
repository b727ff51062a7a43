// The Radiology service page (docs/product.md#public-pages).
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { radiology } from '../content/radiology.ts';

export const meta = () => serviceMeta(radiology);

export default function RadiologyPage() {
  return <ServicePage content={radiology} />;
}
