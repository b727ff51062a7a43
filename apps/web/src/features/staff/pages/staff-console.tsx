// The staff console (/staff/*): its own route tree inside the app's one /staff route, not linked from
// the public navigation. Without a session it shows its sign-in form; a signed-in patient (or an
// account that lost the staff role) sees "You do not have access" and nothing else. Each screen is
// loaded on demand, so the public pages never carry the console's code.
import { lazy, Suspense, useEffect, useState } from 'react';
import { isRouteErrorResponse, Route, Routes, useRouteError } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { onStaffAccessDenied } from '../api/staff-client.ts';
import { ConsoleLayout } from '../components/console-layout.tsx';
import { StaffSignIn } from '../components/staff-sign-in.tsx';

const AppointmentsScreen = lazy(() => import('../screens/appointments-screen.tsx'));
const CatalogueScreen = lazy(() => import('../screens/catalogue-screen.tsx'));
const ContentScreen = lazy(() => import('../screens/content-screen.tsx'));
const InboxScreen = lazy(() => import('../screens/inbox-screen.tsx'));
const AuditScreen = lazy(() => import('../screens/audit-screen.tsx'));

export function meta() {
  return [{ title: 'Staff console | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

/** a screen that failed to load (e.g. the app was updated meanwhile) keeps the site around it */
export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">The staff console could not be shown</h1>
      <p className="mt-2 text-slate-700">Reload the page to try again.{detail ? ` (${detail})` : ''}</p>
      <button type="button" className="mt-4 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

function NoAccess() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">You do not have access</h1>
    </div>
  );
}

export default function StaffConsole() {
  const { user, ready } = useAuth();
  const [denied, setDenied] = useState(false);

  useEffect(() => onStaffAccessDenied(() => setDenied(true)), []);
  // A new sign-in gets a fresh look at its rights.
  useEffect(() => setDenied(false), [user?.username]);

  if (!ready) return <p className="p-8 text-center text-slate-600">Loading...</p>;
  if (!user) return <StaffSignIn />;
  if (!user.is_staff || denied) return <NoAccess />;

  return (
    <ConsoleLayout>
      <Suspense fallback={<p className="py-4 text-slate-600">Loading...</p>}>
        <Routes>
          <Route index element={<AppointmentsScreen />} />
          <Route path="catalogue/*" element={<CatalogueScreen />} />
          <Route path="content/*" element={<ContentScreen />} />
          <Route path="inbox" element={<InboxScreen />} />
          <Route path="audit" element={<AuditScreen />} />
          <Route path="*" element={<p className="py-4 text-slate-700">There is no such screen in the console.</p>} />
        </Routes>
      </Suspense>
    </ConsoleLayout>
  );
}
