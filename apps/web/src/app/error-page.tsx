// The site's own error screen, shown inside the site frame when a page fails to render (root.tsx's
// ErrorBoundary): what happened in plain words, a way home and a retry. Kept small and with plain
// links (a full load of the home page also clears whatever broke): it ships with every public page.
import { buttonClass } from '../shared/ui/button-styles.ts';

export default function ErrorPage() {
  return (
    <section role="alert" aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 id="error-title" className="text-3xl font-extrabold text-slate-900">
        This page could not be shown
      </h1>
      <p className="mt-4 text-lg text-slate-700">Something went wrong on our side. Please try again, or call us and we will help.</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass.primary}>
          Go to the home page
        </a>
        <button type="button" className={buttonClass.secondary} onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </section>
  );
}
