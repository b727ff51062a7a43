// The audit trail: every recorded change (prices, appointment states, payments, content) with who made
// it, when, and the values before and after; newest first, filtered by kind of record and its id.
import { AUDIT_ENTITIES } from '@lab/contract';
import { useState } from 'react';
import { AUDIT_PAGE, useAudit } from '../api/inbox.ts';
import { SelectInput, TextInput } from '../components/fields.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListState, Pager, tdClass, ScrollArea } from '../components/ui.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('Audit log');
export const ErrorBoundary = ScreenError;

const entityLabels: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  appointment: 'Appointments',
  category: 'Categories',
  test: 'Tests',
  package: 'Packages',
  offer: 'Offers',
  membership_plan: 'Membership plans',
  blog: 'Blog posts',
  career: 'Careers',
  contact_message: 'Contact messages',
  user: 'Accounts',
  lab_details: 'Lab details',
  image: 'Images',
  bill: 'Bills and payments',
  membership: 'Memberships',
  breach: 'Breach register',
};

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-500">—</span>;
  if (typeof value !== 'object') return <code>{String(value)}</code>;
  return (
    <dl className="space-y-0.5">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt className="font-semibold">{k}:</dt>
          <dd className="max-w-xs truncate">{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditScreen() {
  const [entity, setEntity] = useState('');
  const [entityIdText, setEntityIdText] = useState('');
  const [offset, setOffset] = useState(0);
  const entityId = useDebounced(entityIdText);
  const audit = useAudit({ entity, entity_id: entityId, offset });

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-4 text-xl font-bold text-slate-900">
        Audit log
      </h2>
      <form role="search" aria-label="Filter the audit log" className="mb-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <SelectInput label="Kind of record" value={entity} onChange={(e) => (setEntity(e.target.value), setOffset(0))}>
          <option value="">All records</option>
          {AUDIT_ENTITIES.map((e) => (
            <option key={e} value={e}>
              {entityLabels[e]}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Record id" value={entityIdText} onChange={(e) => (setEntityIdText(e.target.value), setOffset(0))} />
      </form>
      <ListState isLoading={audit.isLoading} error={audit.error} loadingText="Loading the audit log..." />
      {audit.data && audit.data.items.length === 0 && <p className="py-4 text-slate-700">Nothing recorded for these filters.</p>}
      {audit.data && audit.data.items.length > 0 && (
        <ScrollArea label="Audit log entries">
          <DataTable caption="Recorded changes, newest first" columns={['When', 'Who', 'Record', 'Action', 'Before', 'After']}>
            {audit.data.items.map((e) => (
              <tr key={e.id}>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(e.created_at)}</td>
                <td className={tdClass}>{e.actor ?? (e.actor_user_id === null ? 'System / command line' : `User ${e.actor_user_id}`)}</td>
                <td className={tdClass}>
                  {e.entity} <span className="font-mono text-xs">{e.entity_id}</span>
                </td>
                <td className={tdClass}>{e.action}</td>
                <td className={tdClass}>
                  <Values value={e.before} />
                </td>
                <td className={tdClass}>
                  <Values value={e.after} />
                </td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
      {audit.data && <Pager label="Audit log" total={audit.data.total} offset={offset} limit={AUDIT_PAGE} onChange={setOffset} />}
    </section>
  );
}
