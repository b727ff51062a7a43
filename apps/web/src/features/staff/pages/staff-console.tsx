// The staff console (/staff): the parent route of the console's screens (routes.ts nests them), not
// linked from the public navigation. Without a session it shows its sign-in form; a signed-in patient
// (or an account that lost the staff role) sees "You do not have access" and nothing else; a staff
// member passes the second sign-in step (SecondFactorGate) before any screen. Each screen
// is a route module of its own, loaded on demand, so the public pages never carry the console's code.
import { useEffect, useState } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { onStaffAccessDenied } from '../api/staff-client.ts';
import { ConsoleLayout } from '../components/console-layout.tsx';
import { errorDetail, staffMeta } from '../components/screen-route.tsx';
import { SecondFactorGate } from '../components/second-factor-gate.tsx';
import { StaffSignIn } from '../components/staff-sign-in.tsx';

export const meta = () => staffMeta();

/** a screen that failed to load (e.g. the app was updated meanwhile) keeps the site around it */
export function ErrorBoundary() {
  const detail = errorDetail(useRouteError());
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
    <SecondFactorGate key={user.username} username={user.username}>
      <ConsoleLayout>
        <Outlet />
      </ConsoleLayout>
    </SecondFactorGate>
  );
}
