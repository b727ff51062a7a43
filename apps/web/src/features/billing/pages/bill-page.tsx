// /billing/{appointmentId}: the bill (docs/product.md#public-pages, #roles). Reachable only from the booking page or the
// dashboard, which pass `validAccess` in navigation state; otherwise the visitor goes to the
// dashboard (and from there to /login when logged out). "Download PDF" opens the print dialog,
// where the print stylesheet leaves the invoice alone on the page.
import { paths } from '@lab/contract';
import { type MetaArgs, Navigate, useLocation, useParams } from 'react-router';
import { metaTranslate } from '../../../shared/i18n/i18n.tsx';
import { BillView } from '../components/bill-view.tsx';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.bill.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

function hasValidAccess(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { validAccess?: unknown }).validAccess === true;
}

export default function BillPage() {
  const { appointmentId = '' } = useParams();
  const location = useLocation();
  const allowed = hasValidAccess(location.state);

  if (!allowed) return <Navigate to={paths.dashboard} replace />;
  return <BillView appointmentId={appointmentId} />;
}
