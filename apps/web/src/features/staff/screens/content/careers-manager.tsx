// Career openings: title, description, posted date, open or closed, and the application link
// (https:// or mailto:) that the careers page's "Apply Now" opens.
import { type CareerInput, careerInputSchema, type StaffCareer } from '@lab/contract';
import { useCareers, useSaveCareer } from '../../api/content.ts';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { Badge, ListState, tdClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

const fields: FieldSpec<CareerInput>[] = [
  // English and Hindi side by side; the careers page in Hindi shows the English where no Hindi is written.
  { kind: 'text', name: 'job_title', label: 'Job title' },
  { kind: 'text', name: 'job_title_hi', label: 'Job title in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'textarea', name: 'description', label: 'Description', rows: 4 },
  { kind: 'textarea', name: 'description_hi', label: 'Description in Hindi', lang: 'hi', rows: 4, hint: HINDI_HINT },
  { kind: 'text', name: 'application_link', label: 'Application link', hint: 'An https:// address or mailto:someone@example.com' },
  { kind: 'date', name: 'posted_on', label: 'Posted on', hint: 'Today when left empty.', optional: true },
  { kind: 'checkbox', name: 'is_open', label: 'Open for applications', className: 'sm:pt-8' },
];

export default function CareersManager() {
  const careers = useCareers();
  const save = useSaveCareer();
  const editor = useStaffEditor({
    schema: careerInputSchema,
    empty: { job_title: '', description: '', job_title_hi: '', description_hi: '', application_link: '', is_open: true },
    fromRecord: (c: StaffCareer) => ({ job_title: c.job_title, description: c.description, job_title_hi: c.job_title_hi ?? '', description_hi: c.description_hi ?? '', posted_on: c.posted_on, application_link: c.application_link, is_open: c.is_open }),
    save,
    savedMessage: (saved, edited) => `Opening “${saved.job_title}” ${edited ? 'saved' : 'added'}.`,
  });

  const toggle = (c: StaffCareer) =>
    editor.change(
      () => save.mutateAsync({ id: c.id, values: { is_open: !c.is_open } }),
      (saved) => `Opening “${saved.job_title}” ${saved.is_open ? 'reopened' : 'closed'}.`,
      `Could not change “${c.job_title}”. Please try again.`,
    );

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fields}
        title={['Add an opening', 'Edit opening']}
        submitLabel={['Add opening', 'Save opening']}
        grid="sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
      />
      <ListState isLoading={careers.isLoading} error={careers.error} loadingText="Loading careers..." />
      {careers.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Career openings" columns={['Job title', 'Posted on', 'Application link', 'State', 'Actions']}>
            {careers.data.map((c) => (
              <tr key={c.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>{c.job_title}</th>
                <td className={tdClass}>{formatDate(c.posted_on)}</td>
                <td className={`${tdClass} break-all`}>{c.application_link}</td>
                <td className={tdClass}>
                  <Badge tone={c.is_open ? 'green' : 'slate'}>{c.is_open ? 'Open' : 'Closed'}</Badge>
                </td>
                <EditAndToggle
                  onEdit={() => editor.edit(c)}
                  on={c.is_open}
                  onToggle={() => void toggle(c)}
                  disabled={save.isPending}
                  turnOff="Close"
                  turnOn="Reopen"
                />
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </>
  );
}
