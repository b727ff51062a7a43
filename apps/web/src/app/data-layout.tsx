// Server state for the signed-in and booking screens: TanStack Query's cache, shared by every screen
// under this layout route. Public pages sit outside it, so their first load carries none of it.
// These screens run in the browser only: the server sends the site frame with the fallback below
// (a note for a visitor without JavaScript; the booking page's top), and the screen renders once the
// scripts have started.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@lab/contract';
import { useSay } from '../shared/i18n/i18n.tsx';
import { BookingFrame } from '../features/booking/components/booking-top.tsx';

// One cache for the whole visit: moving between the dashboard, booking and membership keeps it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
});

/** With a client loader (and no server one), the server renders HydrateFallback in place of the screen. */
export const clientLoader = () => null;

export function HydrateFallback() {
  const say = useSay();
  // The booking's note links the plain steps with the tests a link chose (/Appointment?tests=3).
  const { pathname, search } = useLocation();
  const booking = pathname.toLowerCase() === paths.appointment.toLowerCase();
  const tests = booking ? new URLSearchParams(search).getAll('tests') : [];
  const steps = tests.length ? `${paths.bookSteps}?${new URLSearchParams(tests.map((id) => ['tests', id])).toString()}` : paths.bookSteps;
  // under the booking page's own title, the note is a section of it
  const Heading = booking ? 'h2' : 'h1';
  const note = (
    <noscript>
      <section aria-labelledby="needs-javascript" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-left text-slate-900">
        <Heading id="needs-javascript" className="text-2xl font-bold">
          {say('patient.noscript.title', 'This page needs JavaScript')}
        </Heading>
        <p className="mt-3 text-lg">
          {say(
            'patient.noscript.text',
            "Booking a test, signing in, your dashboard and your bills work only with JavaScript turned on. Please turn it on in your browser's settings and reload this page.",
          )}
        </p>
        <p className="mt-3 text-lg">
          {say('patient.noscript.contact', 'You can still read about our tests and prices, or call or write to us to book:')}{' '}
          <Link to={paths.contact} className="font-semibold text-brand-800 underline underline-offset-4">
            {say('patient.noscript.contactLink', 'contact details')}
          </Link>
          .
        </p>
        <p className="mt-3 text-lg">
          {say('patient.noscript.steps', 'Or book a test in simple steps that work without JavaScript:')}{' '}
          <Link to={steps} className="font-semibold text-brand-800 underline underline-offset-4">
            {say('patient.noscript.stepsLink', 'book in steps')}
          </Link>
          .
        </p>
      </section>
    </noscript>
  );
  const loading = <p className="text-slate-600">{say('patient.loading', 'Loading...')}</p>;
  // The booking page's top is drawn at once, as the page draws it (features/booking/components/booking-top.tsx).
  if (booking) {
    return (
      <BookingFrame
        loading={loading}
        rest={
          <div className="mt-6 space-y-4">
            {note}
            {loading}
          </div>
        }
      />
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      {note}
      {loading}
    </div>
  );
}

export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
