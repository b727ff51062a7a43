// One blog post (spec §2 "Blogs", detail): title, author, the full markdown and the date. A post that
// does not exist gets a clear not-found screen; any other failure is only logged.
import { Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { type Image, paths } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { LazyMarkdownText, preloadMarkdown } from '../../../shared/ui/lazy-markdown.tsx';
import { ResponsiveImage } from '../../../shared/ui/responsive-image.tsx';
import { isMissingBlog, useBlog } from '../api/get-blogs.ts';

export const meta = () => [{ title: 'Blog | Lab Centre Diagnostics' }];

function BackLink() {
  return (
    <Link to={paths.blogs} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
      ← All blogs
    </Link>
  );
}

const loading = (
  <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-lg text-slate-700 sm:px-6">
    Loading blog...
  </p>
);

export default function BlogPage() {
  const { id = '' } = useParams();
  const { data: blog, error, isPending } = useBlog(id);
  const missing = isMissingBlog(error);

  useEffect(preloadMarkdown, []);

  useEffect(() => {
    if (error && !missing) console.error('Failed to fetch blog', error);
  }, [error, missing]);

  useEffect(() => {
    if (blog) document.title = `${blog.title} | Lab Centre Diagnostics`;
    else if (missing) document.title = 'Blog not found | Lab Centre Diagnostics';
  }, [blog, missing]);

  if (isPending) return loading;

  if (missing) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Blog not found</h1>
        <p className="mt-4 text-slate-700">This post does not exist or has been removed.</p>
        <Link to={paths.blogs} className={`${buttonClass.primary} mt-8`}>
          Back to all blogs
        </Link>
      </section>
    );
  }

  if (!blog) return null;

  return (
    <Suspense fallback={loading}>
      <BlogArticle title={blog.title} author={blog.author} createdAt={blog.created_at} content={blog.content} cover={blog.cover_image ?? null} />
    </Suspense>
  );
}

function BlogArticle({ title, author, createdAt, content, cover }: { title: string; author: string; createdAt: string; content: string; cover: Image | null }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-slate-700">
        By <span className="font-semibold">{author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={createdAt}>{formatDate(createdAt)}</time>
      </p>
      {cover && <ResponsiveImage image={cover} sizes="(min-width: 768px) 720px, 100vw" className="mt-6 h-auto w-full rounded-xl" priority />}
      <LazyMarkdownText className="mt-8 text-lg text-slate-800">{content}</LazyMarkdownText>
      <div className="mt-12 border-t border-slate-200 pt-6">
        <BackLink />
      </div>
    </article>
  );
}
