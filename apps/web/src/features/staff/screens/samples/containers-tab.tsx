// Each test's container, volume and promised turnaround (hours from receipt, and the cut-off time after
// which the clock starts at the next opening). Everyone reads them; the lab sets a test's turnaround here
// (audited). A test nobody set shows its default, marked so.
import type { TestContainer } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useSaveTurnaround, useTestContainers } from '../../api/samples.ts';
import { DataTable } from '../../components/data-table.tsx';
import { TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState, tdClass } from '../../components/ui.tsx';
import { useStaffAccess } from '../../lib/staff-access.ts';
import { serverErrors } from '../../lib/server-errors.ts';

function TurnaroundForm({ test, onDone }: { test: TestContainer; onDone(): void }) {
  const save = useSaveTurnaround();
  const [hours, setHours] = useState(String(test.turnaround_hours));
  const [cutoff, setCutoff] = useState(test.cutoff ?? '');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ testId: test.test_id, body: { hours: Number(hours), cutoff: cutoff === '' ? null : cutoff } }, { onSuccess: onDone, onError: (err) => setErrors(serverErrors(err, ['hours', 'cutoff'])) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Turnaround of ${test.test_name}`}>
      <TextInput label="Hours" type="number" min={1} max={720} step={1} value={hours} onChange={(e) => setHours(e.target.value)} error={errors.fields.hours} className="w-24" />
      <TextInput label="Cut-off (blank: none)" type="time" value={cutoff} onChange={(e) => setCutoff(e.target.value)} error={errors.fields.cutoff} className="w-40" />
      <button type="submit" className={btn.primary} disabled={save.isPending}>
        Save
      </button>
      <button type="button" className={btn.secondary} onClick={onDone}>
        Cancel
      </button>
      <StatusMessage tone="error" message={errors.fields.hours || errors.fields.cutoff ? null : errors.form} className="w-full" />
    </form>
  );
}

export default function ContainersTab() {
  const list = useTestContainers();
  const access = useStaffAccess();
  const canEdit = access.can('PUT /api/staff/samples/turnaround/:id');
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const shown = (list.data ?? []).filter((t) => t.test_name.toLowerCase().includes(filter.trim().toLowerCase())).slice(0, 200);
  return (
    <section aria-labelledby="containers-heading">
      <h3 id="containers-heading" className="mb-2 text-lg font-bold text-slate-900">
        Containers and turnaround per test
      </h3>
      <TextInput label="Find a test" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-3 max-w-sm" type="search" />
      <ListState isLoading={list.isLoading} error={list.error} loadingText="Loading tests..." />
      {shown.length > 0 && (
        <div className="overflow-x-auto">
          <DataTable caption="Tests with their container and promised turnaround" columns={['Test', 'Container', 'Turnaround', '']}>
            {shown.map((t) => (
              <tr key={t.test_id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {t.test_name}
                </th>
                <td className={tdClass}>
                  {t.container_name}
                  {t.volume_ml > 0 ? `, ${t.volume_ml} ml` : ''}
                </td>
                <td className={tdClass}>
                  {editing === t.test_id ? (
                    <TurnaroundForm test={t} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      {t.turnaround_hours} h{t.cutoff ? `, cut-off ${t.cutoff}` : ''} {!t.turnaround_set_by_staff && <Badge tone="slate">default</Badge>}
                    </>
                  )}
                </td>
                <td className={tdClass}>
                  {canEdit && editing !== t.test_id && (
                    <button type="button" className={btn.secondary} onClick={() => setEditing(t.test_id)}>
                      Edit<span className="sr-only"> the turnaround of {t.test_name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
