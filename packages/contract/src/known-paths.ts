// Which paths the web app answers: the public pages the server renders with their content, and the
// patterns of the screens rendered in the browser, for the budget checks, the benchmarks and tests. Kept apart from paths.ts, which every public page loads, so these lists never travel to a browser.
import { paths } from './paths.ts';

/**
 * Public pages, rendered with their content on the server (decision record 020). The router matches
 * paths case-insensitively, so /about serves the /About page.
 */
export const publicPagePaths = [
  paths.home,
  paths.diagnostic,
  paths.about,
  paths.contact,
  paths.services,
  paths.hematology,
  paths.microbiology,
  paths.microbiologyAlt,
  paths.serology,
  paths.biochemistry,
  paths.biochemistryAlt,
  paths.radiology,
  paths.blogs,
  paths.offers,
  paths.career,
] as const;

/** Screens rendered in the browser (the server sends their frame and a <noscript> note); patterns use :param segments. */
export const clientPathPatterns = [
  '/blog/:id',
  paths.login,
  paths.register,
  paths.dashboard,
  paths.appointment,
  '/billing/:appointmentId',
  '/bill/:appointmentId',
  paths.findBooking,
  '/claim-bookings/:token',
  '/report/:appointmentId',
  '/verify/:code',
  paths.forgotPassword,
  '/reset-password/:uidb64/:token',
  paths.membership,
  paths.packages,
  paths.staff,
  '/staff/*',
] as const;

/** true when the web app has a screen for this path (case-insensitive, trailing slash ignored) */
export function isKnownPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  const lower = p.toLowerCase();
  if (publicPagePaths.some((r) => r.toLowerCase() === lower)) return true;
  return clientPathPatterns.some((pattern) => {
    const re = new RegExp(
      `^${pattern
        .toLowerCase()
        .replace(/\/\*$/, '(/.*)?')
        .replace(/:[a-z0-9]+/gi, '[^/]+')}$`,
    );
    return re.test(lower);
  });
}
