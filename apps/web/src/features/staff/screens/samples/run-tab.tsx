// The phlebotomist's run on a phone (360 px wide and up): the day's home collections by time, each with
// its address, a call button, the preparation to check ("fasting since?"), the containers to draw and the
// amount to collect at the door. Collecting records the time pressed and numbers the containers; their
// labels print as a PDF for the roll printer, and each label stuck on a tube is scanned (camera or typed)
// to check it belongs to this visit before leaving. A collection pressed without a connection is kept on the
// phone with its time and sent when the connection returns (lib/pending-collections.ts).
import { accessionBarcode, type HomeVisit } from '@lab/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../../shared/api/client.ts';
import { saveFile } from '../../../../shared/api/files.ts';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useHomeVisits } from '../../api/slots.ts';
import { sampleLabels, useCollect, useVisitSamples } from '../../api/samples.ts';
import { TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState } from '../../components/ui.tsx';
import { keepCollection, pendingCollections, sendPendingCollections } from '../../lib/pending-collections.ts';
import { serverErrors } from '../../lib/server-errors.ts';
import { todayInIndia } from '../../lib/format.ts';
import { LabelScanner } from './label-scanner.tsx';

const digits = (v: string) => v.replace(/\D/g, '');

function Containers({ visit, onKept }: { visit: HomeVisit; onKept(): void }) {
  const samples = useVisitSamples(visit.id);
  const collect = useCollect();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const drawn = useMemo(() => samples.data?.samples ?? [], [samples.data]);
  const read = useCallback(
    (value: string) => {
      const match = drawn.find((s) => accessionBarcode(s.accession) === digits(value));
      if (match) {
        setChecked((c) => new Set(c).add(match.accession));
        setMessage({ tone: 'success', text: `Label ${match.accession} is on the ${match.container_name}.` });
      } else setMessage({ tone: 'error', text: `${value} is not a label of this visit. Check the tube.` });
    },
    [drawn],
  );
  const collectNow = () => {
    const collectedAt = new Date().toISOString();
    collect.mutate(
      { appointmentId: visit.id, collectedAt },
      {
        onSuccess: () => setMessage({ tone: 'success', text: 'Collected. Print the labels and scan each one on its tube.' }),
        onError: (e) => {
          if (e instanceof ApiError) return setMessage({ tone: 'error', text: serverErrors(e, []).form ?? 'Refused.' });
          // no connection: the time pressed is kept on the phone and sent when the connection returns
          keepCollection(localStorage, { appointmentId: visit.id, collectedAt });
          onKept();
          setMessage({ tone: 'error', text: 'No connection: the collection is kept on this phone with its time and sent when the connection returns.' });
        },
      },
    );
  };
  const labels = () => void sampleLabels(visit.id).then((b) => saveFile(b, `labels-${visit.reference}.pdf`), (e: unknown) => setMessage({ tone: 'error', text: serverErrors(e, []).form ?? 'Refused.' }));
  if (samples.isLoading || samples.error) return <ListState isLoading={samples.isLoading} error={samples.error} loadingText="Loading containers..." />;
  const planned = samples.data?.planned ?? [];
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      {planned.length > 0 && (
        <>
          <h5 className="text-sm font-semibold text-slate-900">To draw</h5>
          <ul className="mt-1 space-y-1 text-sm">
            {planned.map((p, i) => (
              <li key={`${p.container}-${i}`}>
                <span className="font-semibold">{p.container_name}</span>
                {p.volume_ml > 0 ? `, ${p.volume_ml} ml` : ''}: {p.tests.join(', ')}
              </li>
            ))}
          </ul>
          <button type="button" className={`${btn.primary} mt-2 w-full`} onClick={collectNow} disabled={collect.isPending}>
            Mark collected<span className="sr-only"> for {visit.patient_name}</span>
          </button>
        </>
      )}
      {drawn.length > 0 && (
        <>
          <h5 className="mt-2 text-sm font-semibold text-slate-900">Drawn</h5>
          <ul className="mt-1 space-y-1 text-sm" aria-label={`Containers of ${visit.patient_name}`}>
            {drawn.map((s) => (
              <li key={s.accession} className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{s.accession}</span> {s.container_name}
                {s.status === 'rejected' ? <Badge tone="red">Rejected</Badge> : checked.has(s.accession) ? <Badge tone="green">Label checked</Badge> : <Badge tone="amber">Label not checked</Badge>}
              </li>
            ))}
          </ul>
          <button type="button" className={`${btn.secondary} mt-2`} onClick={labels}>
            Print labels<span className="sr-only"> for {visit.patient_name}</span>
          </button>
          <div className="mt-2">
            <LabelScanner label="Scan or type a label's number" onRead={read} />
          </div>
        </>
      )}
      <StatusMessage tone={message?.tone ?? 'success'} message={message?.text} className="mt-2" />
    </div>
  );
}

function VisitCard({ visit, onKept }: { visit: HomeVisit; onKept(): void }) {
  const [open, setOpen] = useState(false);
  const tel = visit.phone.replace(/[^\d+]/g, '');
  return (
    <li>
      <article aria-labelledby={`visit-${visit.id}`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <div className="flex items-start justify-between gap-2">
          <h4 id={`visit-${visit.id}`} className="font-semibold text-slate-900">
            {visit.time} {visit.patient_name}
          </h4>
          <Badge tone={visit.status === 'approved' ? 'blue' : visit.status === 'sample_collected' ? 'green' : 'slate'}>{visit.status === 'sample_collected' ? 'Collected' : visit.status === 'approved' ? 'To collect' : visit.status}</Badge>
        </div>
        <p className="text-sm text-slate-800">
          {visit.address}
          {visit.locality ? `, ${visit.locality}` : ''}
          {visit.pin ? ` ${visit.pin}` : ''}
        </p>
        <p className="text-sm text-slate-700">{visit.tests.join(', ')}</p>
        {visit.preparation.length > 0 && (
          <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
            Check: {visit.preparation.join(' ')} <span className="font-semibold">Fasting since?</span>
          </p>
        )}
        <p className="mt-1 text-sm">{visit.amount_due > 0 ? `Collect ${formatRupees(visit.amount_due)}` : 'Paid'}</p>
        <div className="mt-2 flex gap-2">
          <a className={`${btn.secondary} grow text-center`} href={`tel:${tel}`}>
            Call<span className="sr-only"> {visit.patient_name}</span>
          </a>
          <button type="button" className={`${btn.primary} grow`} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            Containers<span className="sr-only"> for {visit.patient_name}</span>
          </button>
        </div>
        {open && <Containers visit={visit} onKept={onKept} />}
      </article>
    </li>
  );
}

export default function RunTab() {
  const [date, setDate] = useState(todayInIndia());
  const day = useHomeVisits(date);
  const visits = (day.data?.visits ?? []).filter((v) => v.status === 'approved' || v.status === 'sample_collected');
  const collect = useCollect();
  const [waiting, setWaiting] = useState(0);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const send = collect.mutateAsync;
  const flush = useCallback(async () => {
    const { sent, refused } = await sendPendingCollections(localStorage, send);
    setWaiting(pendingCollections(localStorage).length);
    if (sent.length || refused.length) setSentNote(`Sent ${sent.length} collection(s) kept on this phone${refused.length ? `; ${refused.length} refused by the server: check them with the desk` : ''}.`);
  }, [send]);
  // kept collections go when the screen opens and whenever the connection returns
  useEffect(() => {
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);
  return (
    <section aria-labelledby="run-heading" className="mx-auto max-w-md">
      <h3 id="run-heading" className="mb-2 text-lg font-bold text-slate-900">
        Home collections
      </h3>
      <TextInput label="Day" type="date" value={date} onChange={(e) => setDate(e.target.value)} className="mb-3" />
      {waiting > 0 && <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">{waiting} collection(s) kept on this phone, to send when the connection returns.</p>}
      <StatusMessage tone="success" message={sentNote} className="mb-2" />
      <ListState isLoading={day.isLoading} error={day.error} loadingText="Loading the run..." />
      {day.data && visits.length === 0 && <p className="text-slate-700">No approved home collection on this day.</p>}
      <ul className="space-y-3">
        {visits.map((v) => (
          <VisitCard key={v.id} visit={v} onKept={() => setWaiting(pendingCollections(localStorage).length)} />
        ))}
      </ul>
    </section>
  );
}
