// The Serology service page (docs/product.md#public-pages).
import type { MetaArgs } from 'react-router';
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { serology } from '../content/serology.ts';

export const meta = ({ matches }: MetaArgs) => serviceMeta(matches, serology);

export default function SerologyPage() {
  return <ServicePage content={serology} />;
}
