// Career openings: title, description, posted date, open or closed, and the application link
// (https:// or mailto:) that the careers page's "Apply Now" opens.
import type { StaffCareer } from '@lab/contract';
import { type FormEvent, useState } from 'react';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useCareers, useSaveCareer } from '../../api/content.ts';
import { CheckboxInput, TextArea, TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState, Panel, tableClass, tdClass, thClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';
import { useEditor } from '../../lib/use-editor.ts';

const EMPTY = { job_title: '', description: '', posted_on: '', application_link: '', is_open: true };
const FIELDS = ['job_title', 'description', 'posted_on', 'application_link', 'is_open'] as const;

export function CareersManager() {
  const careers = useCareers();
  const save = useSaveCareer();
  const editor = useEditor(EMPTY, FIELDS);
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const { values, editingId } = editor;
    try {
      const saved = await save.mutateAsync({ id: editingId, values: { ...values, posted_on: values.posted_on || undefined } });
      setDone({ message: editingId ? `Opening “${saved.job_title}” saved.` : `Opening “${saved.job_title}” added.`, tone: 'success' });
      editor.reset();
    } catch (err) {
      editor.fail(err);
    }
  }

  async function toggle(c: StaffCareer) {
    setDone(null);
    try {
      const saved = await save.mutateAsync({ id: c.id, values: { is_open: !c.is_open } });
      setDone({ message: `Opening “${saved.job_title}” ${saved.is_open ? 'reopened' : 'closed'}.`, tone: 'success' });
    } catch {
      setDone({ message: `Could not change “${c.job_title}”. Please try again.`, tone: 'error' });
    }
  }

  const { values, errors } = editor;
  return (
    <>
      <Panel title={editor.editingId ? 'Edit opening' : 'Add an opening'}>
        <form ref={editor.formRef} onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start">
          {errors.form && <StatusMessage tone="error" message={errors.form} className="sm:col-span-2" />}
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
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={btn.primary} disabled={save.isPending}>
              {editor.editingId ? 'Save opening' : 'Add opening'}
            </button>
            {editor.editingId && (
              <button type="button" className={btn.secondary} onClick={editor.reset}>
                Cancel editing
              </button>
            )}
          </div>
        </form>
      </Panel>
      <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />
      <ListState isLoading={careers.isLoading} error={careers.error} loadingText="Loading careers..." />
      {careers.data && (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Career openings</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Job title</th>
                <th scope="col" className={thClass}>Posted on</th>
                <th scope="col" className={thClass}>Application link</th>
                <th scope="col" className={thClass}>State</th>
                <th scope="col" className={thClass}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {careers.data.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>{c.job_title}</th>
                  <td className={tdClass}>{formatDate(c.posted_on)}</td>
                  <td className={`${tdClass} break-all`}>{c.application_link}</td>
                  <td className={tdClass}>
                    <Badge tone={c.is_open ? 'green' : 'slate'}>{c.is_open ? 'Open' : 'Closed'}</Badge>
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={btn.secondary}
                        onClick={() =>
                          editor.edit(c.id, { job_title: c.job_title, description: c.description, posted_on: c.posted_on, application_link: c.application_link, is_open: c.is_open })
                        }
                      >
                        Edit
                      </button>
                      <button type="button" className={c.is_open ? btn.danger : btn.secondary} disabled={save.isPending} onClick={() => void toggle(c)}>
                        {c.is_open ? 'Close' : 'Reopen'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
