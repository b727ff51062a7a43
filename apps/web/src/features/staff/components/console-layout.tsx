// The frame of the console: its heading, the screen tabs and the signed-in staff member.
import { paths, staffPaths } from '@lab/contract';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { btn } from './ui.tsx';

const tabs = [
  { to: paths.staff, label: 'Appointments', end: true },
  { to: staffPaths.staffCatalogue, label: 'Catalogue', end: false },
  { to: staffPaths.staffContent, label: 'Content', end: false },
  { to: staffPaths.staffResults, label: 'Results', end: false },
  { to: staffPaths.staffCollections, label: 'Collections', end: false },
  { to: staffPaths.staffSlots, label: 'Slots and home visits', end: false },
  { to: staffPaths.staffInbox, label: 'Inbox', end: false },
  { to: staffPaths.staffAccounts, label: 'Staff accounts', end: false },
  { to: staffPaths.staffAudit, label: 'Audit log and breaches', end: false },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
  }`;

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
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
        {tabs.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end} className={tabClass}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      {children}
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
