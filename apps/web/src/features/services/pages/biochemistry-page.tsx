// The Biochemistry service page (docs/product.md#public-pages).
import type { MetaArgs } from 'react-router';
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { biochemistry } from '../content/biochemistry.ts';

export const meta = ({ matches }: MetaArgs) => serviceMeta(matches, biochemistry);

export default function BiochemistryPage() {
  return <ServicePage content={biochemistry} />;
}
