// The site's own error screen, shown inside the site frame when a page fails to render (root.tsx's
// ErrorBoundary). It says what happened in plain words and offers a way home and a retry; the
// technical detail goes to the console only.
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { buttonClass } from '../shared/ui/button-styles.ts';

export function ErrorPage() {
  return (
    <section role="alert" aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-800">Something went wrong</p>
      <h1 id="error-title" className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
        This page could not be shown
      </h1>
      <p className="mt-4 text-lg text-slate-700">Please try again in a moment. If it keeps happening, call or write to us and we will help.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass.primary} reloadDocument>
          Go to the home page
        </Link>
        <button type="button" className={buttonClass.secondary} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to={paths.contact} className={buttonClass.secondary} reloadDocument>
          Contact us
        </Link>
      </div>
    </section>
  );
}
