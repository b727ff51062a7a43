// A day's home collections: grouped by locality and slot, each with what the phlebotomist needs at the
// door, and the staff member who goes (chosen here, saved at once, audited). "Run sheet" opens the
// printable view of the same day: one page per phlebotomist, the unassigned visits on a page of their own.
import { byLocalityAndSlot, type HomeVisit, type StaffMember, staffPaths, statusLabels } from '@lab/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { ApiError } from '../../../../shared/api/client.ts';
import { useAssignPhlebotomist, useHomeVisits } from '../../api/slots.ts';
import { SelectInput, TextInput } from '../../components/fields.tsx';
import { btn, ListState, Panel } from '../../components/ui.tsx';
import { formatDate, todayInIndia } from '../../lib/format.ts';
import { useStaffAccess } from '../../lib/staff-access.ts';
import RunSheet from './run-sheet.tsx';

function AssignField({ visit, staff }: { visit: HomeVisit; staff: StaffMember[] }) {
  const assign = useAssignPhlebotomist();
  const [error, setError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState<string | null>(null);
  const change = async (value: string) => {
    setError(undefined);
    setSaved(null);
    try {
      const done = await assign.mutateAsync({ id: visit.id, body: { phlebotomist_id: value === '' ? null : Number(value) } });
      setSaved(done.phlebotomist ? `Given to ${done.phlebotomist.name}.` : 'No one is assigned now.');
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as Record<string, unknown> | null) : null;
      const field = body && Array.isArray(body.phlebotomist_id) ? String(body.phlebotomist_id[0]) : undefined;
      setError(field ?? (e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.'));
    }
  };
  return (
    <div>
      <SelectInput
        label={`Phlebotomist for ${visit.patient_name} at ${visit.time}`}
        value={visit.phlebotomist ? String(visit.phlebotomist.id) : ''}
        disabled={assign.isPending}
        error={error}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="">Not assigned</option>
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectInput>
      <StatusMessage tone="success" message={saved} className="mt-1" />
    </div>
  );
}

function VisitCard({ visit, staff }: { visit: HomeVisit; staff: StaffMember[] }) {
  // The front desk gives visits to phlebotomists; a phlebotomist reads who has each (the access table).
  const mayAssign = useStaffAccess().can('PUT /api/staff/home-visits/:id/phlebotomist');
  return (
    <li className="grid gap-3 rounded-md border border-slate-200 bg-white p-3 md:grid-cols-[1fr_16rem]">
      <div className="text-sm text-slate-800">
        <p className="font-semibold text-slate-900">
          {visit.time} · {visit.patient_name} <span className="font-normal text-slate-700">({statusLabels[visit.status]})</span>
        </p>
        <p>
          <a className="text-brand-800 underline" href={`tel:${visit.phone.replace(/[^\d+]/g, '')}`}>
            {visit.phone}
          </a>
        </p>
        <p>{visit.address}</p>
        <p>
          <span className="font-semibold">Tests:</span> {visit.tests.join(', ')}
        </p>
        {visit.preparation.length > 0 && (
          <p>
            <span className="font-semibold">Preparation:</span> {visit.preparation.join(' ')}
          </p>
        )}
        <p>
          <span className="font-semibold">To collect:</span> {visit.amount_due > 0 ? formatRupees(visit.amount_due) : 'Nothing (paid)'}
        </p>
      </div>
      {mayAssign ? (
        <AssignField visit={visit} staff={staff} />
      ) : (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">Phlebotomist:</span> {visit.phlebotomist?.name ?? 'Not assigned'}
        </p>
      )}
    </li>
  );
}

export default function HomeVisitsManager() {
  // The day and the view are in the address (useSearchParams would add to every public page's framework chunk).
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const date = params.get('date') ?? todayInIndia();
  const day = useHomeVisits(date);
  const setDate = (value: string) => void navigate(staffPaths.staffHomeVisitsOn(value), { replace: true });

  if (params.get('view') === 'run-sheet') return <RunSheet date={date} day={day.data} isLoading={day.isLoading} error={day.error} />;

  const groups = day.data ? byLocalityAndSlot(day.data.visits) : [];
  return (
    <>
      <form aria-label="Choose the day" className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <TextInput label="Day" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <button type="button" className={btn.secondary} onClick={() => setDate(todayInIndia())}>
          Today
        </button>
        <Link className={btn.primary} to={staffPaths.staffHomeVisitsOn(date, true)}>
          Run sheet
        </Link>
      </form>
      <ListState isLoading={day.isLoading} error={day.error} loadingText="Loading the home collections..." />
      {day.data && day.data.visits.length === 0 && <p className="text-slate-700">No home collection on {formatDate(date)}.</p>}
      {groups.map((g) => {
        const slots = [...new Set(g.visits.map((v) => `${v.slot_start} to ${v.slot_end}`))];
        return (
          <Panel key={g.key} title={`${g.key} (${g.visits.length} ${g.visits.length === 1 ? 'visit' : 'visits'})`}>
            {slots.map((slot) => (
              <section key={slot} aria-label={`${g.key}, ${slot}`} className="mb-3">
                <h4 className="mb-2 text-sm font-bold text-slate-800">{slot}</h4>
                <ul className="grid gap-2">
                  {g.visits
                    .filter((v) => `${v.slot_start} to ${v.slot_end}` === slot)
                    .map((v) => (
                      <VisitCard key={v.id} visit={v} staff={day.data!.staff} />
                    ))}
                </ul>
              </section>
            ))}
          </Panel>
        );
      })}
    </>
  );
}
