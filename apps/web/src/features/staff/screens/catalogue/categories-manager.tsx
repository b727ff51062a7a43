// Categories: add one, rename one. The address name (slug) is made from the name unless given.
import { type CategoryInput, categoryInputSchema, type StaffCategory } from '@lab/contract';
import { useCategories, useSaveCategory } from '../../api/catalogue.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { btn, HindiLine, ListState, tdClass } from '../../components/ui.tsx';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fields: FieldSpec<CategoryInput>[] = [
  // The Hindi beside the English; Hindi readers see the English where no Hindi is written.
  { kind: 'text', name: 'name', label: 'Category name' },
  { kind: 'text', name: 'name_hi', label: 'Category name in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'text', name: 'slug', label: 'Address name (optional)', hint: 'Lower-case letters, digits and hyphens; made from the name when left empty.' },
];

export default function CategoriesManager() {
  const categories = useCategories();
  const save = useSaveCategory();
  const editor = useStaffEditor({
    schema: categoryInputSchema,
    empty: { name: '', name_hi: '', slug: '' },
    fromRecord: (c: StaffCategory) => ({ name: c.name, name_hi: c.name_hi ?? '', slug: c.slug }),
    // an empty address name is made from the name by the server
    save: { mutateAsync: ({ id, values }) => save.mutateAsync({ id, values: { ...values, slug: values.slug || undefined } }), isPending: save.isPending },
    savedMessage: (saved, edited) => `Category “${saved.name}” ${edited ? 'saved' : 'added'}.`,
  });

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add a category', 'Rename category']}
        submitLabel={['Add category', 'Save category']}
        grid="sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
      />
      <ListState isLoading={categories.isLoading} error={categories.error} loadingText="Loading categories..." />
      {categories.data && (
        <DataTable caption="Categories" columns={['Name', 'Address name', 'Tests', 'Actions']}>
          {categories.data.map((c: StaffCategory) => (
            <tr key={c.id}>
              <th scope="row" className={`${tdClass} font-semibold`}>
                {c.name}
                <HindiLine text={c.name_hi} />
              </th>
              <td className={`${tdClass} font-mono`}>{c.slug}</td>
              <td className={tdClass}>{c.test_count}</td>
              <td className={tdClass}>
                <button type="button" className={btn.secondary} onClick={() => editor.edit(c)}>
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
