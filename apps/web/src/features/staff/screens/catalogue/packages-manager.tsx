// Packages: a name, a description, the price a package costs, and its tests (found by search and
// added one by one). Switching a package off takes it off the packages page.
import type { StaffPackage } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { usePackages, useSavePackage, useTests } from '../../api/catalogue.ts';
import { CheckboxInput, TextArea, TextInput } from '../../components/fields.tsx';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, btn, ListState, tdClass } from '../../components/ui.tsx';
import { numberOrNull } from '../../lib/form-errors.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Packages');
export const ErrorBoundary = ScreenError;

interface Picked {
  id: number;
  name: string;
}

const EMPTY = { name: '', description: '', price: '', active: true, tests: [] as Picked[] };
const FIELDS = ['name', 'description', 'price', 'active', 'test_ids'] as const;

function TestPicker({ picked, onChange, errors }: { picked: Picked[]; onChange(next: Picked[]): void; errors?: string[] | undefined }) {
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const found = useTests({ q, category_id: '', active: 'true', offset: 0, limit: 8 });
  const chosen = new Set(picked.map((p) => p.id));
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 sm:col-span-2" aria-describedby={errors?.length ? 'package-tests-error' : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">Tests in the package</legend>
      {picked.length === 0 ? (
        <p className="mb-2 text-sm text-slate-600">No tests chosen yet.</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2">
          {picked.map((p) => (
            <li key={p.id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm">
              {p.name}
              <button type="button" className="rounded-full px-2 font-bold text-brand-900 hover:bg-brand-100" aria-label={`Remove ${p.name}`} onClick={() => onChange(picked.filter((x) => x.id !== p.id))}>
                ×
              </button>
            </li>
          ))}
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
                <button type="button" className={btn.secondary} aria-label={`Add ${t.name}`} onClick={() => onChange([...picked, { id: t.id, name: t.name }])}>
                  Add
                </button>
              </li>
            ))}
          {found.data && found.data.items.length === 0 && <li className="px-3 py-1.5 text-sm text-slate-600">No active test matches.</li>}
        </ul>
      )}
      {errors?.length ? (
        <p id="package-tests-error" className="mt-2 text-sm font-medium text-red-700">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function PackagesManager() {
  const packages = usePackages();
  const save = useSavePackage();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit, toggleActive } = useSaveActions(editor);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () =>
        save.mutateAsync({
          id: editingId,
          values: { name: values.name, description: values.description, price: numberOrNull(values.price), active: values.active, test_ids: values.tests.map((t) => t.id) },
        }),
      (saved) => (editingId ? `Package “${saved.name}” saved.` : `Package “${saved.name}” added.`),
    );
  }

  const toggle = (p: StaffPackage) =>
    toggleActive('Package', p, (active) => save.mutateAsync({ id: p.id, values: { active } }));

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit package' : 'Add a package'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
        submitLabel={editor.editingId ? 'Save package' : 'Add package'}
        pending={save.isPending}
      >
        <TextInput label="Package name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
        <TextInput label="Package price (Rs)" type="number" inputMode="decimal" min="0" step="0.01" value={values.price} errors={errors.fields.price} onChange={(e) => editor.set('price', e.target.value)} />
        <TextArea label="Description" rows={3} className="sm:col-span-2" value={values.description} errors={errors.fields.description} onChange={(e) => editor.set('description', e.target.value)} />
        <TestPicker picked={values.tests} errors={errors.fields.test_ids} onChange={(tests) => (editor.set('tests', tests), editor.clearField('test_ids'))} />
        <CheckboxInput label="Active (shown on the packages page)" checked={values.active} onChange={(e) => editor.set('active', e.target.checked)} />
      </EditorForm>
      <OutcomeMessage done={done} />
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
                  onEdit={() =>
                    editor.edit(p.id, { name: p.name, description: p.description, price: String(p.price), active: p.active, tests: p.tests.map((t) => ({ id: t.id, name: t.name })) })
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
        </div>
      )}
    </>
  );
}
