// The site's own error screen, shown inside the site frame when a page fails to render (root.tsx's
// ErrorBoundary): what happened in plain words, a way home and a retry. Kept small and with plain
// links (a full load of the home page also clears whatever broke): it ships with every public page.
// Its English is written here, so English pages carry no messages for it; a Hindi page's come with the
// root's data (catalogues.server.ts), and when that data could not be read either, English it is.
import { useLanguage, useSay } from '../shared/i18n/i18n.tsx';
import { buttonClass } from '../shared/ui/button-styles.ts';

export default function ErrorPage() {
  const { localePath } = useLanguage();
  const say = useSay();
  return (
    <section role="alert" aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 id="error-title" className="text-3xl font-extrabold text-slate-900">
        {say('error.title', 'This page could not be shown')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{say('error.text', 'Something went wrong on our side. Please try again, or call us and we will help.')}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={localePath('/')} className={buttonClass.primary}>
          {say('error.home', 'Go to the home page')}
        </a>
        <button type="button" className={buttonClass.secondary} onClick={() => window.location.reload()}>
          {say('error.retry', 'Try again')}
        </button>
      </p>
    </section>
  );
}
