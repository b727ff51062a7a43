// The Hematology service page (spec §2 "Service pages").
import { ServicePage, serviceMeta } from '../components/service-page.tsx';
import { hematology } from '../content/hematology.ts';

export const meta = () => serviceMeta(hematology);

export default function HematologyPage() {
  return <ServicePage content={hematology} />;
}
