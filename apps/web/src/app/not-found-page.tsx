import { Link } from 'react-router';
import { paths } from '@lab/contract';

export function meta() {
  return [{ title: 'Page not found | Lab Centre Diagnostics' }];
}

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="mt-8 inline-block rounded bg-brand-700 px-5 py-3 font-semibold text-white">
        Go to the home page
      </Link>
    </section>
  );
}
