// HTTP routes of the staff side, all under /api/staff/. One onRequest hook guards the whole tree, so
// a caller without a token gets 401 and a patient gets 403 before any body or query is even looked
// at (a patient learns nothing from validation messages); a second checks the staff role the route needs.
import type { App } from '../../lib/context.ts';
import { requireStaff } from '../../lib/auth-hooks.ts';
import { checkListed, requireStaffRole } from './access.ts';
import { logReadsOfAnswers } from './read-logging.ts';
import accountRoutes from './accounts/routes.ts';
import appointmentRoutes from './appointments/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import contentRoutes from './content/routes.ts';
import imageRoutes from './images/routes.ts';
import inboxRoutes from './inbox/routes.ts';
import labDetailsRoutes from './lab/routes.ts';
import mailLogRoutes from './mail-log/routes.ts';
import parameterRoutes from './parameters/routes.ts';
import paymentRoutes from './payments/routes.ts';
import resultRoutes from './results/routes.ts';
import slotRoutes from './slots/routes.ts';
import pinRoutes from './pins/routes.ts';
import homeVisitRoutes from './home-visits/routes.ts';
import privacyRightsRoutes from '../privacy/rights-staff-routes.ts';
import { staffSafeguardRoutes } from '../privacy/access-log-routes.ts';

export default async function staffRoutes(app: App): Promise<void> {
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
      await staff.register(appointmentRoutes);
      await staff.register(catalogRoutes);
      await staff.register(contentRoutes);
      await staff.register(inboxRoutes);
      await staff.register(mailLogRoutes);
      await staff.register(parameterRoutes);
      await staff.register(resultRoutes);
      await staff.register(slotRoutes);
      await staff.register(pinRoutes);
      await staff.register(homeVisitRoutes);
      await staff.register(paymentRoutes);
      await staff.register(accountRoutes);
      await staff.register(labDetailsRoutes);
      await staff.register(imageRoutes);
      await staff.register(privacyRightsRoutes);
      await staff.register(staffSafeguardRoutes);
    },
    { prefix: '/staff' },
  );
}
