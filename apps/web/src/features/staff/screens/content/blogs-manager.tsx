// Blog posts: write in markdown with a live preview rendered exactly as the public blog page renders
// it (raw HTML dropped, no rehype-raw), keep a post as a draft, publish or unpublish it, delete it.
import type { StaffBlog } from '@lab/contract';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { formatDate } from '../../../../shared/lib/format-date.ts';
import { LazyMarkdownText, preloadMarkdown } from '../../../../shared/ui/lazy-markdown.tsx';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../../api/content.ts';
import { CheckboxInput, TextArea, TextInput } from '../../components/fields.tsx';
import { Badge, btn, ListState, Panel, tableClass, tdClass, thClass } from '../../components/ui.tsx';
import { useEditor } from '../../lib/use-editor.ts';

const EMPTY = { title: '', author: '', content: '', published: false };
const FIELDS = ['title', 'author', 'content', 'published'] as const;

export function BlogsManager() {
  const blogs = useBlogs();
  const save = useSaveBlog();
  const remove = useDeleteBlog();
  const editor = useEditor(EMPTY, FIELDS);
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  useEffect(preloadMarkdown, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const { values, editingId } = editor;
    try {
      const saved = await save.mutateAsync({ id: editingId, values });
      setDone({ message: `Post “${saved.title}” saved${saved.published ? ' and published' : ' as a draft'}.`, tone: 'success' });
      editor.reset();
    } catch (err) {
      editor.fail(err);
    }
  }

  async function setPublished(b: StaffBlog, published: boolean) {
    setDone(null);
    try {
      const saved = await save.mutateAsync({ id: b.id, values: { published } });
      setDone({ message: `Post “${saved.title}” ${saved.published ? 'published' : 'unpublished'}.`, tone: 'success' });
    } catch {
      setDone({ message: `Could not change “${b.title}”. Please try again.`, tone: 'error' });
    }
  }

  async function onDelete(b: StaffBlog) {
    if (!window.confirm(`Delete the post “${b.title}”? This cannot be undone.`)) return;
    setDone(null);
    try {
      await remove.mutateAsync(b.id);
      if (editor.editingId === b.id) editor.reset();
      setDone({ message: `Post “${b.title}” deleted.`, tone: 'success' });
    } catch {
      setDone({ message: `Could not delete “${b.title}”. Please try again.`, tone: 'error' });
    }
  }

  const { values, errors } = editor;
  return (
    <>
      <Panel title={editor.editingId ? 'Edit post' : 'Write a post'}>
        <form ref={editor.formRef} onSubmit={onSubmit} noValidate className="grid gap-3 lg:grid-cols-2 lg:items-start">
          {errors.form && <StatusMessage tone="error" message={errors.form} className="lg:col-span-2" />}
          <TextInput label="Title" value={values.title} errors={errors.fields.title} onChange={(e) => editor.set('title', e.target.value)} />
          <TextInput label="Author" value={values.author} errors={errors.fields.author} onChange={(e) => editor.set('author', e.target.value)} />
          <TextArea
            label="Content (markdown)"
            rows={16}
            className="font-mono"
            hint="Markdown: # heading, **bold**, *italic*, - list, [link](https://…). HTML is not shown."
            value={values.content}
            errors={errors.fields.content}
            onChange={(e) => editor.set('content', e.target.value)}
          />
          <section aria-label="Preview" className="min-h-40 rounded-lg border border-dashed border-slate-400 p-4">
            <h4 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">Preview</h4>
            {values.title && <p className="mb-2 text-xl font-bold">{values.title}</p>}
            {values.content.trim() ? (
              <Suspense fallback={<p className="text-slate-600">Loading preview...</p>}>
                <LazyMarkdownText headingBase={5} className="space-y-2">
                  {values.content}
                </LazyMarkdownText>
              </Suspense>
            ) : (
              <p className="text-slate-600">The post appears here as you type.</p>
            )}
          </section>
          <CheckboxInput label="Published (shown on the Blogs page)" checked={values.published} errors={errors.fields.published} onChange={(e) => editor.set('published', e.target.checked)} />
          <div className="flex gap-2 lg:col-span-2">
            <button type="submit" className={btn.primary} disabled={save.isPending}>
              Save post
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
      <ListState isLoading={blogs.isLoading} error={blogs.error} loadingText="Loading blogs..." />
      {blogs.data && (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Blog posts, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Title</th>
                <th scope="col" className={thClass}>Author</th>
                <th scope="col" className={thClass}>Created</th>
                <th scope="col" className={thClass}>State</th>
                <th scope="col" className={thClass}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {blogs.data.map((b) => (
                <tr key={b.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>{b.title}</th>
                  <td className={tdClass}>{b.author}</td>
                  <td className={tdClass}>{formatDate(b.created_at)}</td>
                  <td className={tdClass}>
                    <Badge tone={b.published ? 'green' : 'amber'}>{b.published ? 'Published' : 'Draft'}</Badge>
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-2">
                      <button type="button" className={btn.secondary} onClick={() => editor.edit(b.id, { title: b.title, author: b.author, content: b.content, published: b.published })}>
                        Edit
                      </button>
                      <button type="button" className={b.published ? btn.secondary : btn.primary} disabled={save.isPending} onClick={() => void setPublished(b, !b.published)}>
                        {b.published ? 'Unpublish' : 'Publish'}
                      </button>
                      <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => void onDelete(b)}>
                        Delete
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
