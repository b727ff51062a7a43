// The Microbiology service page (docs/product.md#public-pages).
import type { MetaArgs } from 'react-router';
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { microbiology } from '../content/microbiology.ts';

export const meta = ({ matches }: MetaArgs) => serviceMeta(matches, microbiology);

export default function MicrobiologyPage() {
  return <ServicePage content={microbiology} />;
}
