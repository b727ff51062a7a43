// Membership plans: name, price, discount and length; a plan switched off is no longer offered.
import type { StaffPlan } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { usePlans, useSavePlan } from '../../api/catalogue.ts';
import { CheckboxInput, TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState, Panel, tableClass, tdClass, thClass } from '../../components/ui.tsx';
import { numberOrNull } from '../../lib/form-errors.ts';
import { useEditor } from '../../lib/use-editor.ts';

const EMPTY = { name: '', price: '', discount_percentage: '', duration_days: '', active: true };
const FIELDS = ['name', 'price', 'discount_percentage', 'duration_days', 'active'] as const;

export function PlansManager() {
  const plans = usePlans();
  const save = useSavePlan();
  const editor = useEditor(EMPTY, FIELDS);
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const { values, editingId } = editor;
    try {
      const saved = await save.mutateAsync({
        id: editingId,
        values: {
          name: values.name,
          price: numberOrNull(values.price),
          discount_percentage: numberOrNull(values.discount_percentage),
          duration_days: numberOrNull(values.duration_days),
          active: values.active,
        },
      });
      setDone({ message: editingId ? `Plan “${saved.name}” saved.` : `Plan “${saved.name}” added.`, tone: 'success' });
      editor.reset();
    } catch (err) {
      editor.fail(err);
    }
  }

  async function toggle(p: StaffPlan) {
    setDone(null);
    try {
      const saved = await save.mutateAsync({ id: p.id, values: { active: !p.active } });
      setDone({ message: `Plan “${saved.name}” ${saved.active ? 'activated' : 'deactivated'}.`, tone: 'success' });
    } catch {
      setDone({ message: `Could not change “${p.name}”. Please try again.`, tone: 'error' });
    }
  }

  const { values, errors } = editor;
  return (
    <>
      <Panel title={editor.editingId ? 'Edit membership plan' : 'Add a membership plan'}>
        <form ref={editor.formRef} onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
          {errors.form && <StatusMessage tone="error" message={errors.form} className="sm:col-span-2 lg:col-span-4" />}
          <TextInput label="Plan name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
          <TextInput label="Plan price (Rs)" type="number" inputMode="decimal" min="0" step="0.01" value={values.price} errors={errors.fields.price} onChange={(e) => editor.set('price', e.target.value)} />
          <TextInput label="Discount (%)" type="number" min="1" max="90" step="1" value={values.discount_percentage} errors={errors.fields.discount_percentage} onChange={(e) => editor.set('discount_percentage', e.target.value)} />
          <TextInput label="Length (days)" type="number" min="1" max="3650" step="1" value={values.duration_days} errors={errors.fields.duration_days} onChange={(e) => editor.set('duration_days', e.target.value)} />
          <CheckboxInput label="Offered to patients" checked={values.active} onChange={(e) => editor.set('active', e.target.checked)} />
          <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={btn.primary} disabled={save.isPending}>
              {editor.editingId ? 'Save plan' : 'Add plan'}
            </button>
            {editor.editingId && (
              <button type="button" className={btn.secondary} onClick={editor.reset}>
                Cancel editing
              </button>
            )}
          </div>
        </form>
      </Panel>
      <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />
      <ListState isLoading={plans.isLoading} error={plans.error} loadingText="Loading plans..." />
      {plans.data && (
        <table className={tableClass}>
          <caption className="sr-only">Membership plans</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Name</th>
              <th scope="col" className={thClass}>Price</th>
              <th scope="col" className={thClass}>Discount</th>
              <th scope="col" className={thClass}>Length</th>
              <th scope="col" className={thClass}>Status</th>
              <th scope="col" className={thClass}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {plans.data.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>{p.name}</th>
                <td className={tdClass}>{formatRupees(p.price)}</td>
                <td className={tdClass}>{p.discount_percentage}%</td>
                <td className={tdClass}>{p.duration_days} days</td>
                <td className={tdClass}>
                  <Badge tone={p.active ? 'green' : 'slate'}>{p.active ? 'Offered' : 'Not offered'}</Badge>
                </td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={btn.secondary}
                      onClick={() =>
                        editor.edit(p.id, { name: p.name, price: String(p.price), discount_percentage: String(p.discount_percentage), duration_days: String(p.duration_days), active: p.active })
                      }
                    >
                      Edit
                    </button>
                    <button type="button" className={p.active ? btn.danger : btn.secondary} disabled={save.isPending} onClick={() => void toggle(p)}>
                      {p.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
