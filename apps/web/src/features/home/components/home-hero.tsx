// Top of the home page: logo, name, tagline, the greeting of a logged-in user, the test search and the
// call and WhatsApp buttons (above the fold on a 360 × 640 phone: the logo is left out there, decision
// 061), and the Pathology card, over the hero picture an admin chose, if any.
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { useFrameLabDetails } from '../../../shared/lib/lab-info.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { CalendarIcon, MicroscopeIcon } from '../../../shared/ui/icons.tsx';
import { LogoMark } from '../../../shared/ui/logo.tsx';
import { ResponsiveImage } from '../../../shared/ui/responsive-image.tsx';
import { HomeTestSearch } from './home-test-search.tsx';
import { QuickContact } from './quick-contact.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function HomeHero() {
  const { user } = useAuth();
  const lab = useFrameLabDetails();
  const t = useT();
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-50 via-white to-brand-100">
      {/* The picture staff chose (Lab details), faint behind the text: drawn absolutely, it moves nothing. */}
      {lab.hero_image ? (
        <ResponsiveImage image={lab.hero_image} sizes="100vw" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-20" priority decorative />
      ) : null}
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-4 sm:px-6 sm:py-12 md:py-16 lg:grid-cols-2">
        <div>
          <LogoMark className="hidden h-20 w-20 sm:mb-5 sm:block" />
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{lab.name}</h1>
          <p className="mt-1 text-lg font-semibold tracking-wide text-brand-800 sm:mt-3 sm:text-xl">{lab.tagline}</p>
          {/* The line is kept even when empty, so the greeting appearing after login shifts nothing. */}
          <p className="mt-1 min-h-7 text-lg text-slate-800 sm:mt-4 sm:min-h-8 sm:text-xl">{user ? t('home.welcome', { firstName: user.first_name, lastName: user.last_name }) : null}</p>
          <div className="mt-2 sm:mt-4">
            <HomeTestSearch />
            <QuickContact />
          </div>
        </div>
        <section aria-labelledby="pathology-card" className="rounded-2xl bg-brand-900 p-6 text-white shadow-xl sm:p-8">
          <div className="flex items-center gap-3">
            <MicroscopeIcon className="h-8 w-8 text-brand-200" />
            <h2 id="pathology-card" className="text-2xl font-bold">
              {t('home.pathology')}
            </h2>
          </div>
          <div className="mt-5 flex items-center justify-between gap-4 rounded-xl bg-white/10 p-4">
            <p className="flex items-center gap-2 text-lg font-semibold">
              <CalendarIcon className="h-5 w-5 text-brand-200" />
              {t('home.appointment')}
            </p>
            <Link to={paths.appointment} className={buttonClass.light}>
              {t('home.bookNow')}
            </Link>
          </div>
          <p className="mt-5 leading-relaxed text-brand-50">
            {t('home.pathology.text')}
          </p>
        </section>
      </div>
    </section>
  );
}
