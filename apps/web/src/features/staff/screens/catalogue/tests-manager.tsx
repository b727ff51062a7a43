// Tests: search the whole catalogue (inactive tests too), add a test, edit its name, category and
// price, its LOINC panel code (the FHIR report's code, docs/abdm.md), switch it on or off. A switched-off
// test leaves the booking page but stays on past bills.
import { type StaffTest, type TestInput, testInputSchema } from '@lab/contract';
import { useState } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { TEST_PAGE, type TestFilters, useCategories, useSaveTest, useTests } from '../../api/catalogue.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { SelectInput, TextInput } from '../../components/fields.tsx';
import { Badge, HindiLine, ListState, Pager, tdClass } from '../../components/ui.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fieldsWith = (categories: { id: number; name: string }[] | undefined): FieldSpec<TestInput>[] => [
  { kind: 'text', name: 'name', label: 'Name' },
  // Hindi readers of the booking page see the English where no Hindi name is written.
  { kind: 'text', name: 'name_hi', label: 'Name in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'select', name: 'category_id', label: 'Category', none: 'Choose a category', options: categories },
  { kind: 'number', name: 'price', label: 'Price (Rs)', min: 0, step: 0.01, decimal: true },
  { kind: 'checkbox', name: 'active', label: 'Active (offered for booking)', className: 'lg:pt-8' },
  // Reports released afterwards carry it as their DiagnosticReport's code; a test without one reports under its name.
  { kind: 'text', name: 'loinc_code', label: 'LOINC panel code (empty: none)', hint: 'As LOINC writes it, e.g. 57021-8 for a CBC; the check digit is verified.', clearable: true },
  // Preparation: the booking page shows it, offers only slots before the latest time, the e-mails and the run sheet repeat it.
  { kind: 'number', name: 'fasting_hours', label: 'Fasting hours (empty: no fasting)', min: 1, max: 24, step: 1, clearable: true },
  { kind: 'time', name: 'latest_time', label: 'Latest time of day (empty: any time)', hint: 'Slots from this time on are not offered, e.g. 11:00 for a fasting test.', clearable: true },
  { kind: 'textarea', name: 'instructions', label: 'Other preparation (e.g. first morning urine)', rows: 2, className: 'sm:col-span-2' },
  // The booking page in Hindi and the Hindi e-mails say these; the fasting and time sentences are the app's own.
  { kind: 'textarea', name: 'instructions_hi', label: 'Other preparation in Hindi', lang: 'hi', rows: 2, hint: HINDI_HINT, className: 'sm:col-span-2' },
];

/** a test's preparation in a few words for its row: "Fasting 10 h, before 11:00" */
function preparationSummary(p: StaffTest['preparation']): string {
  const parts = [p.fasting_hours !== null ? `Fasting ${p.fasting_hours} h` : '', p.latest_time !== null ? `before ${p.latest_time}` : '', p.instructions];
  return parts.filter(Boolean).join(', ') || 'None';
}

export default function TestsManager() {
  const categories = useCategories();
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Omit<TestFilters, 'q'>>({ category_id: '', active: '', offset: 0 });
  const q = useDebounced(text);
  const tests = useTests({ ...filters, q });
  const save = useSaveTest();
  const editor = useStaffEditor({
    schema: testInputSchema,
    empty: { name: '', name_hi: '', active: true, fasting_hours: null, latest_time: null, instructions: '', instructions_hi: '', loinc_code: null },
    fromRecord: (t: StaffTest) => ({
      name: t.name,
      name_hi: t.name_hi ?? '',
      category_id: t.category_id,
      price: t.price,
      active: t.active,
      fasting_hours: t.preparation.fasting_hours,
      latest_time: t.preparation.latest_time,
      instructions: t.preparation.instructions,
      instructions_hi: t.preparation.instructions_hi ?? '',
      loinc_code: t.loinc_code,
    }),
    save,
    savedMessage: (saved, edited) => `Test “${saved.name}” ${edited ? 'saved' : 'added'}.`,
  });
  const fields = fieldsWith(categories.data);

  const toggle = (t: StaffTest) => editor.toggleActive('Test', t, (active) => save.mutateAsync({ id: t.id, values: { active } }));

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add a test', 'Edit test']}
        submitLabel={['Add test', 'Save test']}
        grid="sm:grid-cols-2 lg:grid-cols-4 lg:items-start"
        span="sm:col-span-2 lg:col-span-4"
      />

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
          <DataTable caption="Tests" columns={['Name', 'Category', 'Price', 'Preparation', 'Status', 'Actions']}>
            {tests.data.items.map((t) => (
              <tr key={t.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {t.name}
                  <HindiLine text={t.name_hi} />
                  {t.loinc_code ? <span className="block text-xs font-normal text-slate-600">LOINC {t.loinc_code}</span> : null}
                </th>
                <td className={tdClass}>{t.category}</td>
                <td className={tdClass}>{formatRupees(t.price)}</td>
                <td className={tdClass}>
                  {preparationSummary(t.preparation)}
                  <HindiLine text={t.preparation.instructions_hi} />
                </td>
                <td className={tdClass}>
                  <Badge tone={t.active ? 'green' : 'slate'}>{t.active ? 'Active' : 'Inactive'}</Badge>
                </td>
                <EditAndToggle onEdit={() => editor.edit(t)} on={t.active} onToggle={() => void toggle(t)} disabled={save.isPending} turnOff="Deactivate" turnOn="Activate" />
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
