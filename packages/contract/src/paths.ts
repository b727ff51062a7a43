// Every route of the web app, in one place: the router, the links and the server (which answers
// unknown paths with 404) all read this. Spelling variants of the spec map to the same screen.

export const paths = {
  home: '/',
  diagnostic: '/diagnostic',
  about: '/About',
  contact: '/Contact',
  services: '/Services',
  hematology: '/Hematology',
  microbiology: '/MicroBiology',
  microbiologyAlt: '/Microbiology',
  serology: '/Serology',
  biochemistry: '/BioChemistry',
  biochemistryAlt: '/Biochemistry',
  radiology: '/Radiology',
  blogs: '/Blogs',
  blog: (id: number | string) => `/blog/${id}`,
  offers: '/offers',
  career: '/Career',
  login: '/Login',
  loginAlt: '/login',
  register: '/Register',
  dashboard: '/UserDashboard',
  appointment: '/Appointment',
  appointmentAlt: '/appointment',
  billing: (appointmentId: string) => `/billing/${encodeURIComponent(appointmentId)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (uidb64: string, token: string) => `/reset-password/${uidb64}/${token}`,
  membership: '/membership',
  packages: '/packages',
  staff: '/staff',
  // the staff console's screens (client-rendered, below /staff/*)
  staffCatalogue: '/staff/catalogue',
  staffCategories: '/staff/catalogue/categories',
  staffPackages: '/staff/catalogue/packages',
  staffOffers: '/staff/catalogue/offers',
  staffPlans: '/staff/catalogue/plans',
  staffParameters: '/staff/catalogue/parameters',
  staffContent: '/staff/content',
  staffCareers: '/staff/content/careers',
  staffInbox: '/staff/inbox',
  staffAudit: '/staff/audit',
  staffResults: '/staff/results',
  staffResult: (appointmentId: string) => `/staff/results/${encodeURIComponent(appointmentId)}`,
  staffAccounts: '/staff/accounts',
  /** the patient's report (the e-mail's link): downloads with the bill's capability */
  report: (appointmentId: string) => `/report/${encodeURIComponent(appointmentId)}`,
  /** the public page a report's QR code opens */
  verify: (code: string) => `/verify/${encodeURIComponent(code)}`,
} as const;

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
