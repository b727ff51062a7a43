// The profile menu's entries: Logout, Profile and Membership for a logged-in user, Login and Register
// otherwise. Loaded when the menu first opens (profile-menu.tsx), so a page's first load does not carry them,
// nor their words: those are in this chunk, in both languages (messages-in-code.ts).
import { type RefObject, useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useLanguage } from '../../shared/i18n/i18n.tsx';
import { messagesInCode } from '../../shared/i18n/messages-in-code.ts';

const words = messagesInCode({
  logout: 'profileMenu.logout',
  profile: 'profileMenu.profile',
  membership: 'profileMenu.membership',
  login: 'menu.login',
  register: 'profileMenu.register',
});

const itemClass =
  'block w-full px-4 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700';

export interface ProfileMenuItemsProps {
  open: boolean;
  close(): void;
  /** the menu with its button: a click outside it closes the menu */
  root: RefObject<HTMLDivElement | null>;
  /** where the focus returns on Escape */
  button: RefObject<HTMLButtonElement | null>;
}

export default function ProfileMenuItems({ open, close, root, button }: ProfileMenuItemsProps) {
  const { user, logout } = useAuth();
  const say = words[useLanguage().locale];

  // While open: a click outside the menu closes it, and so does Escape, which returns the focus.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, root, button]);

  return user ? (
    <ul>
      <li>
        <button
          type="button"
          className={itemClass}
          onClick={() => {
            close();
            void logout();
          }}
        >
          {say.logout}
        </button>
      </li>
      <li>
        <Link to={paths.dashboard} className={itemClass} onClick={close}>
          {say.profile}
        </Link>
      </li>
      <li>
        <Link to={paths.membership} className={itemClass} onClick={close}>
          {say.membership}
        </Link>
      </li>
    </ul>
  ) : (
    <ul>
      <li>
        <Link to={paths.login} className={itemClass} onClick={close}>
          {say.login}
        </Link>
      </li>
      <li>
        <Link to={paths.register} className={itemClass} onClick={close}>
          {say.register}
        </Link>
      </li>
    </ul>
  );
}
