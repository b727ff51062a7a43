// HTTP routes of the people domain (docs/families-and-doctors.md): the account holder's family members
// under /api/users/me/members/ (bearer token, checked before the body so a caller without one gets 401;
// another account's member is a 404, never told apart from none); the booking page's doctor picker
// (/api/doctors/); a referring doctor's sign-in by one-time link and their view (/api/doctor/…, a session
// token of their own, never an account's); and, on the staff side, the directory and the referrals.
import {
  csvBodySchema,
  doctorIdParams,
  doctorInputSchema,
  doctorLinkRequestSchema,
  doctorListSchema,
  doctorPickListSchema,
  doctorReportListSchema,
  doctorSchema,
  doctorSearchQuerySchema,
  doctorSessionRequestSchema,
  doctorSessionSchema,
  doctorUpdateSchema,
  languageQuerySchema,
  m,
  matchDoctorSchema,
  messageSchema,
  pdfBodySchema,
  type Referrals,
  referralsQuerySchema,
  referralsSchema,
  staffDoctorQuerySchema,
  appointmentIdParams,
  errorSchema,
  fieldErrorsSchema,
  memberCreateSchema,
  memberIdParams,
  memberInviteSchema,
  takeOverRequestSchema,
  takeOverSchema,
  memberListSchema,
  memberRemovedSchema,
  memberSchema,
  memberUpdateSchema,
} from '@lab/contract';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { z } from 'zod';
import { countDownload, reportPdf } from '../../documents/report-pdf.ts';
import { notFound } from '../../lib/errors.ts';
import { messageAnswer, messageLanguage, sayTo } from '../../lib/message-language.ts';
import { limits } from '../../lib/rate-limit.ts';
import { requestAddressHash } from '../privacy/consents.ts';
import { actor, refusals } from '../staff/responses.ts';
import * as doctors from './doctors.ts';
import * as members from './members.ts';

export default async function peopleRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const bad = fieldErrorsSchema.or(errorSchema);

  app.get('/users/me/members/', { onRequest: requireAuth, schema: { response: { 200: memberListSchema, 401: errorSchema } } }, (request) =>
    members.listMembers(deps.db, userId(request), deps.now()),
  );

  app.post(
    '/users/me/members/',
    { onRequest: requireAuth, schema: { body: memberCreateSchema, response: { 201: memberSchema, 400: bad, 401: errorSchema } } },
    async (request, reply) => reply.code(201).send(await members.addMember(deps.db, userId(request), request.body, { addressHash: requestAddressHash(app, request), now: deps.now() })),
  );

  app.patch(
    '/users/me/members/:id/',
    { onRequest: requireAuth, schema: { params: memberIdParams, body: memberUpdateSchema, response: { 200: memberSchema, 400: bad, 401: errorSchema, 404: errorSchema } } },
    (request) => members.changeMember(deps.db, userId(request), request.params.id, request.body, { addressHash: requestAddressHash(app, request), now: deps.now() }),
  );

  app.post(
    '/users/me/members/:id/invite',
    { onRequest: requireAuth, schema: { params: memberIdParams, response: { 201: memberInviteSchema, 400: bad, 401: errorSchema, 404: errorSchema } } },
    async (request, reply) => reply.code(201).send(await members.inviteMember(deps.db, userId(request), request.params.id, deps.config.publicUrl, deps.now())),
  );

  app.post(
    '/users/me/take-over',
    { onRequest: requireAuth, schema: { body: takeOverRequestSchema, response: { 200: takeOverSchema, 400: bad, 401: errorSchema } } },
    async (request) => {
      const done = await members.takeOver(deps.db, userId(request), request.body, { addressHash: requestAddressHash(app, request), now: deps.now() });
      return { moved_appointments: done.moved_appointments, message: sayTo(request, done.message) };
    },
  );

  app.delete(
    '/users/me/members/:id/',
    { onRequest: requireAuth, schema: { params: memberIdParams, response: { 200: memberRemovedSchema, 401: errorSchema, 404: errorSchema } } },
    (request) => members.removeMember(deps.db, userId(request), request.params.id, deps.now(), messageLanguage(request)),
  );
}

/** the session token a doctor's view sends: `Authorization: Bearer …` (never an account's access token) */
const sessionOf = (request: { headers: { authorization?: string | undefined } }) => /^Bearer (\S{20,200})$/.exec(request.headers.authorization ?? '')?.[1];

export async function doctorRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const bad = fieldErrorsSchema.or(errorSchema);
  // A sign-in link per address is limited, so nobody floods a doctor's inbox through the lab.
  const linkLimits = limits(app, { name: 'doctor-link-ip', max: 10, windowMs: 15 * 60_000 });

  app.get('/doctors/', { schema: { querystring: doctorSearchQuerySchema, response: { 200: doctorPickListSchema, 400: bad } } }, (request) => doctors.pickDoctors(deps.db, request.query.q));

  app.post('/doctor/link', { preHandler: linkLimits, schema: { body: doctorLinkRequestSchema, response: { 200: messageSchema, 400: bad, 429: errorSchema } } }, async (request) => {
    await doctors.sendSignInLink(deps.db, request.body.contact, deps.config.publicUrl, deps.now());
    return messageAnswer(request, m('doctors.link_sent'));
  });

  app.post('/doctor/session', { schema: { body: doctorSessionRequestSchema, response: { 200: doctorSessionSchema, 400: bad } } }, (request) =>
    doctors.openSession(deps.db, request.body.token, deps.now()),
  );

  // the doctor's session rides as a bearer token of its own: the accounts' check (auth/hooks.ts) leaves it alone
  const doctorSession = { ignoresBearer: true };
  app.get('/doctor/reports', { config: doctorSession, schema: { response: { 200: doctorReportListSchema, 401: errorSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return doctors.doctorReports(deps.db, await doctors.doctorOfSession(deps.db, sessionOf(request), deps.now()));
  });

  app.get(
    '/doctor/reports/:id/pdf',
    { config: doctorSession, schema: { params: appointmentIdParams, querystring: languageQuerySchema, response: { 200: pdfBodySchema, 401: errorSchema, 404: errorSchema, 429: errorSchema, 503: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const doctorId = await doctors.doctorOfSession(deps.db, sessionOf(request), deps.now());
      await doctors.checkDoctorMayRead(deps.db, doctorId, request.params.id);
      await countDownload(deps, request.ip);
      const found = await reportPdf(deps, request.ip, request.params.id, request.query.lang ?? 'en');
      if (!found) throw notFound();
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="report-${found.reference}-v${found.version}.pdf"`).send(found.pdf);
    },
  );
}

export async function peopleStaffRoutes(app: App): Promise<void> {
  const deps = app.deps;
  app.get('/doctors', { schema: { querystring: staffDoctorQuerySchema, response: { 200: doctorListSchema, ...refusals } } }, (request) => doctors.listDoctors(deps.db, request.query.q));
  app.post('/doctors', { schema: { body: doctorInputSchema, response: { 201: doctorSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await doctors.addDoctor(deps.db, actor(request), request.body, deps.now())),
  );
  app.patch('/doctors/:id', { schema: { params: doctorIdParams, body: doctorUpdateSchema, response: { 200: doctorSchema, ...refusals } } }, (request) =>
    doctors.changeDoctor(deps.db, actor(request), request.params.id, request.body, deps.now()),
  );
  app.put('/referrals/:id/doctor', { schema: { params: appointmentIdParams, body: matchDoctorSchema, response: { 200: z.object({ appointment_id: z.string(), doctor_id: z.number().int() }), ...refusals } } }, (request) =>
    doctors.matchDoctor(deps.db, actor(request), request.params.id, request.body.doctor_id),
  );
  app.get('/referrals', { schema: { querystring: referralsQuerySchema, response: { 200: referralsSchema, ...refusals } } }, (request) => doctors.referrals(deps.db, request.query.month));
  // the CSV of the month's referrals: per doctor, counts and values, no patient (read-logging.ts)
  app.get('/referrals.csv', { config: { answerShows: referralsSchema }, schema: { querystring: referralsQuerySchema, response: { 200: csvBodySchema, ...refusals } } }, async (request, reply) => {
    const r = await doctors.referrals(deps.db, request.query.month);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="referrals-${r.month}.csv"`)
      .serializer((data: Referrals) => doctors.referralsCsv(data))
      .send(r as unknown as Uint8Array);
  });
}
