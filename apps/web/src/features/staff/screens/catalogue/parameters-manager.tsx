// What each test measures (admin): find a test, then edit its parameters (name, unit, result type,
// method, sample type and its SNOMED CT code, LOINC code and display) and their reference intervals by sex and age band, with critical limits. An
// edit applies to results entered after it; released reports keep the intervals they were released with.
import type { ParameterInput, ReferenceInterval, TestParameter } from '@lab/contract';
import { useState } from 'react';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useTests } from '../../api/catalogue.ts';
import { useParameters, useSaveParameter } from '../../api/parameters.ts';
import { SelectInput, TextInput } from '../../components/fields.tsx';
import { btn, ListState, Panel } from '../../components/ui.tsx';
import { serverErrors } from '../../lib/server-errors.ts';

const blankInterval: ReferenceInterval = { sex: 'any', age_unit: 'years', age_from: 18, age_to: null, lower: null, upper: null, critical_low: null, critical_high: null };
const blank: ParameterInput = { name: '', unit: '', result_type: 'number', decimals: 1, choices: null, normal_choice: null, method: '', sample_type: '', intervals: [] };
const num = (v: string) => (v.trim() === '' ? null : Number(v));
const LIMITS = [['lower', 'Lower'], ['upper', 'Upper'], ['critical_low', 'Critical low'], ['critical_high', 'Critical high']] as const;

function ParameterEditor({ testId, parameter }: { testId: number; parameter?: TestParameter }) {
  const save = useSaveParameter(testId);
  const [p, setP] = useState<ParameterInput>(parameter ? { ...parameter } : blank);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const label = parameter ? parameter.name : 'the new parameter';
  const intervals = p.intervals ?? [];
  const setInterval = (n: number, patch: Partial<ReferenceInterval>) => setP({ ...p, intervals: intervals.map((i, k) => (k === n ? { ...i, ...patch } : i)) });
  const submit = () => {
    setMessage(null);
    save.mutate(
      { ...(parameter ? { id: parameter.id } : {}), values: p },
      {
        onSuccess: () => {
          setMessage({ text: parameter ? 'Saved.' : 'Parameter added.', tone: 'success' });
          if (!parameter) setP(blank);
        },
        onError: (e) => setMessage({ text: serverErrors(e, []).form ?? 'Could not save.', tone: 'error' }),
      },
    );
  };
  return (
    <Panel title={parameter ? parameter.name : 'Add a parameter'}>
      <div className="flex flex-wrap items-end gap-3">
        <TextInput label="Name" value={p.name} onChange={(e) => setP({ ...p, name: e.target.value })} />
        <TextInput label="Unit" value={p.unit ?? ''} onChange={(e) => setP({ ...p, unit: e.target.value })} className="w-28" />
        <SelectInput label="Result type" value={p.result_type} onChange={(e) => setP({ ...p, result_type: e.target.value as ParameterInput['result_type'] })}>
          <option value="number">Number</option>
          <option value="choice">Choice</option>
          <option value="text">Text</option>
        </SelectInput>
        {p.result_type === 'number' && <TextInput label="Decimals" inputMode="numeric" value={String(p.decimals ?? 0)} onChange={(e) => setP({ ...p, decimals: Number(e.target.value) })} className="w-24" />}
        {p.result_type === 'choice' && (
          <>
            <TextInput label="Choices (comma-separated)" value={(p.choices ?? []).join(', ')} onChange={(e) => setP({ ...p, choices: e.target.value.split(',').map((c) => c.trim()).filter(Boolean) })} />
            <TextInput label="Normal choice" value={p.normal_choice ?? ''} onChange={(e) => setP({ ...p, normal_choice: e.target.value || null })} />
          </>
        )}
        <TextInput label="Method" value={p.method ?? ''} onChange={(e) => setP({ ...p, method: e.target.value })} />
        <TextInput label="Sample type" value={p.sample_type ?? ''} onChange={(e) => setP({ ...p, sample_type: e.target.value })} />
        <TextInput label="Sample type SNOMED CT code" value={p.specimen_code ?? ''} onChange={(e) => setP({ ...p, specimen_code: e.target.value || null })} className="w-44" />
        <TextInput label="LOINC code" value={p.loinc_code ?? ''} onChange={(e) => setP({ ...p, loinc_code: e.target.value || null })} className="w-28" />
        <TextInput label="LOINC display" value={p.loinc_display ?? ''} onChange={(e) => setP({ ...p, loinc_display: e.target.value || null })} />
      </div>
      {p.result_type === 'number' && (
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold text-slate-800">Reference intervals of {label} (leave a limit empty for a one-sided interval)</legend>
          {intervals.map((i, n) => (
            <div key={n} className="mt-2 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-2">
              <SelectInput label="Sex" value={i.sex} onChange={(e) => setInterval(n, { sex: e.target.value as ReferenceInterval['sex'] })}>
                <option value="any">Any</option>
                <option value="male">Male</option>
                <option value="female">Female</option>
              </SelectInput>
              <TextInput label="Age from" inputMode="numeric" value={String(i.age_from)} onChange={(e) => setInterval(n, { age_from: Number(e.target.value) })} className="w-20" />
              <TextInput label="Age to (empty: no limit)" inputMode="numeric" value={i.age_to?.toString() ?? ''} onChange={(e) => setInterval(n, { age_to: num(e.target.value) })} className="w-32" />
              <SelectInput label="Age in" value={i.age_unit} onChange={(e) => setInterval(n, { age_unit: e.target.value as ReferenceInterval['age_unit'] })}>
                <option value="years">Years</option>
                <option value="days">Days</option>
              </SelectInput>
              {LIMITS.map(([k, l]) => (
                <TextInput key={k} label={l} inputMode="decimal" value={i[k]?.toString() ?? ''} onChange={(e) => setInterval(n, { [k]: num(e.target.value) })} className="w-24" />
              ))}
              <button type="button" className={btn.secondary} onClick={() => setP({ ...p, intervals: intervals.filter((_, k) => k !== n) })}>
                Remove<span className="sr-only"> interval {n + 1}</span>
              </button>
            </div>
          ))}
          <button type="button" className={`${btn.secondary} mt-2`} onClick={() => setP({ ...p, intervals: [...intervals, blankInterval] })}>
            Add an interval<span className="sr-only"> to {label}</span>
          </button>
        </fieldset>
      )}
      <div className="mt-3 flex items-center gap-3">
        <button type="button" className={btn.primary} disabled={save.isPending} onClick={submit}>
          {parameter ? 'Save' : 'Add parameter'}
          <span className="sr-only"> {label}</span>
        </button>
        <StatusMessage message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      </div>
    </Panel>
  );
}

export default function ParametersManager() {
  const [q, setQ] = useState('');
  const [testId, setTestId] = useState<number | null>(null);
  const tests = useTests({ q, category_id: '', active: '', offset: 0, limit: 50 });
  const params = useParameters(testId);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <TextInput label="Find a test" value={q} onChange={(e) => setQ(e.target.value)} />
        <SelectInput label="Test" value={testId?.toString() ?? ''} onChange={(e) => setTestId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Choose a test</option>
          {tests.data?.items.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectInput>
      </div>
      {testId !== null && (
        <>
          <ListState isLoading={params.isLoading} error={params.error} loadingText="Loading parameters..." />
          {params.data?.length === 0 && <p className="text-slate-700">This test has no parameters yet: results cannot be entered for it until it has one.</p>}
          {params.data?.map((p) => <ParameterEditor key={p.id} testId={testId} parameter={p} />)}
          <ParameterEditor key={`new-${testId}`} testId={testId} />
        </>
      )}
    </div>
  );
}
