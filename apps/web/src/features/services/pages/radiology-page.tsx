// The Radiology service page (spec §2 "Service pages").
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { radiology } from '../content/radiology.ts';

export const meta = () => serviceMeta(radiology);

export default function RadiologyPage() {
  return <ServicePage content={radiology} />;
}
