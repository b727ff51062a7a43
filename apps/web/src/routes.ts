// Every screen of the app. Paths come from the contract's one paths module; the router matches them
// case-insensitively, so /about, /Microbiology, /login and /appointment reach the same screens as
// /About, /MicroBiology, /Login and /Appointment.
import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { paths } from '@lab/contract';

export default [
  index('features/home/pages/home-page.tsx'),
  route(paths.diagnostic, 'features/home/pages/home-page.tsx', { id: 'diagnostic' }),
  route(paths.about, 'features/about/pages/about-page.tsx'),
  route(paths.contact, 'features/contact/pages/contact-page.tsx'),
  route(paths.services, 'features/services/pages/services-page.tsx'),
  route(paths.hematology, 'features/services/pages/hematology-page.tsx'),
  route(paths.microbiology, 'features/services/pages/microbiology-page.tsx'),
  route(paths.serology, 'features/services/pages/serology-page.tsx'),
  route(paths.biochemistry, 'features/services/pages/biochemistry-page.tsx'),
  route(paths.radiology, 'features/services/pages/radiology-page.tsx'),
  route(paths.blogs, 'features/blogs/pages/blogs-page.tsx'),
  route('/blog/:id', 'features/blogs/pages/blog-page.tsx'),
  route(paths.offers, 'features/offers/pages/offers-page.tsx'),
  route(paths.career, 'features/careers/pages/careers-page.tsx'),
  route(paths.login, 'features/auth/pages/login-page.tsx'),
  route(paths.register, 'features/auth/pages/register-page.tsx'),
  route(paths.forgotPassword, 'features/auth/pages/forgot-password-page.tsx'),
  route('/reset-password/:uidb64/:token', 'features/auth/pages/reset-password-page.tsx'),
  route(paths.dashboard, 'features/dashboard/pages/dashboard-page.tsx'),
  route(paths.appointment, 'features/booking/pages/appointment-page.tsx'),
  route('/billing/:appointmentId', 'features/billing/pages/bill-page.tsx'),
  route(paths.membership, 'features/membership/pages/membership-page.tsx'),
  route(paths.packages, 'features/packages/pages/packages-page.tsx'),
  route('/staff/*', 'features/staff/pages/staff-console.tsx'),
  route('*', 'app/not-found-page.tsx'),
] satisfies RouteConfig;
