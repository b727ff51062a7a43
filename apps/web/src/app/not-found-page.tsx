// The "page not found" screen for any path the app does not know (the server answers it with 404).
import { data, Link } from 'react-router';
import { paths } from '@lab/contract';
import { buttonClass } from '../shared/ui/button-styles.ts';

/** the page is sent with the status 404, so browsers and crawlers know there is nothing here */
export const loader = () => data(null, { status: 404 });

export function meta() {
  return [{ title: 'Page not found | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

const helpful = [
  { label: 'Our services', to: paths.services },
  { label: 'Book an appointment', to: paths.appointment },
  { label: 'Blogs', to: paths.blogs },
  { label: 'Contact us', to: paths.contact },
] as const;

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" className="mx-auto">
        <rect x="8" y="60" width="104" height="8" rx="4" fill="#ccfbf1" />
        <path
          d="M50 10h20v4h-4v18l16 26a4 4 0 0 1-3.4 6H41.4a4 4 0 0 1-3.4-6l16-26V14h-4z"
          fill="#f0fdfa"
          stroke="#0f766e"
          strokeWidth="3"
        />
        <text x="60" y="54" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0f766e">
          ?
        </text>
      </svg>
      <p className="mt-6 text-sm font-bold uppercase tracking-widest text-brand-800">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className={`${buttonClass.primary} mt-8`}>
        Go to the home page
      </Link>
      <nav aria-label="Helpful links" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {helpful.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="font-semibold text-brand-800 underline underline-offset-4">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
