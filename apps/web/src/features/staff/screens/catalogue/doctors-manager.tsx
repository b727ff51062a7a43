// Referring doctors: the lab's directory (docs/families-and-doctors.md), searched by the first letters of
// a name, added and edited by the front desk. A doctor needs a phone or an e-mail; the doctor's one-time
// sign-in links go to the e-mail and by SMS to the phone, and by WhatsApp too when the doctor agreed to it.
import { type Doctor, type DoctorInput, doctorInputSchema } from '@lab/contract';
import { useState } from 'react';
import { useDoctors, useSaveDoctor } from '../../api/doctors.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { TextInput } from '../../components/fields.tsx';
import { btn, ListState, tdClass } from '../../components/ui.tsx';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fields: FieldSpec<DoctorInput>[] = [
  { kind: 'text', name: 'name', label: 'Name', hint: 'Without "Dr": the report prints "Referred by Dr …".' },
  { kind: 'text', name: 'qualification', label: 'Qualification' },
  { kind: 'text', name: 'registration_no', label: 'Registration number' },
  { kind: 'text', name: 'council', label: 'Medical council' },
  { kind: 'text', name: 'clinic', label: 'Clinic', optional: true },
  { kind: 'text', name: 'phone', label: 'Phone', clearable: true },
  { kind: 'text', name: 'email', label: 'E-mail (sign-in links go here)', clearable: true },
  { kind: 'checkbox', name: 'whatsapp', label: 'The doctor agreed to WhatsApp messages (links go there too)' },
];

export default function DoctorsManager() {
  const [q, setQ] = useState('');
  const doctors = useDoctors(q);
  const save = useSaveDoctor();
  const editor = useStaffEditor({
    schema: doctorInputSchema,
    empty: { name: '', qualification: '', registration_no: '', council: '', clinic: '', phone: null, email: null, whatsapp: false },
    fromRecord: (d: Doctor) => ({ name: d.name, qualification: d.qualification, registration_no: d.registration_no, council: d.council, clinic: d.clinic, phone: d.phone, email: d.email, whatsapp: d.whatsapp ?? false }),
    save,
    savedMessage: (saved, edited) => `Dr ${saved.name} ${edited ? 'saved' : 'added'}.`,
  });

  return (
    <>
      <EditorForm editor={editor} fields={fields} title={['Add a doctor', 'Edit doctor']} submitLabel={['Add doctor', 'Save doctor']} grid="sm:grid-cols-2 sm:items-start" span="sm:col-span-2" />
      <div className="mt-6 max-w-sm">
        <TextInput label="Find by name" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <ListState isLoading={doctors.isLoading} error={doctors.error} loadingText="Loading doctors..." />
      {doctors.data && (
        <DataTable caption="Referring doctors" columns={['Name', 'Registration', 'Clinic', 'Contact', 'Actions']}>
          {doctors.data.map((d) => (
            <tr key={d.id}>
              <th scope="row" className={`${tdClass} font-semibold`}>
                Dr {d.name}
                <span className="block text-xs font-normal text-slate-600">{d.qualification}</span>
              </th>
              <td className={tdClass}>
                {d.registration_no} · {d.council}
              </td>
              <td className={tdClass}>{d.clinic}</td>
              <td className={tdClass}>{[d.phone, d.email].filter(Boolean).join(' · ')}</td>
              <td className={tdClass}>
                <button type="button" className={btn.secondary} onClick={() => editor.edit(d)}>
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
