// The profile icon in the navigation bar and its menu: Logout, Profile and Membership for a logged-in
// user, Login and Register otherwise (profile-menu-items.tsx, loaded when the menu first opens: hidden
// until then, and without JavaScript it cannot open). Closes on navigation, and (the entries' rules) on a
// click outside it and on Escape.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../shared/i18n/i18n.tsx';
import { UserIcon } from '../../shared/ui/icons.tsx';

const ProfileMenuItems = lazy(() => import('./profile-menu-items.tsx'));

export function ProfileMenu({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);
  useEffect(() => setOpen(false), [pathname]);

  const close = useCallback(() => setOpen(false), []);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={t('account.menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <UserIcon className="h-5 w-5" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {/* once opened, the entries stay (closing only hides them) */}
        {shown ? (
          <Suspense fallback={null}>
            <ProfileMenuItems open={open} close={close} root={root} button={button} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
