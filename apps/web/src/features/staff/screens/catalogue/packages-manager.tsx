// Packages: a name, a description, the price a package costs, and its tests (found by search and
// added one by one). Switching a package off takes it off the packages page.
import { type PackageInput, packageInputSchema, type StaffPackage } from '@lab/contract';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { usePackages, useSavePackage } from '../../api/catalogue.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { testIdsField, useTestNames } from '../../components/test-picker.tsx';
import { Badge, HindiLine, ListState, tdClass } from '../../components/ui.tsx';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

export default function PackagesManager() {
  const packages = usePackages();
  const save = useSavePackage();
  const names = useTestNames((packages.data ?? []).flatMap((p) => p.tests));
  const editor = useStaffEditor({
    schema: packageInputSchema,
    empty: { name: '', description: '', name_hi: '', description_hi: '', active: true, test_ids: [] },
    fromRecord: (p: StaffPackage) => ({ name: p.name, description: p.description, name_hi: p.name_hi ?? '', description_hi: p.description_hi ?? '', price: p.price, active: p.active, test_ids: p.tests.map((t) => t.id) }),
    save,
    savedMessage: (saved, edited) => `Package “${saved.name}” ${edited ? 'saved' : 'added'}.`,
  });

  const fields: FieldSpec<PackageInput>[] = [
    // English and Hindi side by side; the packages page in Hindi shows the English where no Hindi is written.
    { kind: 'text', name: 'name', label: 'Package name' },
    { kind: 'text', name: 'name_hi', label: 'Package name in Hindi', lang: 'hi', hint: HINDI_HINT },
    { kind: 'textarea', name: 'description', label: 'Description', rows: 3 },
    { kind: 'textarea', name: 'description_hi', label: 'Description in Hindi', lang: 'hi', rows: 3, hint: HINDI_HINT },
    { kind: 'number', name: 'price', label: 'Package price (Rs)', min: 0, step: 0.01, decimal: true, className: 'sm:col-span-2' },
    testIdsField({ legend: 'Tests in the package', names }),
    { kind: 'checkbox', name: 'active', label: 'Active (shown on the packages page)' },
  ];

  const toggle = (p: StaffPackage) => editor.toggleActive('Package', p, (active) => save.mutateAsync({ id: p.id, values: { active } }));

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add a package', 'Edit package']}
        submitLabel={['Add package', 'Save package']}
        grid="sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
      />
      <ListState isLoading={packages.isLoading} error={packages.error} loadingText="Loading packages..." />
      {packages.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Packages" columns={['Name', 'Tests', 'Price', 'Tests bought singly', 'Status', 'Actions']}>
            {packages.data.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {p.name}
                  <HindiLine text={p.name_hi} />
                  <p className="font-normal text-slate-700">{p.description}</p>
                </th>
                <td className={tdClass}>
                  <ul>
                    {p.tests.map((t) => (
                      <li key={t.id}>
                        {t.name}
                        {!t.active && <span className="text-red-800"> (inactive)</span>}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={tdClass}>{formatRupees(p.price)}</td>
                <td className={tdClass}>{formatRupees(p.original_price)}</td>
                <td className={tdClass}>
                  <Badge tone={p.active ? 'green' : 'slate'}>{p.active ? 'Active' : 'Inactive'}</Badge>
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
        </div>
      )}
    </>
  );
}
