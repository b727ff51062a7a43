// The Hematology service page (docs/product.md#public-pages).
import type { MetaArgs } from 'react-router';
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { hematology } from '../content/hematology.ts';

export const meta = ({ matches }: MetaArgs) => serviceMeta(matches, hematology);

export default function HematologyPage() {
  return <ServicePage content={hematology} />;
}
