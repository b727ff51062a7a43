// Packages: a name, a description, the price a package costs, and its tests (found by search and
// added one by one). Switching a package off takes it off the packages page.
import { type PackageInput, packageInputSchema, type StaffPackage } from '@lab/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { usePackages, useSavePackage, useTests } from '../../api/catalogue.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec, fieldError } from '../../components/editor-form.tsx';
import { TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState, tdClass } from '../../components/ui.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

/** the names of tests by id: those of every package, and those added from the search */
type Names = ReadonlyMap<number, string>;

function TestPicker({ ids, names, onChange, error }: { ids: number[]; names: Names; onChange(next: number[], added?: { id: number; name: string }): void; error?: string | undefined }) {
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const found = useTests({ q, category_id: '', active: 'true', offset: 0, limit: 8 });
  const chosen = new Set(ids);
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 sm:col-span-2" aria-describedby={error ? 'package-tests-error' : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">Tests in the package</legend>
      {ids.length === 0 ? (
        <p className="mb-2 text-sm text-slate-600">No tests chosen yet.</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2">
          {ids.map((id) => {
            const name = names.get(id) ?? `Test ${id}`;
            return (
              <li key={id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm">
                {name}
                <button type="button" className="rounded-full px-2 font-bold text-brand-900 hover:bg-brand-100" aria-label={`Remove ${name}`} onClick={() => onChange(ids.filter((x) => x !== id))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <TextInput label="Find a test to add" type="search" value={text} onChange={(e) => setText(e.target.value)} />
      {text.trim() && (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {found.data?.items
            .filter((t) => !chosen.has(t.id))
            .map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <span>
                  {t.name} <span className="text-slate-600">({formatRupees(t.price)})</span>
                </span>
                <button type="button" className={btn.secondary} aria-label={`Add ${t.name}`} onClick={() => onChange([...ids, t.id], { id: t.id, name: t.name })}>
                  Add
                </button>
              </li>
            ))}
          {found.data && found.data.items.length === 0 && <li className="px-3 py-1.5 text-sm text-slate-600">No active test matches.</li>}
        </ul>
      )}
      {error ? (
        <p id="package-tests-error" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function PackagesManager() {
  const packages = usePackages();
  const save = useSavePackage();
  const [added, setAdded] = useState<Map<number, string>>(() => new Map());
  const names: Names = new Map([...(packages.data ?? []).flatMap((p) => p.tests.map((t) => [t.id, t.name] as const)), ...added]);
  const editor = useStaffEditor({
    schema: packageInputSchema,
    empty: { name: '', description: '', active: true, test_ids: [] },
    fromRecord: (p: StaffPackage) => ({ name: p.name, description: p.description, price: p.price, active: p.active, test_ids: p.tests.map((t) => t.id) }),
    save,
    savedMessage: (saved, edited) => `Package “${saved.name}” ${edited ? 'saved' : 'added'}.`,
  });

  const fields: FieldSpec<PackageInput>[] = [
    { kind: 'text', name: 'name', label: 'Package name' },
    { kind: 'number', name: 'price', label: 'Package price (Rs)', min: 0, step: 0.01, decimal: true },
    { kind: 'textarea', name: 'description', label: 'Description', rows: 3, className: 'sm:col-span-2' },
    {
      kind: 'custom',
      key: 'test_ids',
      render: (form) => (
        <Controller
          control={form.control}
          name="test_ids"
          render={({ field }) => (
            <TestPicker
              ids={field.value}
              names={names}
              error={fieldError(form as never, 'test_ids')}
              onChange={(next, test) => {
                if (test) setAdded((m) => new Map(m).set(test.id, test.name));
                field.onChange(next);
              }}
            />
          )}
        />
      ),
    },
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
