// Collections: the money of a day (or a range of days) by mode and by staff member, every payment and
// refund behind those totals, the refunds still owed, outstanding dues per patient, and the same rows
// as a CSV for the accountant. The totals are sums of the bills' own payment rows, so they match them.
// The payment gateway's settlement file is uploaded here and matched line by line (docs/payments-gateway.md).
import { paymentModeLabels, type Collections } from '@lab/contract';
import { useState } from 'react';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { downloadCollectionsCsv, useCollections, useDues, useMatchSettlement } from '../api/payments.ts';
import { DataTable } from '../components/data-table.tsx';
import { TextInput } from '../components/fields.tsx';
import { btn, ListState, Panel, tdClass } from '../components/ui.tsx';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';
import { formatDateTime, todayInIndia } from '../lib/format.ts';
import { serverErrors } from '../lib/server-errors.ts';

export const meta = () => staffMeta('Collections');
export const ErrorBoundary = ScreenError;

function Totals({ c }: { c: Collections }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Panel title="Totals">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt>Received ({c.received.count})</dt>
          <dd className="text-right tabular-nums" data-testid="collections-received">{formatRupees(c.received.amount)}</dd>
          <dt>Refunded ({c.refunded.count})</dt>
          <dd className="text-right tabular-nums">{formatRupees(c.refunded.amount)}</dd>
          <dt className="font-semibold">Net</dt>
          <dd className="text-right font-semibold tabular-nums">{formatRupees(c.net)}</dd>
        </dl>
      </Panel>
      <Panel title="By mode">
        <ul className="text-sm">
          {c.by_mode.length === 0 && <li>Nothing received.</li>}
          {c.by_mode.map((m) => (
            <li key={m.mode} className="flex justify-between gap-4">
              <span>{paymentModeLabels[m.mode]} ({m.count})</span>
              <span className="tabular-nums">{formatRupees(m.amount)}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="By staff member">
        <ul className="text-sm">
          {c.by_staff.length === 0 && <li>Nothing received.</li>}
          {c.by_staff.map((s) => (
            <li key={s.staff_name} className="flex justify-between gap-4">
              <span>{s.staff_name} ({s.count})</span>
              <span className="tabular-nums">{formatRupees(s.amount)}</span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

function Dues() {
  const dues = useDues();
  return (
    <section aria-labelledby="dues-heading" className="mt-6">
      <h3 id="dues-heading" className="mb-2 text-lg font-bold text-slate-900">
        Outstanding dues per patient
      </h3>
      <ListState isLoading={dues.isLoading} error={dues.error} loadingText="Loading dues..." />
      {dues.data && dues.data.length === 0 && <p className="text-slate-700">No money is due.</p>}
      {dues.data && dues.data.length > 0 && (
        <div className="overflow-x-auto">
          <DataTable caption="Outstanding dues, largest first" columns={['Patient', 'Bills', 'Due']}>
            {dues.data.map((d) => (
              <tr key={`${d.phone}-${d.email}-${d.patient_name}`}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  <div className="font-semibold">{d.patient_name}</div>
                  <div className="text-slate-700">{d.phone}</div>
                </th>
                <td className={tdClass}>
                  {d.bills.map((b) => (
                    <div key={b.bill_id}>
                      <span className="font-mono">{b.invoice_no}</span> ({b.date}): {formatRupees(b.amount_due)}
                    </div>
                  ))}
                </td>
                <td className={`${tdClass} tabular-nums`}>{formatRupees(d.amount_due)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}

/** the gateway's settlement file (CSV from its dashboard), matched line by line to our payments and refunds */
function Settlement() {
  const match = useMatchSettlement();
  const [failed, setFailed] = useState<string | null>(null);
  const result = match.data;
  return (
    <section aria-labelledby="settlement-heading" className="mt-6">
      <h3 id="settlement-heading" className="mb-2 text-lg font-bold text-slate-900">
        Settlement file of the payment gateway
      </h3>
      <p className="mb-2 text-sm text-slate-700">The settlement report (CSV) from the gateway's dashboard: each line is matched to a payment or refund of ours by its id and amount.</p>
      <label className="block text-sm font-semibold text-slate-900">
        Settlement CSV
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm"
          disabled={match.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setFailed(null);
            file
              .text()
              .then((csv) => match.mutate(csv, { onError: (err) => setFailed(serverErrors(err, []).form) }))
              .catch(() => setFailed('Could not read the file.'));
          }}
        />
      </label>
      <StatusMessage message={failed} tone="error" className="mt-2" />
      {match.isPending && <p className="mt-2 text-slate-700">Matching...</p>}
      {result && (
        <div className="mt-3" data-testid="settlement-result">
          <p className="text-sm">
            {result.matched} of {result.lines} {result.lines === 1 ? 'line' : 'lines'} matched.
          </p>
          {result.unmatched.length > 0 && (
            <div className="mt-2 overflow-x-auto">
              <DataTable caption="Lines that match nothing of ours" columns={['Line', 'Id', 'Type', 'Amount', 'Why']}>
                {result.unmatched.map((u) => (
                  <tr key={u.line}>
                    <td className={`${tdClass} tabular-nums`}>{u.line}</td>
                    <th scope="row" className={`${tdClass} font-mono font-normal`}>{u.entity_id}</th>
                    <td className={tdClass}>{u.type}</td>
                    <td className={`${tdClass} tabular-nums`}>{u.amount}</td>
                    <td className={tdClass}>{u.reason}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

export default function CollectionsScreen() {
  const [from, setFrom] = useState(todayInIndia());
  const [to, setTo] = useState(todayInIndia());
  const collections = useCollections(from, to);
  const [failed, setFailed] = useState<string | null>(null);
  const c = collections.data;

  return (
    <section aria-labelledby="collections-heading">
      <h2 id="collections-heading" className="mb-4 text-xl font-bold text-slate-900">
        Collections
      </h2>
      <form aria-label="Choose the days" className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="button" className={btn.secondary} onClick={() => (setFrom(todayInIndia()), setTo(todayInIndia()))}>
          Today
        </button>
        <button
          type="button"
          className={btn.primary}
          onClick={() => {
            setFailed(null);
            downloadCollectionsCsv(from, to).catch(() => setFailed('Could not export the CSV. Please try again.'));
          }}
        >
          Export CSV
        </button>
      </form>
      <StatusMessage message={failed} tone="error" className="mb-3" />
      <ListState isLoading={collections.isLoading} error={collections.error} loadingText="Loading collections..." />
      {c && (
        <>
          <Totals c={c} />
          <h3 className="mt-6 mb-2 text-lg font-bold text-slate-900">Payments and refunds</h3>
          {c.payments.length === 0 ? (
            <p className="text-slate-700">None in these days.</p>
          ) : (
            <div className="overflow-x-auto">
              <DataTable caption="Payments and refunds, oldest first" columns={['When', 'Invoice', 'Patient', 'Kind', 'Mode', 'Reference', 'Amount', 'Staff']}>
                {c.payments.map((p) => (
                  <tr key={p.id}>
                    <td className={tdClass}>{p.received_at ? formatDateTime(p.received_at) : ''}</td>
                    <td className={`${tdClass} font-mono`}>{p.invoice_no}</td>
                    <th scope="row" className={`${tdClass} font-normal`}>{p.patient_name}</th>
                    <td className={tdClass}>{p.kind === 'refund' ? 'Refund' : 'Payment'}</td>
                    <td className={tdClass}>{paymentModeLabels[p.mode]}{p.place === 'home' ? ' (home collection)' : ''}</td>
                    <td className={`${tdClass} font-mono`}>{p.reference}</td>
                    <td className={`${tdClass} tabular-nums`}>{formatRupees(p.kind === 'refund' ? -p.amount : p.amount)}</td>
                    <td className={tdClass}>{p.staff_name ?? ''}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
          <h3 className="mt-6 mb-2 text-lg font-bold text-slate-900">Refunds owed</h3>
          {c.refunds_owed.length === 0 ? (
            <p className="text-slate-700">No refund is owed.</p>
          ) : (
            <ul className="text-sm">
              {c.refunds_owed.map((r) => (
                <li key={r.bill_id}>
                  <span className="font-mono">{r.invoice_no}</span> {r.patient_name}: {formatRupees(r.amount)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Dues />
      <Settlement />
    </section>
  );
}
