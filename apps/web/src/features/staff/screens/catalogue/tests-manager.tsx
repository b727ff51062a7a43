// Tests: search the whole catalogue (inactive tests too), add a test, edit its name, category and
// price, switch it on or off. A switched-off test leaves the booking page but stays on past bills.
import type { StaffTest } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { TEST_PAGE, type TestFilters, useCategories, useSaveTest, useTests } from '../../api/catalogue.ts';
import { CheckboxInput, SelectInput, TextInput } from '../../components/fields.tsx';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, ListState, Pager, tdClass } from '../../components/ui.tsx';
import { numberOrNull } from '../../lib/form-errors.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Tests');
export const ErrorBoundary = ScreenError;

const EMPTY = { name: '', category_id: '', price: '', active: true };
const FIELDS = ['name', 'category_id', 'price', 'active'] as const;

export default function TestsManager() {
  const categories = useCategories();
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Omit<TestFilters, 'q'>>({ category_id: '', active: '', offset: 0 });
  const q = useDebounced(text);
  const tests = useTests({ ...filters, q });
  const save = useSaveTest();
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
            category_id: numberOrNull(values.category_id),
            price: numberOrNull(values.price),
            active: values.active,
          },
        }),
      (saved) => (editingId ? `Test “${saved.name}” saved.` : `Test “${saved.name}” added.`),
    );
  }

  const toggle = (t: StaffTest) =>
    toggleActive('Test', t, (active) => save.mutateAsync({ id: t.id, values: { active } }));

  const startEdit = (t: StaffTest) =>
    editor.edit(t.id, { name: t.name, category_id: String(t.category_id), price: String(t.price), active: t.active });

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit test' : 'Add a test'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start"
        span="sm:col-span-2 lg:col-span-4"
        submitLabel={editor.editingId ? 'Save test' : 'Add test'}
        pending={save.isPending}
      >
        <TextInput label="Name" name="name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
        <SelectInput label="Category" name="category_id" value={values.category_id} errors={errors.fields.category_id} onChange={(e) => editor.set('category_id', e.target.value)}>
          <option value="">Choose a category</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Price (Rs)" name="price" type="number" inputMode="decimal" min="0" step="0.01" value={values.price} errors={errors.fields.price} onChange={(e) => editor.set('price', e.target.value)} />
        <CheckboxInput label="Active (offered for booking)" checked={values.active} errors={errors.fields.active} onChange={(e) => editor.set('active', e.target.checked)} className="lg:pt-8" />
      </EditorForm>

      <OutcomeMessage done={done} />

      <form role="search" aria-label="Find tests" className="mb-3 grid gap-3 sm:grid-cols-[1fr_auto_auto]" onSubmit={(e) => e.preventDefault()}>
        <TextInput label="Search tests" type="search" value={text} onChange={(e) => (setText(e.target.value), setFilters((f) => ({ ...f, offset: 0 })))} />
        <SelectInput label="In category" value={filters.category_id} onChange={(e) => setFilters((f) => ({ ...f, category_id: e.target.value, offset: 0 }))}>
          <option value="">All categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Shown" value={filters.active} onChange={(e) => setFilters((f) => ({ ...f, active: e.target.value as TestFilters['active'], offset: 0 }))}>
          <option value="">Active and inactive</option>
          <option value="true">Active only</option>
          <option value="false">Inactive only</option>
        </SelectInput>
      </form>

      <ListState isLoading={tests.isLoading} error={tests.error} loadingText="Loading tests..." />
      {tests.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Tests" columns={['Name', 'Category', 'Price', 'Status', 'Actions']}>
            {tests.data.items.map((t) => (
              <tr key={t.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>{t.name}</th>
                <td className={tdClass}>{t.category}</td>
                <td className={tdClass}>{formatRupees(t.price)}</td>
                <td className={tdClass}>
                  <Badge tone={t.active ? 'green' : 'slate'}>{t.active ? 'Active' : 'Inactive'}</Badge>
                </td>
                <EditAndToggle onEdit={() => startEdit(t)} on={t.active} onToggle={() => void toggle(t)} disabled={save.isPending} turnOff="Deactivate" turnOn="Activate" />
              </tr>
            ))}
          </DataTable>
          {tests.data.items.length === 0 && <p className="py-4 text-slate-700">No tests match.</p>}
          <Pager label="Tests" total={tests.data.total} offset={filters.offset} limit={TEST_PAGE} onChange={(offset) => setFilters((f) => ({ ...f, offset }))} />
        </div>
      )}
    </>
  );
}
