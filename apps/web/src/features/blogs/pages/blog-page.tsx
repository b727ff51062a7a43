// One blog post (docs/product.md#public-pages, detail): title, author, the full markdown and the date, rendered on
// the server. A post that does not exist answers 404 with a clear not-found screen.
import { Suspense, useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { LazyMarkdownText, preloadMarkdown } from '../../../shared/ui/lazy-markdown.tsx';
import { ResponsiveImage } from '../../../shared/ui/responsive-image.tsx';
import type { Blog } from '@lab/contract';
import { loadBlog } from '../api/get-blogs.ts';
import { blogSummary } from '../lib/summary.ts';
import type { Route } from './+types/blog-page';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MetaArgs } from 'react-router';

export const loader = (args: Route.LoaderArgs) => loadBlog(args, args.params.id);

export const meta = ({ data, matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  const blog = data as Blog | undefined;
  if (!t) return [];
  return blog
    ? [{ title: t('blogs.pageTitle', { title: blog.title }) }, { name: 'description', content: blogSummary(blog.content) }]
    : [{ title: t('blogs.notFound.meta') }];
};

function BackLink() {
  const { t, localePath } = useLanguage();
  return (
    <Link to={localePath(paths.blogs)} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
      {t('blogs.all')}
    </Link>
  );
}

export default function BlogPage({ loaderData: blog }: Route.ComponentProps) {
  useEffect(preloadMarkdown, []);
  const { t, locale } = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{blog.title}</h1>
      <p className="mt-3 text-slate-700">
        {t('blogs.byPrefix')} <span className="font-semibold">{blog.author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={blog.created_at}>{formatDate(blog.created_at, locale)}</time>
      </p>
      {blog.cover_image && <ResponsiveImage image={blog.cover_image} sizes="(min-width: 768px) 720px, 100vw" className="mt-6 h-auto w-full rounded-xl" priority />}
      <Suspense fallback={<p className="mt-8 text-lg text-slate-700">{t('blogs.loadingOne')}</p>}>
        <LazyMarkdownText className="mt-8 text-lg text-slate-800">{blog.content}</LazyMarkdownText>
      </Suspense>
      <div className="mt-12 border-t border-slate-200 pt-6">
        <BackLink />
      </div>
    </article>
  );
}

/** a missing post (the page answers 404); any other failure goes on to the site's error page (root.tsx) */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t, localePath } = useLanguage();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{t('blogs.notFound')}</h1>
      <p className="mt-4 text-slate-700">{t('blogs.notFound.text')}</p>
      <Link to={localePath(paths.blogs)} className={`${buttonClass.primary} mt-8`}>
        {t('blogs.backToAll')}
      </Link>
    </section>
  );
}
