// The footer of every page: quick links (every page a phone can reach without the menu:
// Offers and Careers too), the centre's contact details, social links and the copyright line with
// this year (today's date in India, on the server as in the browser).
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { telHref, useCopyrightYear, useHoursSummary, useLabDetailsIfLoaded } from '../../shared/lib/lab-info.ts';
import { useLanguage, useSay } from '../../shared/i18n/i18n.tsx';
import { LogoMark } from '../../shared/ui/logo.tsx';
import { SocialLinks } from './social-links.tsx';

const quickLinks = [
  { label: 'nav.about', to: paths.about },
  { label: 'nav.contact', to: paths.contact },
  { label: 'nav.appointment', to: paths.appointment },
  { label: 'nav.findBooking', to: paths.findBooking },
  { label: 'nav.services', to: paths.services },
  { label: 'nav.blogs', to: paths.blogs },
  { label: 'menu.offers', english: 'Offers', to: paths.offers },
  { label: 'menu.career', english: 'Careers', to: paths.career },
  { label: 'footer.privacy', to: paths.privacy },
] as const;

const linkClass =
  'rounded text-slate-100 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function Footer() {
  const lab = useLabDetailsIfLoaded();
  const hours = useHoursSummary();
  const year = useCopyrightYear();
  const { t, localePath } = useLanguage();
  // Offers and Careers say the sidebar's words (the menu section, whose English is written in code)
  const say = useSay();
  const name = lab?.name ?? 'Lab Centre Diagnostics';
  return (
    <footer className="bg-slate-900 text-slate-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark className="h-8 w-8" />
            {name}
          </p>
          <p className="mt-3 text-sm leading-relaxed">
            {t('footer.about')}
          </p>
          <div className="mt-4">
            <SocialLinks tone="dark" />
          </div>
        </div>
        <nav id="site-links" aria-label={t('footer.footer')}>
          <h2 className="text-base font-semibold text-white">{t('footer.quickLinks')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={localePath(l.to)} className={linkClass}>
                  {'english' in l ? say(l.label, l.english) : t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {lab ? (
        <div>
          <h2 className="text-base font-semibold text-white">{t('footer.reachUs')}</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{lab.address_lines.join(', ')}</p>
            <p>
              {lab.phones.map((p, i) => (
                <span key={p}>
                  {i > 0 ? ', ' : null}
                  <a href={telHref(p)} className={linkClass}>
                    {p}
                  </a>
                </span>
              ))}
            </p>
            <p>
              <a href={`mailto:${lab.email}`} className={linkClass}>
                {lab.email}
              </a>
            </p>
            <p>{hours}</p>
          </address>
        </div>
        ) : null}
      </div>
      <div className="border-t border-white/15 text-slate-300">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm sm:px-6">
          {t('footer.copyright', { year, name })}
        </p>
      </div>
    </footer>
  );
}
