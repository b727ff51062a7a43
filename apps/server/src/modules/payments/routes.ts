// HTTP routes of payments, all on the staff side (a patient pays through billing's routes): the payment
// desk (reception and admin) reads a bill's payments, records cash or UPI taken, confirms or rejects a
// patient's UTR, records a refund, and sees the UTRs waiting, the collections of a day or range (JSON
// and CSV) and the outstanding dues per patient.
import { collectionsQuerySchema, csvBodySchema, errorSchema, gatewayRefundSchema, m, paymentLinkSentSchema, settlementResultSchema, settlementUploadSchema, collectionsSchema, duesSchema, recordPaymentSchema, recordRefundSchema, rejectPaymentSchema, staffBillSchema, staffPaymentSchema } from '@lab/contract';
import type { Collections } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { collections, collectionsCsv, dues } from './collections.ts';
import { pendingPayments } from './queries.ts';
import { decideUtr, recordPayment, recordRefund, staffBill, toStaffPayment } from './service.ts';
import { gatewayOf, reconcileOpenOrders, refundThroughGateway } from './gateway-service.ts';
import { HttpError } from '../../lib/errors.ts';
import { matchSettlement } from './settlement.ts';
import { sendPaymentLink } from './payment-link.ts';

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

  // Through the payment gateway (docs/payments-gateway.md): a refund of what the bill owes back, and the reconciliation on demand.
  const gatewayDeps = () => {
    const gateway = gatewayOf(deps.config);
    if (!gateway) throw new HttpError(404, m('payments.gateway_off'));
    return { ...deps, gateway, publicUrl: deps.config.publicUrl };
  };
  app.post('/bills/:id/gateway-refunds', { schema: { ...bill, body: gatewayRefundSchema, response: { ...bill.response, 503: errorSchema } } }, async (request) => {
    await refundThroughGateway(gatewayDeps(), actor(request), request.params.id, request.body);
    return staffBill(deps.db, request.params.id, deps.now());
  });
  app.post('/bills/:id/payment-link', { schema: { params: idParam, response: { 200: paymentLinkSentSchema, ...refusals } } }, (request) =>
    sendPaymentLink({ ...deps, publicUrl: deps.config.publicUrl, gatewayOn: gatewayOf(deps.config) !== undefined }, actor(request), request.params.id),
  );
  app.post('/payments/reconcile', { schema: { response: { 200: z.object({ asked: z.number().int(), settled: z.number().int(), closed: z.number().int() }), ...refusals } } }, () =>
    reconcileOpenOrders(gatewayDeps()),
  );

  // A settlement file is a few hundred KB for a month of a small lab; the body limit says how much at most.
  app.post('/payments/settlement', { bodyLimit: 6 * 1024 * 1024, schema: { body: settlementUploadSchema, response: { 200: settlementResultSchema, ...refusals } } }, (request) =>
    matchSettlement(deps.db, request.body.csv),
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
