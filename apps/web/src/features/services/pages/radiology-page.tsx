// The Radiology service page (docs/product.md#public-pages).
import type { MetaArgs } from 'react-router';
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { radiology } from '../content/radiology.ts';

export const meta = ({ matches }: MetaArgs) => serviceMeta(matches, radiology);

export default function RadiologyPage() {
  return <ServicePage content={radiology} />;
}
