// Offers: a discount of 1–90 % on the tests it names, or (naming none) on one category or on every
// test, between two dates, switched on or off. The best running offer prices the booking page's tests;
// the Offers page lists the named tests with a link that books them.
import { type OfferInput, offerInputSchema, type StaffOffer } from '@lab/contract';
import { useCategories, useOffers, useSaveOffer } from '../../api/catalogue.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { testIdsField, useTestNames } from '../../components/test-picker.tsx';
import { Badge, HindiLine, ListState, tdClass } from '../../components/ui.tsx';
import { formatDate, todayInIndia } from '../../lib/format.ts';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fieldsWith = (categories: { id: number; name: string }[] | undefined, names: ReturnType<typeof useTestNames>): FieldSpec<OfferInput>[] => [
  // The Hindi beside the English; the offers page in Hindi shows the English where no Hindi is written.
  { kind: 'text', name: 'description', label: 'Description' },
  { kind: 'text', name: 'description_hi', label: 'Description in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'number', name: 'discount_percentage', label: 'Discount (%)', min: 1, max: 90, step: 1 },
  testIdsField({ legend: 'Tests the offer applies to', emptyText: 'No tests named: the offer applies to the category below.', names }),
  { kind: 'select', name: 'category_id', label: 'Applies to (when no tests are named)', none: 'All tests', options: categories },
  { kind: 'date', name: 'start_date', label: 'Valid from' },
  { kind: 'date', name: 'end_date', label: 'Valid till' },
  { kind: 'checkbox', name: 'active', label: 'Switched on' },
];

/** what the offer covers, as the price rules apply it */
const coverage = (o: StaffOffer) => (o.tests.length > 0 ? o.tests.map((t) => t.name).join(', ') : (o.category ?? 'All tests'));

function state(o: StaffOffer, today: string): { label: string; tone: 'green' | 'blue' | 'slate' | 'red' } {
  if (!o.active) return { label: 'Switched off', tone: 'slate' };
  if (o.running) return { label: 'Running', tone: 'green' };
  return o.start_date > today ? { label: 'Scheduled', tone: 'blue' } : { label: 'Expired', tone: 'red' };
}

export default function OffersManager() {
  const offers = useOffers();
  const categories = useCategories();
  const save = useSaveOffer();
  const editor = useStaffEditor({
    schema: offerInputSchema,
    empty: { description: '', description_hi: '', category_id: null, start_date: '', end_date: '', active: true, test_ids: [] },
    fromRecord: (o: StaffOffer) => ({
      description: o.description,
      description_hi: o.description_hi ?? '',
      discount_percentage: o.discount_percentage,
      category_id: o.category_id,
      start_date: o.start_date,
      end_date: o.end_date,
      active: o.active,
      test_ids: o.tests.map((t) => t.id),
    }),
    save,
    savedMessage: (_saved, edited) => (edited ? 'Offer saved.' : 'Offer added.'),
  });
  const names = useTestNames((offers.data ?? []).flatMap((o) => o.tests));
  const fields = fieldsWith(categories.data, names);
  const today = todayInIndia();

  const toggle = (o: StaffOffer) =>
    editor.change(
      () => save.mutateAsync({ id: o.id, values: { active: !o.active } }),
      (saved) => `Offer “${saved.description}” switched ${saved.active ? 'on' : 'off'}.`,
      'Could not change the offer. Please try again.',
    );

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add an offer', 'Edit offer']}
        submitLabel={['Add offer', 'Save offer']}
        grid="sm:grid-cols-2 lg:grid-cols-3 lg:items-start"
        span="sm:col-span-2 lg:col-span-3"
      />
      <ListState isLoading={offers.isLoading} error={offers.error} loadingText="Loading offers..." />
      {offers.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Offers" columns={['Description', 'Discount', 'Applies to', 'Dates', 'State', 'Actions']}>
            {offers.data.map((o) => {
              const s = state(o, today);
              return (
                <tr key={o.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>
                    {o.description}
                    <HindiLine text={o.description_hi} />
                  </th>
                  <td className={tdClass}>{o.discount_percentage}% off</td>
                  <td className={tdClass}>{coverage(o)}</td>
                  <td className={tdClass}>
                    {formatDate(o.start_date)} – {formatDate(o.end_date)}
                  </td>
                  <td className={tdClass}>
                    <Badge tone={s.tone}>{s.label}</Badge>
                  </td>
                  <EditAndToggle
                    onEdit={() => editor.edit(o)}
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
