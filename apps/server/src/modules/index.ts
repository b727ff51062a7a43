// Every API module, registered under /api by app.ts.
import auth from './auth/routes.ts';
import billing from './billing/routes.ts';
import booking from './booking/routes.ts';
import cancelLinks from './cancel-links/routes.ts';
import recollections from './samples/routes.ts';
import catalog from './catalog/routes.ts';
import claims from './claims/routes.ts';
import contact from './contact/routes.ts';
import docs from './docs/routes.ts';
import homeCollection from './home-collection/routes.ts';
import content from './content/routes.ts';
import lab from './lab/routes.ts';
import membership from './membership/routes.ts';
import messaging from './messaging/routes.ts';
import gateway from './payments/gateway-routes.ts';
import phoneSignIn from './phone-sign-in/routes.ts';
import people, { doctorRoutes } from './people/routes.ts';
import privacy from './privacy/routes.ts';
import reports from './reports/routes.ts';
import secondFactor from './second-factor/routes.ts';
import slots from './slots/routes.ts';
import staff from './staff-registrar.ts';
import stats from './stats/routes.ts';

export const modules = [auth, phoneSignIn, secondFactor, catalog, booking, slots, homeCollection, cancelLinks, recollections, billing, gateway, claims, lab, membership, messaging, reports, privacy, people, doctorRoutes, content, contact, stats, staff, docs];
