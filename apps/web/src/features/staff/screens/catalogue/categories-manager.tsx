// Categories: add one, rename one. The address name (slug) is made from the name unless given.
import type { StaffCategory } from '@lab/contract';
import type { FormEvent } from 'react';
import { useCategories, useSaveCategory } from '../../api/catalogue.ts';
import { TextInput } from '../../components/fields.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { btn, ListState, tdClass } from '../../components/ui.tsx';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Categories');
export const ErrorBoundary = ScreenError;

const EMPTY = { name: '', slug: '' };
const FIELDS = ['name', 'slug'] as const;

export default function CategoriesManager() {
  const categories = useCategories();
  const save = useSaveCategory();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit } = useSaveActions(editor);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () => save.mutateAsync({ id: editingId, values: { name: values.name, slug: values.slug.trim() || undefined } }),
      (saved) => (editingId ? `Category “${saved.name}” saved.` : `Category “${saved.name}” added.`),
    );
  }

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Rename category' : 'Add a category'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
        submitLabel={editor.editingId ? 'Save category' : 'Add category'}
        pending={save.isPending}
      >
        <TextInput label="Category name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
        <TextInput
          label="Address name (optional)"
          hint="Lower-case letters, digits and hyphens; made from the name when left empty."
          value={values.slug}
          errors={errors.fields.slug}
          onChange={(e) => editor.set('slug', e.target.value)}
        />
      </EditorForm>
      <OutcomeMessage done={done} />
      <ListState isLoading={categories.isLoading} error={categories.error} loadingText="Loading categories..." />
      {categories.data && (
        <DataTable caption="Categories" columns={['Name', 'Address name', 'Tests', 'Actions']}>
          {categories.data.map((c: StaffCategory) => (
            <tr key={c.id}>
              <th scope="row" className={`${tdClass} font-semibold`}>{c.name}</th>
              <td className={`${tdClass} font-mono`}>{c.slug}</td>
              <td className={tdClass}>{c.test_count}</td>
              <td className={tdClass}>
                <button type="button" className={btn.secondary} onClick={() => editor.edit(c.id, { name: c.name, slug: c.slug })}>
                  Rename
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
