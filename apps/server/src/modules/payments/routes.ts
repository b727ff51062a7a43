// HTTP routes of payments, all on the staff side (a patient pays through billing's routes): the payment
// desk (reception and admin) reads a bill's payments, records cash or UPI taken, confirms or rejects a
// patient's UTR, records a refund, and sees the UTRs waiting, the collections of a day or range (JSON
// and CSV) and the outstanding dues per patient.
import { collectionsQuerySchema, csvBodySchema, collectionsSchema, duesSchema, recordPaymentSchema, recordRefundSchema, rejectPaymentSchema, staffBillSchema, staffPaymentSchema } from '@lab/contract';
import type { Collections } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { collections, collectionsCsv, dues } from './collections.ts';
import { pendingPayments } from './queries.ts';
import { decideUtr, recordPayment, recordRefund, staffBill, toStaffPayment } from './service.ts';

/** UTRs listed at once on the desk: more than a day's worth for a small lab */
const PENDING_LIMIT = 200;

export async function paymentStaffRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const bill = { params: idParam, response: { 200: staffBillSchema, ...refusals } };

  // Each answer naming a patient is in the read log by its schema (modules/privacy/read-logging.ts).
  app.get('/bills/:id', { schema: bill }, (request) => staffBill(deps.db, request.params.id, deps.now()));
  app.post('/bills/:id/payments', { schema: { ...bill, body: recordPaymentSchema } }, (request) => recordPayment(deps, actor(request), request.params.id, request.body));
  app.post('/bills/:id/refunds', { schema: { ...bill, body: recordRefundSchema } }, (request) => recordRefund(deps, actor(request), request.params.id, request.body));
  app.post('/payments/:id/confirm', { schema: bill }, (request) => decideUtr(deps, actor(request), request.params.id, { confirm: true }));
  app.post('/payments/:id/reject', { schema: { ...bill, body: rejectPaymentSchema } }, (request) =>
    decideUtr(deps, actor(request), request.params.id, { confirm: false, reason: request.body.reason }),
  );

  app.get('/payments/pending', { schema: { response: { 200: z.array(staffPaymentSchema), ...refusals } } }, async () =>
    (await pendingPayments(deps.db, PENDING_LIMIT)).map(toStaffPayment),
  );

  app.get('/collections', { schema: { querystring: collectionsQuerySchema, response: { 200: collectionsSchema, ...refusals } } }, (request) =>
    collections(deps.db, request.query.from, request.query.to),
  );
  // The CSV is made from the collections by its serializer, so the read log sees whose payments it lists.
  app.get(
    '/collections.csv',
    { config: { answerShows: collectionsSchema }, schema: { querystring: collectionsQuerySchema, response: { 200: csvBodySchema, ...refusals } } },
    async (request, reply) => {
      const c = await collections(deps.db, request.query.from, request.query.to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="collections-${c.from}-to-${c.to}.csv"`)
        .serializer((data: Collections) => collectionsCsv(data))
        .send(c as unknown as Uint8Array);
    },
  );

  app.get('/dues', { schema: { response: { 200: duesSchema, ...refusals } } }, () => dues(deps.db));
}
