// Blog posts: write in markdown with a live preview rendered exactly as the public blog page renders
// it (raw HTML dropped, no rehype-raw), keep a post as a draft, publish or unpublish it, delete it.
import { type BlogInput, blogInputSchema, type Image, type StaffBlog } from '@lab/contract';
import { Suspense, useEffect } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { formatDate } from '../../../../shared/lib/format-date.ts';
import { LazyMarkdownText, preloadMarkdown } from '../../../../shared/ui/lazy-markdown.tsx';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../../api/content.ts';
import { useStaffImages } from '../../api/lab.ts';
import { imageLabel } from '../../lib/image-label.ts';
import { ActionsCell, DataTable } from '../../components/data-table.tsx';
import { EditorForm, type FieldSpec } from '../../components/editor-form.tsx';
import { Badge, btn, ListState, tdClass } from '../../components/ui.tsx';
import { HINDI_HINT } from '../../lib/hindi-hint.ts';
import { useStaffEditor } from '../../lib/use-staff-editor.ts';

/** the post as the public blog page will show it, as it is typed */
function Preview({ control }: { control: Control<BlogInput> }) {
  const [title, content] = useWatch({ control, name: ['title', 'content'] });
  return (
    <section aria-label="Preview" className="min-h-40 rounded-lg border border-dashed border-slate-400 p-4">
      <h4 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">Preview</h4>
      {title && <p className="mb-2 text-xl font-bold">{title}</p>}
      {content?.trim() ? (
        <Suspense fallback={<p className="text-slate-600">Loading preview...</p>}>
          <LazyMarkdownText headingBase={5} className="space-y-2">
            {content}
          </LazyMarkdownText>
        </Suspense>
      ) : (
        <p className="text-slate-600">The post appears here as you type.</p>
      )}
    </section>
  );
}

const fieldsWith = (images: readonly Image[] | undefined): FieldSpec<BlogInput>[] => [
  { kind: 'text', name: 'title', label: 'Title' },
  { kind: 'text', name: 'author', label: 'Author' },
  {
    kind: 'textarea',
    name: 'content',
    label: 'Content (markdown)',
    rows: 16,
    // Only the text typed is monospaced, not the label above it.
    className: '[&_textarea]:font-mono',
    hint: 'Markdown: # heading, **bold**, *italic*, - list, [link](https://…). HTML is not shown.',
  },
  { kind: 'custom', key: 'preview', render: (form) => <Preview control={form.control} /> },
  // The Hindi beside the English; the blog in Hindi shows the English where no Hindi is written.
  { kind: 'text', name: 'title_hi', label: 'Title in Hindi', lang: 'hi', hint: HINDI_HINT },
  { kind: 'text', name: 'author_hi', label: 'Author in Hindi', lang: 'hi', hint: 'The name in Devanagari, e.g. डॉ. अंजलि मेहता. Optional. Left empty, Hindi readers see the English.' },
  { kind: 'textarea', name: 'content_hi', label: 'Content in Hindi (markdown)', lang: 'hi', rows: 16, hint: HINDI_HINT },
  {
    kind: 'select',
    name: 'cover_image_id',
    label: 'Cover picture',
    none: 'No cover picture',
    hint: 'Upload pictures on the Lab details screen.',
    options: images?.map((i) => ({ id: i.id, name: imageLabel(i) })),
  },
  { kind: 'checkbox', name: 'published', label: 'Published (shown on the Blogs page)' },
];

export default function BlogsManager() {
  const blogs = useBlogs();
  const images = useStaffImages();
  const save = useSaveBlog();
  const remove = useDeleteBlog();
  const editor = useStaffEditor({
    schema: blogInputSchema,
    empty: { title: '', author: '', content: '', title_hi: '', author_hi: '', content_hi: '', published: false, cover_image_id: null },
    fromRecord: (b: StaffBlog) => ({ title: b.title, author: b.author, content: b.content, title_hi: b.title_hi ?? '', author_hi: b.author_hi ?? '', content_hi: b.content_hi ?? '', published: b.published, cover_image_id: b.cover_image?.id ?? null }),
    save,
    savedMessage: (saved) => `Post “${saved.title}” saved${saved.published ? ' and published' : ' as a draft'}.`,
  });

  useEffect(preloadMarkdown, []);

  const setPublished = (b: StaffBlog, published: boolean) =>
    editor.change(
      () => save.mutateAsync({ id: b.id, values: { published } }),
      (saved) => `Post “${saved.title}” ${saved.published ? 'published' : 'unpublished'}.`,
      `Could not change “${b.title}”. Please try again.`,
    );

  function onDelete(b: StaffBlog) {
    if (!window.confirm(`Delete the post “${b.title}”? This cannot be undone.`)) return;
    void editor.change(
      async () => {
        await remove.mutateAsync(b.id);
        if (editor.editingId === b.id) editor.reset();
      },
      () => `Post “${b.title}” deleted.`,
      `Could not delete “${b.title}”. Please try again.`,
    );
  }

  return (
    <>
      <EditorForm
        editor={editor}
        fields={fieldsWith(images.data)}
        title={['Write a post', 'Edit post']}
        submitLabel={['Save post', 'Save post']}
        grid="lg:grid-cols-2 lg:items-start"
        span="lg:col-span-2"
      />
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
                  <button type="button" className={btn.secondary} onClick={() => editor.edit(b)}>
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
