// Categories: add one, rename one. The address name (slug) is made from the name unless given.
import type { StaffCategory } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useCategories, useSaveCategory } from '../../api/catalogue.ts';
import { TextInput } from '../../components/fields.tsx';
import { btn, ListState, Panel, tableClass, tdClass, thClass } from '../../components/ui.tsx';
import { useEditor } from '../../lib/use-editor.ts';

const EMPTY = { name: '', slug: '' };
const FIELDS = ['name', 'slug'] as const;

export function CategoriesManager() {
  const categories = useCategories();
  const save = useSaveCategory();
  const editor = useEditor(EMPTY, FIELDS);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    try {
      const saved = await save.mutateAsync({ id: editor.editingId, values: { name: editor.values.name, slug: editor.values.slug.trim() || undefined } });
      setDone(editor.editingId ? `Category “${saved.name}” saved.` : `Category “${saved.name}” added.`);
      editor.reset();
    } catch (err) {
      editor.fail(err);
    }
  }

  const { values, errors } = editor;
  return (
    <>
      <Panel title={editor.editingId ? 'Rename category' : 'Add a category'}>
        <form ref={editor.formRef} onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start">
          {errors.form && <StatusMessage tone="error" message={errors.form} className="sm:col-span-2" />}
          <TextInput label="Category name" value={values.name} errors={errors.fields.name} onChange={(e) => editor.set('name', e.target.value)} />
          <TextInput
            label="Address name (optional)"
            hint="Lower-case letters, digits and hyphens; made from the name when left empty."
            value={values.slug}
            errors={errors.fields.slug}
            onChange={(e) => editor.set('slug', e.target.value)}
          />
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={btn.primary} disabled={save.isPending}>
              {editor.editingId ? 'Save category' : 'Add category'}
            </button>
            {editor.editingId && (
              <button type="button" className={btn.secondary} onClick={editor.reset}>
                Cancel editing
              </button>
            )}
          </div>
        </form>
      </Panel>
      <StatusMessage message={done} tone="success" className="mb-3" />
      <ListState isLoading={categories.isLoading} error={categories.error} loadingText="Loading categories..." />
      {categories.data && (
        <table className={tableClass}>
          <caption className="sr-only">Categories</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Name</th>
              <th scope="col" className={thClass}>Address name</th>
              <th scope="col" className={thClass}>Tests</th>
              <th scope="col" className={thClass}>Actions</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      )}
    </>
  );
}
