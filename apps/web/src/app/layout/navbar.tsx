// The fixed navigation bar of every page (docs/product.md#public-pages): sidebar toggle, logo, three links for wide screens
// and the profile menu. Solid once the page is scrolled; slides away while scrolling down past 50 px.
// Until the script has taken over (and without JavaScript) both buttons are plain links
// (no-script-menus.tsx): to the footer's list of every page, and to the sign-in screen.
import { type RefObject, useCallback, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@lab/contract';
import { useLanguage } from '../../shared/i18n/i18n.tsx';
import { LanguageSwitch } from '../../shared/i18n/language-switch.tsx';
import { CloseIcon, MenuIcon } from '../../shared/ui/icons.tsx';
import { Logo } from '../../shared/ui/logo.tsx';
import { useHydrated } from '../../shared/lib/use-hydrated.ts';
import { NoScriptAccountLink, NoScriptSiteMenu } from './no-script-menus.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { useNavbarScroll } from './use-navbar-scroll.ts';

export interface NavbarProps {
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar(): void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-800 hover:text-brand-800'
  }`;

export function Navbar({ sidebarOpen, sidebarId, onToggleSidebar, toggleRef }: NavbarProps) {
  const { scrolled, hidden } = useNavbarScroll(50);
  const { t, localePath } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  // Never hide a bar that holds the focus or an open menu: keyboard users would lose their place.
  const isHidden = hidden && !sidebarOpen && !menuOpen && !focusWithin;
  const onMenuChange = useCallback((open: boolean) => setMenuOpen(open), []);
  const hydrated = useHydrated();

  return (
    <header
      data-scrolled={scrolled}
      data-hidden={isHidden}
      onFocus={() => setFocusWithin(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
      }}
      className={`fixed inset-x-0 top-0 z-40 h-16 transition-[transform,background-color,box-shadow] duration-300 motion-reduce:transition-none ${
        scrolled ? 'bg-white shadow-md' : 'bg-transparent'
      } ${isHidden ? '-translate-y-full' : 'translate-y-0'}`}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-3 sm:px-6">
        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            aria-label={sidebarOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={onToggleSidebar}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {sidebarOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        ) : (
          <NoScriptSiteMenu />
        )}
        <Link to={localePath(paths.home)} className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
          <Logo />
        </Link>
        <nav aria-label={t('nav.main')} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to={localePath(paths.home)} end className={linkClass}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={localePath(paths.contact)} className={linkClass}>
                {t('nav.contact')}
              </NavLink>
            </li>
            <li>
              <NavLink to={localePath(paths.about)} className={linkClass}>
                {t('nav.about')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitch className="ml-auto rounded-md px-2 py-2 text-sm font-semibold text-brand-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:ml-2" />
        <div className="md:ml-1">
          {hydrated ? <ProfileMenu onOpenChange={onMenuChange} /> : <NoScriptAccountLink />}
        </div>
      </div>
    </header>
  );
}
