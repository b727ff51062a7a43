// Membership plans: name (and its Hindi, which the membership screens show Hindi readers), price,
// discount and length; a plan switched off is no longer offered.
import { type PlanInput, planInputSchema, type StaffPlan } from '@lab/contract';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { usePlans, useSavePlan } from '../../api/catalogue.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { Badge, HindiLine, ListState, tdClass } from '../../components/ui.tsx';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fields: FieldSpec<PlanInput>[] = [
  { kind: 'text', name: 'name', label: 'Plan name' },
  { kind: 'text', name: 'name_hi', label: 'Plan name in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'number', name: 'price', label: 'Plan price (Rs)', min: 0, step: 0.01, decimal: true },
  { kind: 'number', name: 'discount_percentage', label: 'Discount (%)', min: 1, max: 90, step: 1 },
  { kind: 'number', name: 'duration_days', label: 'Length (days)', min: 1, max: 3650, step: 1 },
  { kind: 'checkbox', name: 'active', label: 'Offered to patients' },
];

export default function PlansManager() {
  const plans = usePlans();
  const save = useSavePlan();
  const editor = useStaffEditor({
    schema: planInputSchema,
    empty: { name: '', name_hi: '', active: true },
    fromRecord: (p: StaffPlan) => ({ name: p.name, name_hi: p.name_hi ?? '', price: p.price, discount_percentage: p.discount_percentage, duration_days: p.duration_days, active: p.active }),
    save,
    savedMessage: (saved, edited) => `Plan “${saved.name}” ${edited ? 'saved' : 'added'}.`,
  });

  const toggle = (p: StaffPlan) => editor.toggleActive('Plan', p, (active) => save.mutateAsync({ id: p.id, values: { active } }));

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add a membership plan', 'Edit membership plan']}
        submitLabel={['Add plan', 'Save plan']}
        grid="sm:grid-cols-2 lg:grid-cols-4 lg:items-start"
        span="sm:col-span-2 lg:col-span-4"
      />
      <ListState isLoading={plans.isLoading} error={plans.error} loadingText="Loading plans..." />
      {plans.data && (
        <DataTable caption="Membership plans" columns={['Name', 'Price', 'Discount', 'Length', 'Status', 'Actions']}>
          {plans.data.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${tdClass} font-semibold`}>
                {p.name}
                <HindiLine text={p.name_hi} />
              </th>
              <td className={tdClass}>{formatRupees(p.price)}</td>
              <td className={tdClass}>{p.discount_percentage}%</td>
              <td className={tdClass}>{p.duration_days} days</td>
              <td className={tdClass}>
                <Badge tone={p.active ? 'green' : 'slate'}>{p.active ? 'Offered' : 'Not offered'}</Badge>
              </td>
              <EditAndToggle
                onEdit={() => editor.edit(p)}
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
