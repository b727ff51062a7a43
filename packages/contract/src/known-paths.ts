// Which paths the web app answers: the public pages prerendered at build time, and the patterns of
// the client-rendered screens, for the build (react-router.config.ts) and the server (404 for the
// rest). Kept apart from paths.ts, which every public page loads, so these lists never travel to a browser.
import { paths } from './paths.ts';

/**
 * Public pages that are prerendered to HTML at build time. The router matches paths
 * case-insensitively, and so does the server, so /about serves the /About page.
 */
export const prerenderedPaths = [
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

/** Client-rendered screens (the SPA shell answers them); patterns use :param segments. */
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
  '/cancel/:token',
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
  if (prerenderedPaths.some((r) => r.toLowerCase() === lower)) return true;
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
