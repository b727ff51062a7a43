// Offers: a discount of 1–90 % on one category or on every test, between two dates, switched on or
// off. The best running offer prices the booking page's tests.
import type { StaffOffer } from '@lab/contract';
import type { FormEvent } from 'react';
import { useCategories, useOffers, useSaveOffer } from '../../api/catalogue.ts';
import { CheckboxInput, SelectInput, TextInput } from '../../components/fields.tsx';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, ListState, tdClass } from '../../components/ui.tsx';
import { numberOrNull } from '../../lib/form-errors.ts';
import { formatDate, todayInIndia } from '../../lib/format.ts';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Offers');
export const ErrorBoundary = ScreenError;

const EMPTY = { description: '', discount_percentage: '', category_id: '', start_date: '', end_date: '', active: true };
const FIELDS = ['description', 'discount_percentage', 'category_id', 'start_date', 'end_date', 'active'] as const;

function state(o: StaffOffer, today: string): { label: string; tone: 'green' | 'blue' | 'slate' | 'red' } {
  if (!o.active) return { label: 'Switched off', tone: 'slate' };
  if (o.running) return { label: 'Running', tone: 'green' };
  return o.start_date > today ? { label: 'Scheduled', tone: 'blue' } : { label: 'Expired', tone: 'red' };
}

export default function OffersManager() {
  const offers = useOffers();
  const categories = useCategories();
  const save = useSaveOffer();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit, change } = useSaveActions(editor);
  const today = todayInIndia();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () =>
        save.mutateAsync({
          id: editingId,
          values: {
            description: values.description,
            discount_percentage: numberOrNull(values.discount_percentage),
            category_id: values.category_id ? Number(values.category_id) : null,
            start_date: values.start_date,
            end_date: values.end_date,
            active: values.active,
          },
        }),
      () => (editingId ? 'Offer saved.' : 'Offer added.'),
    );
  }

  const toggle = (o: StaffOffer) =>
    change(
      () => save.mutateAsync({ id: o.id, values: { active: !o.active } }),
      (saved) => `Offer “${saved.description}” switched ${saved.active ? 'on' : 'off'}.`,
      'Could not change the offer. Please try again.',
    );

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit offer' : 'Add an offer'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-start"
        span="sm:col-span-2 lg:col-span-3"
        submitLabel={editor.editingId ? 'Save offer' : 'Add offer'}
        pending={save.isPending}
      >
        <TextInput label="Description" className="sm:col-span-2" value={values.description} errors={errors.fields.description} onChange={(e) => editor.set('description', e.target.value)} />
        <TextInput label="Discount (%)" type="number" min="1" max="90" step="1" value={values.discount_percentage} errors={errors.fields.discount_percentage} onChange={(e) => editor.set('discount_percentage', e.target.value)} />
        <SelectInput label="Applies to" value={values.category_id} errors={errors.fields.category_id} onChange={(e) => editor.set('category_id', e.target.value)}>
          <option value="">All tests</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Valid from" type="date" value={values.start_date} errors={errors.fields.start_date} onChange={(e) => editor.set('start_date', e.target.value)} />
        <TextInput label="Valid till" type="date" value={values.end_date} errors={errors.fields.end_date} onChange={(e) => editor.set('end_date', e.target.value)} />
        <CheckboxInput label="Switched on" checked={values.active} onChange={(e) => editor.set('active', e.target.checked)} />
      </EditorForm>
      <OutcomeMessage done={done} />
      <ListState isLoading={offers.isLoading} error={offers.error} loadingText="Loading offers..." />
      {offers.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Offers" columns={['Description', 'Discount', 'Applies to', 'Dates', 'State', 'Actions']}>
            {offers.data.map((o) => {
              const s = state(o, today);
              return (
                <tr key={o.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>{o.description}</th>
                  <td className={tdClass}>{o.discount_percentage}% off</td>
                  <td className={tdClass}>{o.category ?? 'All tests'}</td>
                  <td className={tdClass}>
                    {formatDate(o.start_date)} – {formatDate(o.end_date)}
                  </td>
                  <td className={tdClass}>
                    <Badge tone={s.tone}>{s.label}</Badge>
                  </td>
                  <EditAndToggle
                    onEdit={() =>
                      editor.edit(o.id, {
                        description: o.description,
                        discount_percentage: String(o.discount_percentage),
                        category_id: o.category_id === null ? '' : String(o.category_id),
                        start_date: o.start_date,
                        end_date: o.end_date,
                        active: o.active,
                      })
                    }
                    on={o.active}
                    onToggle={() => void toggle(o)}
                    disabled={save.isPending}
                    turnOff="Switch off"
                    turnOn="Switch on"
                  />
                </tr>
              );
            })}
          </DataTable>
        </div>
      )}
    </>
  );
}
