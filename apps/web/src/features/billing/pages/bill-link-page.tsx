// /bill/{appointmentId}: the link e-mails carry. It opens the bill for whoever holds the id, logged in
// or not, on any device: the id is the capability (docs/product.md#api-contract), so no navigation state is needed. The
// in-app /billing route keeps the spec's guard for in-app navigation.
import { useParams } from 'react-router';
import { BillView } from '../components/bill-view.tsx';

export { meta } from './bill-page.tsx';

export default function BillLinkPage() {
  const { appointmentId = '' } = useParams();
  return <BillView appointmentId={appointmentId} />;
}
