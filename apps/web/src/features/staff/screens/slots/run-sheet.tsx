// The day's run sheet, to print: one page per phlebotomist (CSS break-after: page), the unassigned
// visits on a last page of their own; on each, every visit in time order with what is needed at the
// door (paid or unpaid as the bill is now: the sheet refreshes itself, so a payment made online on the
// way shows), and on screen an "On the way" button per visit (the patient's SMS or WhatsApp; docs/messaging.md).
// The console's frame and the site's bar and footer are hidden in print (app.css), and so are those buttons.
import { billPaymentStatusLabels, byPhlebotomist, type HomeVisitDay, staffPaths } from '@lab/contract';
import { Link } from 'react-router';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { DataTable } from '../../components/data-table.tsx';
import { OnTheWayButton } from '../../components/on-the-way-button.tsx';
import { useStaffAccess } from '../../lib/staff-access.ts';
import { btn, ListState, ScrollArea, tdClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';

export default function RunSheet({ date, day, isLoading, error }: { date: string; day: HomeVisitDay | undefined; isLoading: boolean; error: unknown }) {
  const pages = day ? byPhlebotomist(day.visits) : [];
  const maySend = useStaffAccess().can('POST /api/staff/home-visits/:id/on-the-way');
  return (
    <div data-print-alone>
      <div className="mb-4 flex flex-wrap items-center gap-3 print:hidden">
        <Link className={btn.secondary} to={staffPaths.staffHomeVisitsOn(date)}>
          Back to the day
        </Link>
        <button type="button" className={btn.primary} onClick={() => window.print()} disabled={!day || day.visits.length === 0}>
          Print
        </button>
      </div>
      <ListState isLoading={isLoading} error={error} loadingText="Loading the run sheet..." />
      {day && day.visits.length === 0 && <p className="text-slate-700">No home collection on {formatDate(date)}.</p>}
      {pages.map((page) => {
        const who = page.key ? page.key.name : 'Not assigned yet';
        return (
          <section key={page.key?.id ?? 'unassigned'} aria-label={`Run sheet: ${who}`} data-testid="run-sheet-page" className="mb-8 break-after-page print:mb-0">
            <h3 className="text-lg font-bold text-slate-900">
              {who}: home collections on {formatDate(date)}
            </h3>
            <p className="mb-2 text-sm text-slate-700">
              {page.visits.length} {page.visits.length === 1 ? 'visit' : 'visits'}; to collect {formatRupees(page.visits.reduce((sum, v) => sum + v.amount_due, 0))} in all
            </p>
            <ScrollArea label={`Visits of ${who}`} className="print:overflow-visible">
              <DataTable caption={`${who}, ${formatDate(date)}`} columns={['Time', 'Patient', 'Phone', 'Address', 'Tests', 'Preparation', 'Payment', 'On the way']} columnClass={{ 'On the way': 'print:hidden' }}>
                {page.visits.map((v) => (
                  <tr key={v.id} className="break-inside-avoid">
                    <td className={`${tdClass} whitespace-nowrap`}>{v.time}</td>
                    <th scope="row" className={`${tdClass} font-semibold`}>
                      {v.patient_name}
                      <div className="font-mono text-xs font-normal">{v.reference}</div>
                    </th>
                    <td className={`${tdClass} whitespace-nowrap`}>{v.phone}</td>
                    <td className={tdClass}>
                      {v.address}
                      {v.locality ? <div className="text-xs">{v.locality}</div> : null}
                    </td>
                    <td className={tdClass}>{v.tests.join(', ')}</td>
                    <td className={tdClass}>{v.preparation.length ? v.preparation.join(' ') : 'None'}</td>
                    <td className={`${tdClass} whitespace-nowrap tabular-nums`} data-testid="run-sheet-payment">
                      {v.payment_status === 'paid' ? 'Paid' : v.amount_due > 0 ? `Unpaid: ${formatRupees(v.amount_due)}` : billPaymentStatusLabels[v.payment_status]}
                    </td>
                    <td className={`${tdClass} print:hidden`}>
                      <OnTheWayButton visit={v} allowed={maySend} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            </ScrollArea>
          </section>
        );
      })}
    </div>
  );
}
