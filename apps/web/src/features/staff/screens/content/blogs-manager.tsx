// Blog posts: write in markdown with a live preview rendered exactly as the public blog page renders
// it (raw HTML dropped, no rehype-raw), keep a post as a draft, publish or unpublish it, delete it.
import type { StaffBlog } from '@lab/contract';
import { type FormEvent, Suspense, useEffect } from 'react';
import { formatDate } from '../../../../shared/lib/format-date.ts';
import { LazyMarkdownText, preloadMarkdown } from '../../../../shared/ui/lazy-markdown.tsx';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../../api/content.ts';
import { CheckboxInput, TextArea, TextInput } from '../../components/fields.tsx';
import { ActionsCell, DataTable } from '../../components/data-table.tsx';
import { EditorForm, OutcomeMessage } from '../../components/editor-form.tsx';
import { Badge, btn, ListState, tdClass } from '../../components/ui.tsx';
import { useEditor } from '../../lib/use-editor.ts';
import { useSaveActions } from '../../lib/use-save-actions.ts';
import { ScreenError, staffMeta } from '../../components/screen-route.tsx';

export const meta = () => staffMeta('Blogs');
export const ErrorBoundary = ScreenError;

const EMPTY = { title: '', author: '', content: '', published: false };
const FIELDS = ['title', 'author', 'content', 'published'] as const;

export default function BlogsManager() {
  const blogs = useBlogs();
  const save = useSaveBlog();
  const remove = useDeleteBlog();
  const editor = useEditor(EMPTY, FIELDS);
  const { done, submit, change } = useSaveActions(editor);

  useEffect(preloadMarkdown, []);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { values, editingId } = editor;
    void submit(
      () => save.mutateAsync({ id: editingId, values }),
      (saved) => `Post “${saved.title}” saved${saved.published ? ' and published' : ' as a draft'}.`,
    );
  }

  const setPublished = (b: StaffBlog, published: boolean) =>
    change(
      () => save.mutateAsync({ id: b.id, values: { published } }),
      (saved) => `Post “${saved.title}” ${saved.published ? 'published' : 'unpublished'}.`,
      `Could not change “${b.title}”. Please try again.`,
    );

  function onDelete(b: StaffBlog) {
    if (!window.confirm(`Delete the post “${b.title}”? This cannot be undone.`)) return;
    void change(
      async () => {
        await remove.mutateAsync(b.id);
        if (editor.editingId === b.id) editor.reset();
      },
      () => `Post “${b.title}” deleted.`,
      `Could not delete “${b.title}”. Please try again.`,
    );
  }

  const { values, errors } = editor;
  return (
    <>
      <EditorForm
        title={editor.editingId ? 'Edit post' : 'Write a post'}
        editor={editor}
        onSubmit={onSubmit}
        className="grid gap-3 lg:grid-cols-2 lg:items-start"
        span="lg:col-span-2"
        submitLabel="Save post"
        pending={save.isPending}
      >
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
      </EditorForm>
      <OutcomeMessage done={done} />
      <ListState isLoading={blogs.isLoading} error={blogs.error} loadingText="Loading blogs..." />
      {blogs.data && (
        <div className="overflow-x-auto">
          <DataTable caption="Blog posts, newest first" columns={['Title', 'Author', 'Created', 'State', 'Actions']}>
            {blogs.data.map((b) => (
              <tr key={b.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>{b.title}</th>
                <td className={tdClass}>{b.author}</td>
                <td className={tdClass}>{formatDate(b.created_at)}</td>
                <td className={tdClass}>
                  <Badge tone={b.published ? 'green' : 'amber'}>{b.published ? 'Published' : 'Draft'}</Badge>
                </td>
                <ActionsCell>
                  <button type="button" className={btn.secondary} onClick={() => editor.edit(b.id, { title: b.title, author: b.author, content: b.content, published: b.published })}>
                    Edit
                  </button>
                  <button type="button" className={b.published ? btn.secondary : btn.primary} disabled={save.isPending} onClick={() => void setPublished(b, !b.published)}>
                    {b.published ? 'Unpublish' : 'Publish'}
                  </button>
                  <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => onDelete(b)}>
                    Delete
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </>
  );
}
