// When the sample was collected and when it reached the lab, in India time: both default to the moment
// staff marked it collected and can be corrected until the report is released (the report prints both).
import { type SampleTimes, toIndiaLocal, type Worksheet } from '@lab/contract';
import { useEffect, useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { type ServerErrors, serverErrors } from '../lib/server-errors.ts';
import { TextInput } from './fields.tsx';
import { btn, Panel } from './ui.tsx';

const local = (iso: string | null) => (iso ? toIndiaLocal(iso) : '');

export function SampleTimesPanel({ sheet, onSave, busy }: { sheet: Worksheet; onSave(body: SampleTimes): Promise<unknown>; busy: boolean }) {
  const [collected, setCollected] = useState(local(sheet.sample_collected_at));
  const [received, setReceived] = useState(local(sheet.sample_received_at));
  const [errors, setErrors] = useState<ServerErrors>({ fields: {}, form: null });
  const [saved, setSaved] = useState(false);
  // The fields follow the server's answer after each save (and anyone else's change on a reload).
  useEffect(() => {
    setCollected(local(sheet.sample_collected_at));
    setReceived(local(sheet.sample_received_at));
  }, [sheet.sample_collected_at, sheet.sample_received_at]);
  const save = async () => {
    setErrors({ fields: {}, form: null });
    setSaved(false);
    try {
      await onSave({ collected_at: collected, received_at: received });
      setSaved(true);
    } catch (e) {
      setErrors(serverErrors(e, ['collected_at', 'received_at']));
    }
  };
  return (
    <Panel title="Sample">
      <div className="flex flex-wrap items-end gap-3">
        <TextInput label="Collected at (India time)" type="datetime-local" value={collected} onChange={(e) => setCollected(e.target.value)} error={errors.fields.collected_at} />
        <TextInput label="Received at the lab (India time)" type="datetime-local" value={received} onChange={(e) => setReceived(e.target.value)} error={errors.fields.received_at} />
        <button type="button" className={btn.secondary} disabled={busy} onClick={() => void save()}>
          Save sample times
        </button>
      </div>
      <StatusMessage message={errors.form ?? (saved ? 'Sample times saved.' : null)} tone={errors.form ? 'error' : 'success'} className="mt-2" />
    </Panel>
  );
}
