// The staff registrar: the guarded scope of /api/staff/, in which each domain's staff routes plugin is
// registered (the routes themselves live in their domain's routes.ts). One onRequest hook guards the
// whole tree, so a caller without a token gets 401 and a patient gets 403 before any body or query is
// even looked at (a patient learns nothing from validation messages); a second checks the staff role
// the route needs (staff/access.ts). Like modules/index.ts, it is a list of plugins above the modules:
// no module imports it, so staff/ (access, responses) stays below the domains that use it.
import type { App } from '../lib/context.ts';
import { requireStaff } from './auth/hooks.ts';
import { analyserStaffRoutes } from './analysers/routes.ts';
import { appointmentStaffRoutes } from './appointments/routes.ts';
import { auditStaffRoutes } from './audit/routes.ts';
import { catalogStaffRoutes } from './catalog/routes.ts';
import { contactStaffRoutes } from './contact/routes.ts';
import { contentStaffRoutes } from './content/routes.ts';
import { homeCollectionStaffRoutes } from './home-collection/routes.ts';
import { imageStaffRoutes } from './images/routes.ts';
import { labStaffRoutes } from './lab/routes.ts';
import { mailLogStaffRoutes } from './messaging/routes.ts';
import { paymentStaffRoutes } from './payments/routes.ts';
import { peopleStaffRoutes } from './people/routes.ts';
import { logReadsOfAnswers } from './privacy/read-logging.ts';
import { privacyStaffRoutes } from './privacy/routes.ts';
import { reportStaffRoutes } from './reports/routes.ts';
import { sampleStaffRoutes } from './samples/routes.ts';
import { slotStaffRoutes } from './slots/routes.ts';
import { staffAccountRoutes } from './staff-accounts/routes.ts';
import { checkListed, requireStaffRole } from './staff/access.ts';
import { staffAccessRoutes } from './staff/routes.ts';

export default async function staffRegistrar(app: App): Promise<void> {
  await app.register(
    async (staff: App) => {
      // Patients' names, phones and the inbox: never kept by a browser or a shared cache.
      staff.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      });
      staff.addHook('onRoute', checkListed);
      staff.addHook('onRequest', requireStaff);
      // Each route's roles (access.ts); a patient was refused above, before the role is looked at.
      staff.addHook('onRequest', requireStaffRole);
      // Every answer that shows a patient is in the staff read log, whichever route gave it (decision 048).
      logReadsOfAnswers(staff);
      await staff.register(appointmentStaffRoutes);
      await staff.register(catalogStaffRoutes);
      await staff.register(contentStaffRoutes);
      await staff.register(contactStaffRoutes);
      await staff.register(auditStaffRoutes);
      await staff.register(mailLogStaffRoutes);
      await staff.register(reportStaffRoutes);
      await staff.register(slotStaffRoutes);
      await staff.register(homeCollectionStaffRoutes);
      await staff.register(paymentStaffRoutes);
      await staff.register(staffAccessRoutes);
      await staff.register(staffAccountRoutes);
      await staff.register(labStaffRoutes);
      await staff.register(imageStaffRoutes);
      await staff.register(privacyStaffRoutes);
      await staff.register(sampleStaffRoutes);
      await staff.register(analyserStaffRoutes);
      await staff.register(peopleStaffRoutes);
    },
    { prefix: '/staff' },
  );
}
