// The public pages, which the server renders with their content, for the first-load budget check and
// the benchmarks (the router itself answers every path: routes.ts). Kept apart from paths.ts, which
// every public page loads, so this list never travels to a browser.
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
  paths.tests,
  paths.career,
  paths.privacy,
] as const;

/** the public pages that also exist in Hindi under /hi/ (docs/i18n.md): every one, the privacy notice included (/hi/privacy) */
export const bilingualPagePaths: readonly string[] = publicPagePaths;
