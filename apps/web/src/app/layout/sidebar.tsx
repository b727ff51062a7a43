// The sidebar menu (docs/product.md#public-pages): Home, a Services dropdown, Appointment, Test Packages (logged in only),
// Blogs, Offers, Career, Contact Us and About Us, and the social links. Home, Contact Us and About Us
// are in the navigation bar on wide screens, so the sidebar shows them on small screens only.
// Opening moves the focus into it; Escape or a click outside closes it and returns the focus.
// Its words are in this chunk, in both languages (messages-in-code.ts; the `sidebar` messages), which
// loads when the sidebar first opens: a page's data does not carry them.
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@lab/contract';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useLanguage } from '../../shared/i18n/i18n.tsx';
import { messagesInCode } from '../../shared/i18n/messages-in-code.ts';
import { ChevronDownIcon } from '../../shared/ui/icons.tsx';
import { SocialLinks } from './social-links.tsx';

export interface SidebarProps {
  id: string;
  open: boolean;
  onClose(): void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const words = messagesInCode({
  siteMenu: 'sidebar.siteMenu',
  followUs: 'sidebar.followUs',
  packages: 'sidebar.packages',
  offers: 'menu.offers',
  career: 'menu.career',
  hematology: 'sidebar.hematology',
  microbiology: 'sidebar.microbiology',
  serology: 'sidebar.serology',
  biochemistry: 'sidebar.biochemistry',
  radiology: 'sidebar.radiology',
});

const serviceLinks = [
  { label: 'hematology', to: paths.hematology },
  { label: 'microbiology', to: paths.microbiology },
  { label: 'serology', to: paths.serology },
  { label: 'biochemistry', to: paths.biochemistry },
  { label: 'radiology', to: paths.radiology },
] as const;

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex w-full items-center rounded-md px-3 py-2.5 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-brand-50 hover:text-brand-900'
  }`;

export function Sidebar({ id, open, onClose, toggleRef }: SidebarProps) {
  const { user } = useAuth();
  const { t, localePath, locale } = useLanguage();
  const say = words[locale];
  const [servicesOpen, setServicesOpen] = useState(false);
  const servicesId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The first item someone can see: Home is not shown on wide screens.
    const items = panel.current?.querySelectorAll<HTMLElement>('a, button') ?? [];
    [...items].find((el) => el.offsetParent !== null)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        toggleRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggleRef.current?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onClose, toggleRef]);

  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-0 top-16 z-30 bg-slate-900/40 transition-opacity duration-300 motion-reduce:transition-none ${
          open ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      />
      <div
        ref={panel}
        id={id}
        inert={!open}
        className={`fixed bottom-0 left-0 top-16 z-40 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl transition-[transform,visibility] duration-300 motion-reduce:transition-none ${
          open ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <nav aria-label={say.siteMenu} className="p-3">
          <ul className="space-y-1">
            <li className="md:hidden">
              <NavLink to={localePath(paths.home)} end className={itemClass}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                aria-expanded={servicesOpen}
                aria-controls={servicesId}
                onClick={() => setServicesOpen((o) => !o)}
                className="flex w-full items-center justify-between rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700"
              >
                {t('nav.services')}
                <ChevronDownIcon
                  className={`h-5 w-5 transition-transform motion-reduce:transition-none ${servicesOpen ? 'rotate-180' : ''}`}
                />
              </button>
              <ul id={servicesId} hidden={!servicesOpen} className="ml-3 space-y-1 border-l-2 border-brand-100 pl-2">
                {serviceLinks.map((s) => (
                  <li key={s.to}>
                    <NavLink to={localePath(s.to)} className={itemClass}>
                      {say[s.label]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            <li>
              <NavLink to={paths.appointment} className={itemClass}>
                {t('nav.appointment')}
              </NavLink>
            </li>
            {user ? (
              <li>
                <NavLink to={localePath(paths.packages)} className={itemClass}>
                  {say.packages}
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to={localePath(paths.blogs)} className={itemClass}>
                {t('nav.blogs')}
              </NavLink>
            </li>
            <li>
              <NavLink to={localePath(paths.offers)} className={itemClass}>
                {say.offers}
              </NavLink>
            </li>
            <li>
              <NavLink to={localePath(paths.career)} className={itemClass}>
                {say.career}
              </NavLink>
            </li>
            <li className="md:hidden">
              <NavLink to={localePath(paths.contact)} className={itemClass}>
                {t('nav.contact')}
              </NavLink>
            </li>
            <li className="md:hidden">
              <NavLink to={localePath(paths.about)} className={itemClass}>
                {t('nav.about')}
              </NavLink>
            </li>
          </ul>
          <div className="mt-4 border-t border-slate-200 px-1 pt-4">
            <p className="mb-2 text-sm font-semibold text-slate-700">{say.followUs}</p>
            <SocialLinks />
          </div>
        </nav>
      </div>
    </>
  );
}
