// The blog list (docs/product.md#public-pages): every post, rendered on the server, one card each, and a search over
// title and content (case-insensitive) that filters the cards as the visitor types. The search is a plain
// GET form to this page (`?q=`), so without scripts it is sent and the server renders the matching posts.
import { type FormEvent, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass, inputClass } from '../../../shared/ui/button-styles.ts';
import { SearchIcon } from '../../../shared/ui/icons.tsx';
import { preloadMarkdown } from '../../../shared/ui/lazy-markdown.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { loadBlogs } from '../api/get-blogs.ts';
import { BlogCard } from '../components/blog-card.tsx';
import type { Route } from './+types/blogs-page';
import type { MetaArgs } from 'react-router';
import { pageMeta, useT } from '../../../shared/i18n/i18n.tsx';

export const loader = (args: Route.LoaderArgs) => loadBlogs(args);

export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'blogs.meta.title', 'blogs.meta.description');

export default function BlogsPage({ loaderData: blogs }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // what the form sent (`?q=`, the no-script search), then what the visitor types
  const [query, setQuery] = useState(() => (params.get('q') ?? '').slice(0, 200));
  const t = useT();
  const searchId = useId();

  useEffect(preloadMarkdown, []);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return blogs;
    return blogs.filter((b) => b.title.toLowerCase().includes(q) || b.content.toLowerCase().includes(q));
  }, [blogs, query]);

  return (
    <>
      <PageHero
        title={t('blogs.title')}
        tagline={t('blogs.tagline')}
      />
      <section aria-label={t('blogs.posts')} className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <form role="search" method="get" onSubmit={(e: FormEvent) => e.preventDefault()} className="flex max-w-md gap-2">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              {t('blogs.search')}
            </label>
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-600" />
            <input
              id={searchId}
              name="q"
              type="search"
              maxLength={200}
              placeholder={t('blogs.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className={`${inputClass} pl-10`}
            />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            {t('blogs.searchSubmit')}
          </button>
        </form>
        <div role="status" aria-live="polite" className="mt-6">
          {blogs.length === 0 ? (
            <p className="text-lg text-slate-700">{t('blogs.none')}</p>
          ) : shown.length === 0 ? (
            <p className="text-lg text-slate-700">{t('blogs.noMatch')}</p>
          ) : null}
        </div>
        {shown.length > 0 ? (
          <Suspense fallback={<p className="mt-2 text-lg text-slate-700">{t('blogs.loading')}</p>}>
            <ul className="mt-2 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {shown.map((b) => (
                <BlogCard key={b.id} blog={b} />
              ))}
            </ul>
          </Suspense>
        ) : null}
      </section>
    </>
  );
}
