// One post in the blog list: title (the link), author, a markdown preview of the first 200 characters
// and the date it was written. Render it inside <Suspense>: the markdown renderer loads on demand.
import { Link } from 'react-router';
import { type Blog, paths } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { LazyMarkdownText } from '../../../shared/ui/lazy-markdown.tsx';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

export const PREVIEW_LENGTH = 200;

/** the first characters of a post; a cut one ends in one ellipsis, never in dots after its own full stop */
export const previewOf = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH).replace(/[\s.…]+$/, '')}...` : content;

export function BlogCard({ blog }: { blog: Blog }) {
  const { t, locale, localePath } = useLanguage();
  return (
    <li>
      <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-xl font-bold text-slate-900">
          <Link to={localePath(paths.blog(blog.id))} className="rounded hover:text-brand-800 hover:underline underline-offset-4">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm font-medium text-slate-700">{t('blogs.by', { author: blog.author })}</p>
        <LazyMarkdownText variant="preview" className="mt-3 flex-1 text-sm text-slate-700">
          {previewOf(blog.content)}
        </LazyMarkdownText>
        <p className="mt-4 text-sm text-slate-600">
          <time dateTime={blog.created_at}>{formatDate(blog.created_at, locale)}</time>
        </p>
      </article>
    </li>
  );
}
