// Analysers (docs/analysers.md): the instruments that send results over HL7 v2/MLLP. For each one, its
// test codes and what they mean in the catalogue: a code never seen before waits here, unmapped, and
// its messages are refused until a pathologist maps it to a parameter (with a factor where the
// analyser's unit differs) or ignores it; the next message uses the mapping. Below, what the machine
// sent and what we answered, by analyser or by a container's accession number, with the orders sent to
// the analysers that take them (a container's tests, at its receipt) and their answers; the orders that
// failed for good are counted per analyser.
import type { AnalyserCode, AnalyserCodeRequest, AnalyserMessage } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useAnalyserCodes, useAnalyserMessages, useAnalysers, useContainerMessages, useParameterSearch, useSaveCode } from '../api/analysers.ts';
import { DataTable } from '../components/data-table.tsx';
import { SelectInput, TextInput } from '../components/fields.tsx';
import { ScreenError } from '../components/screen-route.tsx';
import { Badge, btn, ListState, tdClass } from '../components/ui.tsx';
import { formatDateTime } from '../lib/format.ts';
import { serverErrors } from '../lib/server-errors.ts';
import { useStaffAccess } from '../lib/staff-access.ts';

export const meta = () => [{ title: 'Analysers · Staff console' }];
export const ErrorBoundary = ScreenError;

const STATE_LABELS: Record<AnalyserCode['state'], string> = { unmapped: 'Waiting to be mapped', mapped: 'Mapped', ignored: 'Ignored' };

function CodeForm({ analyser, code, onDone }: { analyser: string; code: AnalyserCode; onDone(): void }) {
  const save = useSaveCode(analyser);
  const [state, setState] = useState<AnalyserCode['state']>(code.state === 'unmapped' ? 'mapped' : code.state);
  const [search, setSearch] = useState('');
  const [parameterId, setParameterId] = useState(code.parameter_id ? String(code.parameter_id) : '');
  const [unit, setUnit] = useState(code.unit ?? '');
  const [factor, setFactor] = useState(code.factor === null ? '' : String(code.factor));
  const found = useParameterSearch(search);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: AnalyserCodeRequest =
      state === 'mapped' ? { state, parameter_id: parameterId ? Number(parameterId) : null, unit: unit.trim() || null, factor: factor.trim() === '' ? null : Number(factor) } : { state };
    save.mutate({ code: code.code, body }, { onSuccess: onDone, onError: (err) => setErrors(serverErrors(err, ['parameter_id', 'unit', 'factor', 'state'])) });
  };
  const options = found.data?.parameters ?? [];
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2" aria-label={`Mapping of ${code.code}`}>
      <SelectInput label="This code" value={state} onChange={(e) => setState(e.target.value as AnalyserCode['state'])} error={errors.fields.state}>
        <option value="mapped">reports a parameter</option>
        <option value="ignored">is ignored (not reported by the lab)</option>
        <option value="unmapped">waits (refuse its messages)</option>
      </SelectInput>
      {state === 'mapped' && (
        <>
          <TextInput label="Find the parameter" type="search" value={search} onChange={(e) => setSearch(e.target.value)} hint={code.parameter_label ? `Now: ${code.parameter_label}` : 'A word of the test or the parameter, e.g. haemoglobin'} />
          <SelectInput label="Parameter" value={parameterId} onChange={(e) => setParameterId(e.target.value)} error={errors.fields.parameter_id}>
            <option value="">{code.parameter_label ?? '-'}</option>
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.test_name} · {p.name}
                {p.unit ? ` (${p.unit})` : ''}
              </option>
            ))}
          </SelectInput>
          <TextInput label="Analyser's unit to convert (blank: same as the catalogue)" value={unit} onChange={(e) => setUnit(e.target.value)} error={errors.fields.unit} />
          <TextInput label="Factor to the catalogue's unit" inputMode="decimal" value={factor} onChange={(e) => setFactor(e.target.value)} error={errors.fields.factor} hint="e.g. 0.1 for g/L to g/dL" />
        </>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          Save mapping
        </button>
        <button type="button" className={btn.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
      <StatusMessage tone="error" message={Object.keys(errors.fields).length ? null : errors.form} className="sm:col-span-2" />
    </form>
  );
}

function Codes({ analyser }: { analyser: string }) {
  const codes = useAnalyserCodes(analyser);
  const canEdit = useStaffAccess().can('PUT /api/staff/analysers/:name/codes/:code');
  const [editing, setEditing] = useState<string | null>(null);
  const list = codes.data?.codes ?? [];
  return (
    <section aria-labelledby="codes-heading" className="mb-8">
      <h3 id="codes-heading" className="mb-2 text-lg font-bold text-slate-900">
        Codes of {analyser}
      </h3>
      <ListState isLoading={codes.isLoading} error={codes.error} loadingText="Loading codes..." />
      {codes.data && list.length === 0 && <p className="text-slate-700">No message from {analyser} yet: its codes are listed here when the first one comes.</p>}
      {list.length > 0 && (
        <DataTable caption={`Test codes of ${analyser} and the catalogue's parameters they report`} columns={['Code', 'Reports', 'Conversion', 'Action']}>
          {list.map((c) => (
            <tr key={c.code}>
              <th scope="row" className={`${tdClass} font-semibold`}>
                {c.code}
                <p className="text-xs font-normal text-slate-700">{c.code_text}</p>
              </th>
              <td className={tdClass}>
                {editing === c.code ? (
                  <CodeForm analyser={analyser} code={c} onDone={() => setEditing(null)} />
                ) : c.state === 'mapped' ? (
                  c.parameter_label
                ) : (
                  <Badge tone={c.state === 'unmapped' ? 'amber' : 'slate'}>{STATE_LABELS[c.state]}</Badge>
                )}
              </td>
              <td className={tdClass}>{c.factor !== null && c.unit ? `${c.unit} × ${c.factor}` : ''}</td>
              <td className={tdClass}>
                {canEdit && editing !== c.code && (
                  <button type="button" className={btn.secondary} onClick={() => setEditing(c.code)}>
                    {c.state === 'unmapped' ? 'Map' : 'Change'}
                    <span className="sr-only"> code {c.code}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function MessageList({ messages, caption }: { messages: AnalyserMessage[]; caption: string }) {
  if (messages.length === 0) return <p className="text-slate-700">No messages.</p>;
  return (
    <ul aria-label={caption} className="divide-y divide-slate-200 rounded border border-slate-200">
      {messages.map((m) => (
        <li key={m.id} className="p-3">
          <details>
            <summary className="cursor-pointer">
              <span className="font-semibold">{formatDateTime(m.created_at)}</span> · {m.analyser} · {m.direction === 'in' ? 'received' : 'sent'} {m.message_type ?? 'unreadable message'}
              {m.control_id ? ` ${m.control_id}` : ''}
              {m.accession ? ` · container ${m.accession}` : ''} · {m.ack_code && <Badge tone={m.ack_code === 'AA' ? 'green' : 'red'}>{m.ack_code}</Badge>} {m.ack_text}
            </summary>
            <p className="mt-2 text-sm font-semibold">The message</p>
            <pre className="overflow-x-auto whitespace-pre rounded bg-slate-50 p-2 text-xs">{m.raw}</pre>
            {m.ack_raw && (
              <>
                <p className="mt-2 text-sm font-semibold">Our answer</p>
                <pre className="overflow-x-auto whitespace-pre rounded bg-slate-50 p-2 text-xs">{m.ack_raw}</pre>
              </>
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}

function Messages({ analyser }: { analyser: string }) {
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  const before = pages[pages.length - 1];
  const messages = useAnalyserMessages(analyser, before);
  return (
    <section aria-labelledby="messages-heading" className="mb-8">
      <h3 id="messages-heading" className="mb-2 text-lg font-bold text-slate-900">
        Messages of {analyser}, newest first
      </h3>
      <ListState isLoading={messages.isLoading} error={messages.error} loadingText="Loading messages..." />
      {messages.data && <MessageList messages={messages.data.messages} caption={`Messages of ${analyser}`} />}
      <div className="mt-2 flex gap-2">
        {pages.length > 1 && (
          <button type="button" className={btn.secondary} onClick={() => setPages(pages.slice(0, -1))}>
            Newer
          </button>
        )}
        {messages.data?.next_before && (
          <button type="button" className={btn.secondary} onClick={() => setPages([...pages, messages.data!.next_before!])}>
            Older
          </button>
        )}
      </div>
    </section>
  );
}

function ContainerMessages() {
  const [typed, setTyped] = useState('');
  const [accession, setAccession] = useState<string | null>(null);
  const messages = useContainerMessages(accession);
  const error = messages.error ? serverErrors(messages.error, ['accession']) : null;
  return (
    <section aria-labelledby="container-heading">
      <h3 id="container-heading" className="mb-2 text-lg font-bold text-slate-900">
        What did the machine send for a container?
      </h3>
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAccession(typed.trim() || null);
        }}
      >
        <TextInput label="Accession number (scan the label)" value={typed} onChange={(e) => setTyped(e.target.value)} error={error ? (error.fields.accession ?? error.form ?? undefined) : undefined} className="w-72" />
        <button type="submit" className={btn.primary}>
          Show its messages
        </button>
      </form>
      {messages.data && <MessageList messages={messages.data.messages} caption={`Messages of container ${accession}`} />}
    </section>
  );
}

export default function AnalysersScreen() {
  const list = useAnalysers();
  const [chosen, setChosen] = useState<string | null>(null);
  const analysers = list.data?.analysers ?? [];
  const shown = chosen ?? analysers[0]?.name ?? null;
  return (
    <section aria-labelledby="analysers-heading">
      <h2 id="analysers-heading" className="mb-3 text-xl font-bold text-slate-900">
        Analysers
      </h2>
      <ListState isLoading={list.isLoading} error={list.error} loadingText="Loading analysers..." />
      {list.data && list.data.port === null && (
        <p className="mb-4 text-slate-700">No analyser listener is configured: set ANALYSER_PORT and ANALYSERS on the server (docs/analysers.md).</p>
      )}
      {analysers.length > 0 && (
        <div className="mb-6">
          <DataTable caption={`Analysers sending results on port ${list.data!.port}`} columns={['Analyser', 'Connects from', 'Codes waiting', 'Last message', 'Orders out', 'Action']}>
            {analysers.map((a) => (
              <tr key={a.name}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {a.name}
                </th>
                <td className={tdClass}>{a.addresses.join(', ')}</td>
                <td className={tdClass}>{a.unmapped > 0 ? <Badge tone="amber">{a.unmapped} to map</Badge> : 'none'}</td>
                <td className={tdClass}>
                  {a.last_message_at ? formatDateTime(a.last_message_at) : 'none yet'} {a.last_ack_code && <Badge tone={a.last_ack_code === 'AA' ? 'green' : 'red'}>{a.last_ack_code}</Badge>}
                </td>
                <td className={tdClass}>
                  {a.orders ? `${a.orders.type} to ${a.orders.host}:${a.orders.port}` : 'off'}{' '}
                  {a.failed_orders > 0 && <Badge tone="red">{a.failed_orders} failed (90 days)</Badge>}
                </td>
                <td className={tdClass}>
                  <button type="button" className={btn.secondary} aria-pressed={shown === a.name} onClick={() => setChosen(a.name)}>
                    Show<span className="sr-only"> {a.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {shown && (
        <>
          <Codes key={`codes-${shown}`} analyser={shown} />
          <Messages key={`messages-${shown}`} analyser={shown} />
        </>
      )}
      <ContainerMessages />
    </section>
  );
}
