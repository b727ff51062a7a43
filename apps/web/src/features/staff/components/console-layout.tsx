// The frame of the console: its heading, the screen tabs the role may use (lib/staff-access.ts, from
// the server's access table) and the signed-in staff member. A screen the role may not use, opened by
// its address, says so instead of failing call by call.
import { paths, STAFF_ROLE_REFUSAL, staffPaths } from '@lab/contract';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { type StaffRoute, useStaffAccess } from '../lib/staff-access.ts';
import { btn } from './ui.tsx';

/** each tab with the routes that let a role use it (any of them) */
const tabs: Array<{ to: string; label: string; end: boolean; needs: StaffRoute[] }> = [
  { to: paths.staff, label: 'Appointments', end: true, needs: ['GET /api/staff/appointments'] },
  { to: staffPaths.staffCatalogue, label: 'Catalogue', end: false, needs: ['GET /api/staff/tests'] },
  { to: staffPaths.staffContent, label: 'Content', end: false, needs: ['GET /api/staff/blogs'] },
  { to: staffPaths.staffResults, label: 'Results', end: false, needs: ['GET /api/staff/results'] },
  { to: staffPaths.staffAnalysers, label: 'Analysers', end: false, needs: ['GET /api/staff/analysers'] },
  { to: staffPaths.staffCollections, label: 'Collections', end: false, needs: ['GET /api/staff/collections'] },
  { to: staffPaths.staffSamples, label: 'Samples', end: false, needs: ['GET /api/staff/samples/containers'] },
  { to: staffPaths.staffSlots, label: 'Slots and home visits', end: false, needs: ['GET /api/staff/slots/week', 'GET /api/staff/home-visits'] },
  { to: staffPaths.staffInbox, label: 'Inbox', end: false, needs: ['GET /api/staff/contact-messages'] },
  { to: staffPaths.staffAccounts, label: 'Staff accounts', end: false, needs: ['GET /api/staff/accounts'] },
  { to: staffPaths.staffAudit, label: 'Audit log and breaches', end: false, needs: ['GET /api/staff/audit'] },
];

/** the tab whose screen the path shows */
function tabAt(pathname: string) {
  const path = pathname.toLowerCase().replace(/\/$/, '');
  return tabs.find((t) => (t.end ? path === t.to.toLowerCase() : path === t.to.toLowerCase() || path.startsWith(`${t.to.toLowerCase()}/`)));
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
  }`;

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const access = useStaffAccess();
  const current = tabAt(useLocation().pathname);
  const refused = access.ready && current !== undefined && !access.canAny(current.needs);
  // The app sends a signed-out person to the public login; a staff member goes back to the console's.
  const signOut = async () => {
    await logout();
    await navigate(paths.staff, { replace: true });
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">Staff console</h1>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <span>
            Signed in as <strong>{user?.username}</strong>
          </span>
          <button type="button" className={btn.secondary} onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </div>
      <nav aria-label="Staff console" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3 print:hidden">
        {tabs
          .filter((t) => access.canAny(t.needs))
          .map((t) => (
            <NavLink key={t.to} to={t.to} end={t.end} className={tabClass}>
              {t.label}
            </NavLink>
          ))}
      </nav>
      {refused ? (
        <p role="alert" className="py-4 text-slate-700">
          {STAFF_ROLE_REFUSAL}
        </p>
      ) : (
        children
      )}
    </div>
  );
}

/** the second row of tabs inside a screen (catalogue, content) */
export function SubTabs({ label, tabs: items }: { label: string; tabs: { to: string; label: string; end?: boolean }[] }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2 print:hidden">
      {items.map((t) => (
        <NavLink key={t.to} to={t.to} end={t.end ?? false} className={tabClass}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
