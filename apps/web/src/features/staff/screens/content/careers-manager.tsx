// Career openings: title, description, posted date, open or closed, and the application link
// (https:// or mailto:) that the careers page's "Apply Now" opens.
import type { StaffCareer } from '@lab/contract';
import type { FormEvent } from 'react';
import { useCareers, useSaveCareer } from '../../api/content.ts';
import { CheckboxInput, TextArea, TextInput } from '../../components/fields.tsx';
import { DataTable, EditAndToggle } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, ListState, tdClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Careers');
export const ErrorBoundary = ScreenError;

const EMPTY = { job_title: '', description: '', posted_on: '', application_link: '', is_open: true };
const FIELDS = ['job_title', 'description', 'posted_on', 'application_link', 'is_open'] as const;

export default function CareersManager() {
  const careers = useCareers();
  const save = useSaveCareer();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit, change } = useSaveActions(editor);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () => save.mutateAsync({ id: editingId, values: { ...values, posted_on: values.posted_on || undefined } }),
      (saved) => (editingId ? `Opening “${saved.job_title}” saved.` : `Opening “${saved.job_title}” added.`),
    );
  }

  const toggle = (c: StaffCareer) =>
    change(
      () => save.mutateAsync({ id: c.id, values: { is_open: !c.is_open } }),
      (saved) => `Opening “${saved.job_title}” ${saved.is_open ? 'reopened' : 'closed'}.`,
      `Could not change “${c.job_title}”. Please try again.`,
    );

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit opening' : 'Add an opening'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-2 sm:items-start"
        span="sm:col-span-2"
        submitLabel={editor.editingId ? 'Save opening' : 'Add opening'}
        pending={save.isPending}
      >
        <TextInput label="Job title" value={values.job_title} errors={errors.fields.job_title} onChange={(e) => editor.set('job_title', e.target.value)} />
        <TextInput
          label="Application link"
          hint="An https:// address or mailto:someone@example.com"
          value={values.application_link}
          errors={errors.fields.application_link}
          onChange={(e) => editor.set('application_link', e.target.value)}
        />
        <TextArea label="Description" rows={4} className="sm:col-span-2" value={values.description} errors={errors.fields.description} onChange={(e) => editor.set('description', e.target.value)} />
        <TextInput label="Posted on" type="date" hint="Today when left empty." value={values.posted_on} errors={errors.fields.posted_on} onChange={(e) => editor.set('posted_on', e.target.value)} />
        <CheckboxInput label="Open for applications" className="sm:pt-8" checked={values.is_open} onChange={(e) => editor.set('is_open', e.target.checked)} />
      </EditorForm>
      <OutcomeMessage done={done} />
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
                  onEdit={() =>
                    editor.edit(c.id, { job_title: c.job_title, description: c.description, posted_on: c.posted_on, application_link: c.application_link, is_open: c.is_open })
                  }
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
