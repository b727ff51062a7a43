// Staff accounts (admin): who may do what. A person registers like any patient; the admin gives the
// account a role here (a pathologist with the qualification and registration number the reports
// print), changes it, or deactivates it. Every change is in the audit log.
import { type StaffAccount, type StaffRole, staffRoleSchema } from '@lab/contract';
import { useState } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useAccountChange, useStaffAccounts } from '../api/accounts.ts';
import { SelectInput, TextInput } from '../components/fields.tsx';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';
import { btn, ListState, Panel, tableClass, tdClass, thClass, ScrollArea } from '../components/ui.tsx';
import { type ServerErrors, serverErrors } from '../lib/server-errors.ts';

export const meta = () => staffMeta('Staff accounts');
export const ErrorBoundary = ScreenError;

const roleLabels: Record<StaffRole, string> = { reception: 'Reception', phlebotomist: 'Phlebotomist', technician: 'Technician', pathologist: 'Pathologist', admin: 'Admin' };
const FIELDS = ['username', 'staff_role', 'qualification', 'registration_no'];

function RoleOptions() {
  return staffRoleSchema.options.map((r) => (
    <option key={r} value={r}>
      {roleLabels[r]}
    </option>
  ));
}

function AccountRow({ a }: { a: StaffAccount }) {
  const change = useAccountChange();
  const [role, setRole] = useState<StaffRole>(a.staff_role ?? 'reception');
  const [qualification, setQualification] = useState(a.qualification);
  const [registration, setRegistration] = useState(a.registration_no);
  const [failed, setFailed] = useState<string | null>(null);
  const save = (body: Parameters<typeof change.mutate>[0]) => {
    setFailed(null);
    change.mutate(body, { onError: (e) => setFailed(serverErrors(e, []).form) });
  };
  const name = `${a.first_name} ${a.last_name}`.trim() || a.username;
  return (
    <tr>
      <td className={tdClass}>
        <strong>{name}</strong>
        <p className="text-xs text-slate-600">
          {a.username} · {a.email}
        </p>
        <StatusMessage message={failed} tone="error" />
      </td>
      <td className={tdClass}>
        <select aria-label={`Role of ${name}`} className="rounded border border-slate-400 px-2 py-1" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          <RoleOptions />
        </select>
      </td>
      <td className={tdClass}>
        <input aria-label={`Qualification of ${name}`} className="w-36 rounded border border-slate-400 px-2 py-1" value={qualification} onChange={(e) => setQualification(e.target.value)} />
      </td>
      <td className={tdClass}>
        <input aria-label={`Registration number of ${name}`} className="w-32 rounded border border-slate-400 px-2 py-1" value={registration} onChange={(e) => setRegistration(e.target.value)} />
      </td>
      <td className={`${tdClass} space-x-2 whitespace-nowrap`}>
        <button type="button" className={btn.primary} disabled={change.isPending} onClick={() => save({ kind: 'update', id: a.id, body: { staff_role: role, qualification, registration_no: registration } })}>
          Save<span className="sr-only"> {name}</span>
        </button>
        <button type="button" className={btn.danger} disabled={change.isPending} onClick={() => save({ kind: 'update', id: a.id, body: { staff_role: null } })}>
          Deactivate<span className="sr-only"> {name}</span>
        </button>
      </td>
    </tr>
  );
}

export default function AccountsScreen() {
  const accounts = useStaffAccounts();
  const change = useAccountChange();
  const [form, setForm] = useState({ username: '', staff_role: 'technician' as StaffRole, qualification: '', registration_no: '' });
  const [errors, setErrors] = useState<ServerErrors>({ fields: {}, form: null });
  const [done, setDone] = useState<string | null>(null);
  const grant = () => {
    setErrors({ fields: {}, form: null });
    setDone(null);
    change.mutate(
      { kind: 'grant', body: form },
      {
        onSuccess: (a) => {
          setDone(`${a.username} is now ${roleLabels[a.staff_role ?? 'reception']}.`);
          setForm({ username: '', staff_role: 'technician', qualification: '', registration_no: '' });
        },
        onError: (e) => setErrors(serverErrors(e, FIELDS)),
      },
    );
  };
  return (
    <section aria-labelledby="accounts-heading" className="space-y-4">
      <h2 id="accounts-heading" className="text-xl font-bold text-slate-900">
        Staff accounts
      </h2>
      <Panel title="Give an account a staff role">
        <p className="mb-3 text-sm text-slate-700">The person registers on the site first; then give their username a role here.</p>
        <div className="flex flex-wrap items-end gap-3">
          <TextInput label="Username" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} error={errors.fields.username} />
          <SelectInput label="Role" value={form.staff_role} onChange={(e) => setForm({ ...form, staff_role: e.target.value as StaffRole })} error={errors.fields.staff_role}>
            <RoleOptions />
          </SelectInput>
          <TextInput label="Qualification" hint="Pathologists: printed on reports" value={form.qualification} onChange={(e) => setForm({ ...form, qualification: e.target.value })} error={errors.fields.qualification} />
          <TextInput label="Registration number" value={form.registration_no} onChange={(e) => setForm({ ...form, registration_no: e.target.value })} error={errors.fields.registration_no} />
          <button type="button" className={btn.primary} disabled={change.isPending} onClick={grant}>
            Give role
          </button>
        </div>
        <StatusMessage message={errors.form ?? done} tone={errors.form ? 'error' : 'success'} className="mt-2" />
      </Panel>
      <ListState isLoading={accounts.isLoading} error={accounts.error} loadingText="Loading staff accounts..." />
      {accounts.data && (
        <ScrollArea label="Staff accounts list">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>Person</th>
                <th className={thClass}>Role</th>
                <th className={thClass}>Qualification</th>
                <th className={thClass}>Registration no.</th>
                <th className={thClass}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((a) => (
                <AccountRow key={`${a.id}-${a.staff_role}-${a.qualification}-${a.registration_no}`} a={a} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
