// The Serology service page (spec §2 "Service pages").
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { serology } from '../content/serology.ts';

export const meta = () => serviceMeta(serology);

export default function SerologyPage() {
  return <ServicePage content={serology} />;
}
