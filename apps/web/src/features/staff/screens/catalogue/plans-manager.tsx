// Membership plans: name, price, discount and length; a plan switched off is no longer offered.
import type { StaffPlan } from '@lab/contract';
import type { FormEvent } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { usePlans, useSavePlan } from '../../api/catalogue.ts';
import { CheckboxInput, TextInput } from '../../components/fields.tsx';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, ListState, tdClass } from '../../components/ui.tsx';
import { numberOrNull } from '../../lib/form-errors.ts';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Membership plans');
export const ErrorBoundary = ScreenError;

const EMPTY = { name: '', price: '', discount_percentage: '', duration_days: '', active: true };
const FIELDS = ['name', 'price', 'discount_percentage', 'duration_days', 'active'] as const;

export default function PlansManager() {
  const plans = usePlans();
  const save = useSavePlan();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit, toggleActive } = useSaveActions(editor);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () =>
        save.mutateAsync({
          id: editingId,
          values: {
            name: values.name,
            price: numberOrNull(values.price),
            discount_percentage: numberOrNull(values.discount_percentage),
            duration_days: numberOrNull(values.duration_days),
            active: values.active,
          },
        }),
      (saved) => (editingId ? `Plan “${saved.name}” saved.` : `Plan “${saved.name}” added.`),
    );
  }

  const toggle = (p: StaffPlan) =>
    toggleActive('Plan', p, (active) => save.mutateAsync({ id: p.id, values: { active } }));

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit membership plan' : 'Add a membership plan'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start"
        span="sm:col-span-2 lg:col-span-4"
        submitLabel={editor.editingId ? 'Save plan' : 'Add plan'}
        pending={save.isPending}
      >
        <TextInput label="Plan name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
        <TextInput label="Plan price (Rs)" type="number" inputMode="decimal" min="0" step="0.01" value={values.price} errors={errors.fields.price} onChange={(e) => editor.set('price', e.target.value)} />
        <TextInput label="Discount (%)" type="number" min="1" max="90" step="1" value={values.discount_percentage} errors={errors.fields.discount_percentage} onChange={(e) => editor.set('discount_percentage', e.target.value)} />
        <TextInput label="Length (days)" type="number" min="1" max="3650" step="1" value={values.duration_days} errors={errors.fields.duration_days} onChange={(e) => editor.set('duration_days', e.target.value)} />
        <CheckboxInput label="Offered to patients" checked={values.active} onChange={(e) => editor.set('active', e.target.checked)} />
      </EditorForm>
      <OutcomeMessage done={done} />
      <ListState isLoading={plans.isLoading} error={plans.error} loadingText="Loading plans..." />
      {plans.data && (
        <DataTable caption="Membership plans" columns={['Name', 'Price', 'Discount', 'Length', 'Status', 'Actions']}>
          {plans.data.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${tdClass} font-semibold`}>{p.name}</th>
              <td className={tdClass}>{formatRupees(p.price)}</td>
              <td className={tdClass}>{p.discount_percentage}%</td>
              <td className={tdClass}>{p.duration_days} days</td>
              <td className={tdClass}>
                <Badge tone={p.active ? 'green' : 'slate'}>{p.active ? 'Offered' : 'Not offered'}</Badge>
              </td>
              <EditAndToggle
                onEdit={() =>
                  editor.edit(p.id, { name: p.name, price: String(p.price), discount_percentage: String(p.discount_percentage), duration_days: String(p.duration_days), active: p.active })
                }
                on={p.active}
                onToggle={() => void toggle(p)}
                disabled={save.isPending}
                turnOff="Deactivate"
                turnOn="Activate"
              />
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
