// The navigation bar's two buttons as the server renders them, before the page's script has taken over:
// plain links, so with JavaScript off (or still loading) the menu button leads to the footer's list of
// every page (#site-links) and the account button to the sign-in screen. Once hydrated, the navigation
// bar swaps in the scripted sidebar toggle and profile menu, in the same place and size (no layout
// shift). Links, not disclosures: they cost the public pages' first load next to nothing (decision 007).
import { paths } from '@lab/contract';
import { Link } from 'react-router';
import { useLanguage, useSay } from '../../shared/i18n/i18n.tsx';
import { MenuIcon, UserIcon } from '../../shared/ui/icons.tsx';

const base = 'inline-flex h-11 w-11 items-center justify-center';

/** the menu button: to the footer's links, which name every page */
export function NoScriptSiteMenu() {
  const { t } = useLanguage();
  return (
    <a href="#site-links" aria-label={t('nav.openMenu')} className={`${base} rounded-md text-brand-900`}>
      <MenuIcon className="h-6 w-6" />
    </a>
  );
}

/** the account button: to the sign-in screen (which says it needs scripts, and links on to Register) */
export function NoScriptAccountLink() {
  const say = useSay();
  return (
    <Link to={paths.login} aria-label={say('menu.login', 'Login')} className={`${base} rounded-full border border-brand-700 text-brand-800`}>
      <UserIcon className="h-5 w-5" />
    </Link>
  );
}
