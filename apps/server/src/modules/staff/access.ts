// Which staff role may call which /api/staff route: one table, checked by one hook on every staff
// request after the account is known to be staff. A route missing from the table stops the server at
// start, so a new route cannot slip out without a decision on who may call it.
import { STAFF_ROLE_REFUSAL, type StaffRole } from '@lab/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { staffRoleOf } from './queries.ts';

const ALL: readonly StaffRole[] = ['reception', 'phlebotomist', 'technician', 'pathologist', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];
const LAB: readonly StaffRole[] = ['technician', 'pathologist'];
const FRONT_DESK: readonly StaffRole[] = ['reception', 'admin'];
const LAB_AND_ADMIN: readonly StaffRole[] = ['technician', 'pathologist', 'admin'];

/** `METHOD /api/staff/...` as registered → the roles that may call it */
export const STAFF_ACCESS: Readonly<Record<string, readonly StaffRole[]>> = {
  // Appointments: everyone sees the queue and moves it along (a phlebotomist or technician marks a
  // sample collected); money is the front desk's.
  'GET /api/staff/appointments': ALL,
  'POST /api/staff/appointments/:id/status': ALL,
  'POST /api/staff/appointments/:id/paid': FRONT_DESK,
  // Whether the patient's e-mails went out (confirmation, reminder, report ready): whoever sees the queue.
  'GET /api/staff/appointments/:id/mail': ALL,
  // Payments (modules/payments): the front desk's, every change audited.
  'GET /api/staff/bills/:id': FRONT_DESK,
  'POST /api/staff/bills/:id/payments': FRONT_DESK,
  'POST /api/staff/bills/:id/refunds': FRONT_DESK,
  'POST /api/staff/bills/:id/gateway-refunds': FRONT_DESK,
  'POST /api/staff/bills/:id/payment-link': FRONT_DESK,
  'POST /api/staff/payments/reconcile': FRONT_DESK,
  'POST /api/staff/payments/settlement': FRONT_DESK,
  'POST /api/staff/payments/:id/confirm': FRONT_DESK,
  'POST /api/staff/payments/:id/reject': FRONT_DESK,
  'GET /api/staff/payments/pending': FRONT_DESK,
  'GET /api/staff/collections': FRONT_DESK,
  'GET /api/staff/collections.csv': FRONT_DESK,
  // The referring doctors' directory and referrals (docs/families-and-doctors.md): the front desk keeps the
  // directory and matches typed names; the referrals per month and their CSV are the admin's business view.
  'GET /api/staff/doctors': FRONT_DESK,
  'POST /api/staff/doctors': FRONT_DESK,
  'PATCH /api/staff/doctors/:id': FRONT_DESK,
  'PUT /api/staff/referrals/:id/doctor': FRONT_DESK,
  'GET /api/staff/referrals': ADMIN,
  'GET /api/staff/referrals.csv': ADMIN,
  'GET /api/staff/dues': FRONT_DESK,
  // The catalogue, content, staff accounts and the audit trail: admin.
  'GET /api/staff/categories': ADMIN,
  'POST /api/staff/categories': ADMIN,
  'PATCH /api/staff/categories/:id': ADMIN,
  'GET /api/staff/tests': ADMIN,
  'POST /api/staff/tests': ADMIN,
  'PATCH /api/staff/tests/:id': ADMIN,
  'GET /api/staff/tests/:id/parameters': ['technician', 'pathologist', 'admin'],
  'POST /api/staff/tests/:id/parameters': ADMIN,
  'PUT /api/staff/parameters/:id': ADMIN,
  'GET /api/staff/packages': ADMIN,
  'POST /api/staff/packages': ADMIN,
  'PATCH /api/staff/packages/:id': ADMIN,
  'GET /api/staff/offers': ADMIN,
  'POST /api/staff/offers': ADMIN,
  'PATCH /api/staff/offers/:id': ADMIN,
  'GET /api/staff/membership-plans': ADMIN,
  'POST /api/staff/membership-plans': ADMIN,
  'PATCH /api/staff/membership-plans/:id': ADMIN,
  'GET /api/staff/blogs': ADMIN,
  'POST /api/staff/blogs': ADMIN,
  'PATCH /api/staff/blogs/:id': ADMIN,
  'DELETE /api/staff/blogs/:id': ADMIN,
  'GET /api/staff/careers': ADMIN,
  'POST /api/staff/careers': ADMIN,
  'PATCH /api/staff/careers/:id': ADMIN,
  'GET /api/staff/contact-messages': FRONT_DESK,
  'POST /api/staff/contact-messages/:id/handled': FRONT_DESK,
  'GET /api/staff/audit': ADMIN,
  'GET /api/staff/accounts': ADMIN,
  'POST /api/staff/accounts': ADMIN,
  'PATCH /api/staff/accounts/:id': ADMIN,
  'DELETE /api/staff/accounts/:id/second-factor': ADMIN,
  // Analysers (docs/analysers.md): the lab reads the mapping and the messages; the mapping decides what
  // reaches the worksheet, so only a pathologist or the admin changes it.
  'GET /api/staff/analysers': LAB_AND_ADMIN,
  'GET /api/staff/analysers/:name/codes': LAB_AND_ADMIN,
  'PUT /api/staff/analysers/:name/codes/:code': ['pathologist', 'admin'],
  'GET /api/staff/analysers/:name/messages': LAB_AND_ADMIN,
  'GET /api/staff/analysers/parameters': LAB_AND_ADMIN,
  'GET /api/staff/samples/:accession/analyser-messages': LAB_AND_ADMIN,
  // Every staff member reads their own role and what it allows (the console hides the rest).
  'GET /api/staff/me': ALL,
  // Time slots: the front desk sets the week's seats and the dates set apart (holidays, short days).
  'GET /api/staff/slots/week': FRONT_DESK,
  'PUT /api/staff/slots/week': FRONT_DESK,
  'GET /api/staff/slots/overrides': FRONT_DESK,
  'PUT /api/staff/slots/overrides/:date': FRONT_DESK,
  'DELETE /api/staff/slots/overrides/:date': FRONT_DESK,
  // Home collection areas: the front desk keeps the PIN codes served.
  'GET /api/staff/pins': FRONT_DESK,
  'PUT /api/staff/pins/:pin': FRONT_DESK,
  'DELETE /api/staff/pins/:pin': FRONT_DESK,
  // Home collections of a day and its run sheet: the front desk plans them and gives each to a
  // phlebotomist (only a phlebotomist may be given one), who goes on them.
  'GET /api/staff/home-visits': ['reception', 'phlebotomist', 'technician', 'admin'],
  'PUT /api/staff/home-visits/:id/phlebotomist': FRONT_DESK,
  'POST /api/staff/home-visits/:id/on-the-way': ['reception', 'phlebotomist', 'admin'],
  // Samples (modules/samples): containers are read by all and set by the lab; whoever draws a sample
  // collects it and prints its labels; the bench receives it.
  'GET /api/staff/samples/containers': ALL,
  'PUT /api/staff/samples/containers/:id': ['technician', 'pathologist', 'admin'],
  'PUT /api/staff/samples/turnaround/:id': ['technician', 'pathologist', 'admin'],
  'GET /api/staff/samples/queue': ['reception', 'technician', 'pathologist', 'admin'],
  'GET /api/staff/samples/tat': ['reception', 'technician', 'pathologist', 'admin'],
  'GET /api/staff/samples/appointments/:id': ALL,
  'POST /api/staff/samples/appointments/:id/collect': ['reception', 'phlebotomist', 'technician', 'admin'],
  'GET /api/staff/samples/appointments/:id/labels': ['reception', 'phlebotomist', 'technician', 'admin'],
  'POST /api/staff/samples/receive': ['technician', 'pathologist', 'admin'],
  'POST /api/staff/samples/reject': ['technician', 'pathologist', 'admin'],
  // The lab's details and the images of the public pages: admin.
  'GET /api/staff/lab': ADMIN,
  'PUT /api/staff/lab': ADMIN,
  'GET /api/staff/images': ADMIN,
  'POST /api/staff/images': ADMIN,
  // Results: the lab's. Reception may complete age and sex at the desk and record a critical call.
  'GET /api/staff/results': ['reception', 'technician', 'pathologist'],
  'GET /api/staff/results/:id': ['reception', 'technician', 'pathologist'],
  'PUT /api/staff/results/:id/patient': ['reception', 'technician', 'pathologist'],
  'PUT /api/staff/results/:id/sample': ['reception', 'technician', 'pathologist'],
  'PUT /api/staff/results/:id': LAB,
  'POST /api/staff/results/:id/critical-call': ['reception', 'technician', 'pathologist'],
  'GET /api/staff/results/:id/reports/:version/pdf': LAB,
  'GET /api/staff/results/:id/reports/:version/fhir': LAB,
  // Release and amendment: a pathologist only (and never the one who entered the results).
  'POST /api/staff/results/:id/release': ['pathologist'],
  'POST /api/staff/results/:id/amend': ['pathologist'],
  // A pending amendment: released by a pathologist other than its author (the service checks), or discarded.
  'POST /api/staff/results/:id/amendment/release': ['pathologist'],
  'POST /api/staff/results/:id/amendment/discard': ['pathologist'],
  // The patient's rights (modules/privacy): the front desk and admins handle correction requests and
  // grievances; what a closed account keeps by law is read by an admin only (each read audited).
  'GET /api/staff/privacy/corrections': FRONT_DESK,
  'POST /api/staff/privacy/corrections/:id/resolve': FRONT_DESK,
  'GET /api/staff/privacy/grievances': FRONT_DESK,
  'POST /api/staff/privacy/grievances/:id/answer': FRONT_DESK,
  'GET /api/staff/privacy/kept-records': ADMIN,
  // The DPDP safeguards: the read log and the breach register, admin only (decision 033).
  'GET /api/staff/access-log': ADMIN,
  'GET /api/staff/breaches': ADMIN,
  'POST /api/staff/breaches': ADMIN,
  'GET /api/staff/breaches/:id': ADMIN,
  'POST /api/staff/breaches/:id/notices': ADMIN,
  'POST /api/staff/breaches/:id/board-report': ADMIN,
};

/** the routes a role may call, for the console (GET /api/staff/me): read from the table above, never copied */
export function routesAllowed(role: StaffRole): string[] {
  return Object.keys(STAFF_ACCESS).filter((key) => STAFF_ACCESS[key]!.includes(role));
}

const keyOf = (method: string, url: string) => `${method} ${url.replace(/\/$/, '')}`;

/** for the onRoute hook: refuses to start with a staff route nobody decided about */
export function checkListed(route: Pick<RouteOptions, 'method' | 'url'>): void {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || !route.url.startsWith('/api/staff/')) continue;
    if (!STAFF_ACCESS[keyOf(method, route.url)]) throw new Error(`staff route ${method} ${route.url} has no entry in STAFF_ACCESS (modules/staff/access.ts)`);
  }
}

/** after requireStaff: the caller's role (from the database, so a change applies at once) must be listed */
export async function requireStaffRole(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const allowed = STAFF_ACCESS[keyOf(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '')] ?? [];
  const role = await staffRoleOf(request.server.deps.db, request.auth!.userId);
  if (!role || !allowed.includes(role)) throw forbidden(STAFF_ROLE_REFUSAL);
  // kept for the read log (modules/privacy/access-log.ts), which records the role of each read
  request.staffRole = role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the staff caller's role, once requireStaffRole has let the request through */
    staffRole?: StaffRole;
  }
}
