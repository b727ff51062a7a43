// Choosing tests for a package or an offer: the chosen ones as removable chips, and a search of the
// active tests to add more, one by one.
import { useId, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useTests } from '../api/catalogue.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { type FieldSpec, fieldError } from './editor-form.tsx';
import { TextInput } from './fields.tsx';
import { btn } from './ui.tsx';

/** the names of tests by id: those of the records listed, and those added from the search */
type Names = ReadonlyMap<number, string>;

/** names for the chips: the listed records' tests, plus each test added from the search since */
export function useTestNames(listed: readonly { id: number; name: string }[]) {
  const [added, setAdded] = useState<Map<number, string>>(() => new Map());
  const names: Names = new Map([...listed.map((t) => [t.id, t.name] as const), ...added]);
  const remember = (test: { id: number; name: string }) => setAdded((m) => new Map(m).set(test.id, test.name));
  return { names, remember };
}

export interface TestPickerProps {
  legend: string;
  ids: number[];
  names: ReturnType<typeof useTestNames>;
  onChange(next: number[]): void;
  error?: string | undefined;
  /** shown when no test is chosen */
  emptyText?: string;
}

export function TestPicker({ legend, ids, names, onChange, error, emptyText = 'No tests chosen yet.' }: TestPickerProps) {
  const [text, setText] = useState('');
  const errorId = useId();
  const q = useDebounced(text);
  const found = useTests({ q, category_id: '', active: 'true', offset: 0, limit: 8 });
  const chosen = new Set(ids);
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {ids.length === 0 ? (
        <p className="mb-2 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2">
          {ids.map((id) => {
            const name = names.names.get(id) ?? `Test ${id}`;
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
                <button
                  type="button"
                  className={btn.secondary}
                  aria-label={`Add ${t.name}`}
                  onClick={() => {
                    names.remember(t);
                    onChange([...ids, t.id]);
                  }}
                >
                  Add
                </button>
              </li>
            ))}
          {found.data && found.data.items.length === 0 && <li className="px-3 py-1.5 text-sm text-slate-600">No active test matches.</li>}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** the editor field of a record's `test_ids` (a package's, an offer's) */
export function testIdsField<V extends FieldValues & { test_ids?: number[] | undefined }, O>(
  props: Pick<TestPickerProps, 'legend' | 'names' | 'emptyText'>,
): FieldSpec<V, O> {
  return {
    kind: 'custom',
    key: 'test_ids',
    render: (form) => (
      <Controller
        control={form.control as never}
        name="test_ids"
        render={({ field }) => (
          <TestPicker {...props} ids={(field.value as number[] | undefined) ?? []} error={fieldError(form as never, 'test_ids')} onChange={field.onChange} />
        )}
      />
    ),
  };
}
