// Every screen of the app. Paths come from the contract's one paths module; the router matches them
// case-insensitively, so /about, /Microbiology, /login and /appointment reach the same screens as
// /About, /MicroBiology, /Login and /Appointment.
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { hindiPrefix, paths, staffPaths } from '@lab/contract';

// The public pages, at the spec's paths in English and under /hi/ in Hindi (docs/i18n.md): the same page
// modules, which take their language from the root's data (shared/i18n).
const publicPages = (prefix: '' | typeof hindiPrefix) => {
  const id = (name: string) => (prefix ? `hi-${name}` : name);
  return [
    prefix ? route(prefix, 'features/home/pages/home-page.tsx', { id: id('home') }) : index('features/home/pages/home-page.tsx', { id: 'home' }),
    route(prefix + paths.diagnostic, 'features/home/pages/home-page.tsx', { id: id('diagnostic') }),
    route(prefix + paths.about, 'features/about/pages/about-page.tsx', { id: id('about') }),
    route(prefix + paths.contact, 'features/contact/pages/contact-page.tsx', { id: id('contact') }),
    route(prefix + paths.services, 'features/services/pages/services-page.tsx', { id: id('services') }),
    route(prefix + paths.hematology, 'features/services/pages/hematology-page.tsx', { id: id('hematology') }),
    route(prefix + paths.microbiology, 'features/services/pages/microbiology-page.tsx', { id: id('microbiology') }),
    route(prefix + paths.serology, 'features/services/pages/serology-page.tsx', { id: id('serology') }),
    route(prefix + paths.biochemistry, 'features/services/pages/biochemistry-page.tsx', { id: id('biochemistry') }),
    route(prefix + paths.radiology, 'features/services/pages/radiology-page.tsx', { id: id('radiology') }),
    route(prefix + paths.blogs, 'features/blogs/pages/blogs-page.tsx', { id: id('blogs') }),
    route(prefix + '/blog/:id', 'features/blogs/pages/blog-page.tsx', { id: id('blog') }),
    route(prefix + paths.offers, 'features/offers/pages/offers-page.tsx', { id: id('offers') }),
    route(prefix + paths.tests, 'features/home/pages/test-search-page.tsx', { id: id('tests') }),
    route(prefix + paths.career, 'features/careers/pages/careers-page.tsx', { id: id('careers') }),
    route(prefix + paths.privacy, 'features/privacy/pages/privacy-page.tsx', { id: id('privacy') }),
  ];
};

export default [
  ...publicPages(''),
  ...publicPages(hindiPrefix),
  // Rendered on the server, so its form works without JavaScript (its action answers the post).
  route(paths.findBooking, 'features/billing/pages/find-booking-page.tsx', { id: 'find-booking' }),
  // The booking in plain steps, each answered by the server (docs/features.md#booking-without-scripts).
  route(paths.bookSteps, 'features/booking/pages/book-steps-page.tsx', { id: 'book-steps' }),
  // Screens with server state kept by TanStack Query (never loaded by the public pages above).
  layout('app/data-layout.tsx', { id: 'data' }, [
    route(paths.login, 'features/auth/pages/login-page.tsx', { id: 'login' }),
    route(paths.register, 'features/auth/pages/register-page.tsx', { id: 'register' }),
    route(paths.forgotPassword, 'features/auth/pages/forgot-password-page.tsx', { id: 'forgot-password' }),
    route('/reset-password/:uidb64/:token', 'features/auth/pages/reset-password-page.tsx', { id: 'reset-password' }),
    route('/verify-email/:uidb64/:token', 'features/auth/pages/verify-email-page.tsx', { id: 'verify-email' }),
    route(paths.dashboard, 'app/routes/dashboard.tsx', { id: 'dashboard' }),
    route(paths.appointment, 'features/booking/pages/appointment-page.tsx', { id: 'appointment' }),
    route('/billing/:appointmentId', 'features/billing/pages/bill-page.tsx', { id: 'bill' }),
    route('/bill/:appointmentId', 'features/billing/pages/bill-link-page.tsx', { id: 'bill-link' }),
    route('/pay/:appointmentId', 'features/billing/pages/pay-link-page.tsx', { id: 'pay-link' }),
    route('/claim-bookings/:token', 'features/dashboard/pages/claim-bookings-page.tsx', { id: 'claim-bookings' }),
    route('/cancel/:token', 'features/booking/pages/cancel-link-page.tsx', { id: 'cancel-link' }),
    route('/recollect/:token', 'features/booking/pages/recollect-page.tsx', { id: 'recollect' }),
    route('/report/:appointmentId', 'features/reports/pages/report-page.tsx', { id: 'report' }),
    route('/verify/:code', 'features/reports/pages/verify-page.tsx', { id: 'verify' }),
    route(paths.doctor, 'features/doctors/pages/doctor-page.tsx', { id: 'doctor' }),
    route(paths.takeOver, 'features/dashboard/pages/take-over-page.tsx', { id: 'take-over' }),
    route(paths.membership, 'features/membership/pages/membership-page.tsx', { id: 'membership' }),
    route(paths.packages, 'features/packages/pages/packages-page.tsx', { id: 'packages' }),
    // also in Hindi whatever the cookie says, where Hindi pages link (screensWithHindiPath in shared/i18n/page-locale.ts)
    route(hindiPrefix + paths.packages, 'features/packages/pages/packages-page.tsx', { id: 'hi-packages' }),
    // The staff console: each screen a lazily loaded route of its own, never part of a public page. The
    // catalogue's and content's tabs are the last segment of their path (one route each, since every
    // route is listed in the manifest that each public page loads).
    route(paths.staff, 'features/staff/pages/staff-console.tsx', { id: 'staff' }, [
      index('features/staff/screens/appointments-screen.tsx', { id: 'staff-queue' }),
      route(`${staffPaths.staffCatalogue}/:tab?`, 'features/staff/screens/catalogue-screen.tsx', { id: 'staff-catalogue' }),
      route(`${staffPaths.staffContent}/:tab?`, 'features/staff/screens/content-screen.tsx', { id: 'staff-content' }),
      route(`${staffPaths.staffInbox}/:tab?`, 'features/staff/screens/inbox-tabs-screen.tsx', { id: 'staff-inbox' }),
      route(staffPaths.staffCollections, 'features/staff/screens/collections-screen.tsx', { id: 'staff-collections' }),
      route(`${staffPaths.staffSamples}/:tab?`, 'features/staff/screens/samples-screen.tsx', { id: 'staff-samples' }),
      route(`${staffPaths.staffSlots}/:tab?`, 'features/staff/screens/slots-screen.tsx', { id: 'staff-slots' }),
      route(`${staffPaths.staffAudit}/:tab?`, 'features/staff/screens/records-screen.tsx', { id: 'staff-audit' }),
      route(staffPaths.staffResults, 'features/staff/screens/results-screen.tsx', { id: 'staff-results' }),
      route(staffPaths.staffAnalysers, 'features/staff/screens/analysers-screen.tsx', { id: 'staff-analysers' }),
      route('/staff/results/:appointmentId', 'features/staff/screens/result-entry-screen.tsx', { id: 'staff-result' }),
      route(staffPaths.staffAccounts, 'features/staff/screens/accounts-screen.tsx', { id: 'staff-accounts' }),
    ]),
  ]),
  route('*', 'app/not-found-page.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
