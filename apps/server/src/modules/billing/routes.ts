// HTTP routes of the billing domain: the bill to whoever holds its key, its UPI QR code (an SVG, so
// the bill shows it without running a script), the patient's UTR after paying, and the receipt PDF.
import { appointmentRef, billSchema, errorSchema, fieldErrorsSchema, gatewayCheckoutSchema, gatewayPayBodySchema, languageQuerySchema, m, pdfBodySchema, svgBodySchema, utrSubmissionSchema } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { notFound } from '../../lib/errors.ts';
import { BILL_MISS_LIMIT, NO_BILL, readBill, receiptOf } from './service.ts';
import { countDownload, withinRenderBudget } from '../../documents/report-pdf.ts';
import { submitUtr } from '../payments/service.ts';
import { gatewayOf, startGatewayPayment } from '../payments/gateway-service.ts';
import { HttpError } from '../../lib/errors.ts';
import { appointmentLanguage } from '../reports/service.ts';

const params = z.object({ appointmentId: appointmentRef });

const RECEIPT_NOT_READY = m('billing.receipt_not_ready');

const shared = { params, response: { 404: errorSchema, 429: errorSchema } } as const;

export default async function billingRoutes(app: App): Promise<void> {
  const misses = missLimit(app, BILL_MISS_LIMIT);
  const deps = app.deps;

  /** the bill the path's key opens; a miss counts against the address and is one 404 whatever the key */
  async function billOf(request: FastifyRequest & { params: { appointmentId: string } }, language = messageLanguage(request)) {
    await misses.check(request);
    const bill = await readBill(deps.db, request.params.appointmentId, deps.now(), language, deps.config.gateway !== undefined);
    if (bill) return bill;
    await misses.miss(request);
    throw notFound(NO_BILL);
  }

  app.get('/billing/:appointmentId/', { schema: { ...shared, response: { 200: billSchema, ...shared.response } } }, async (request, reply) => {
    // Bills carry personal data: never kept by shared caches.
    reply.header('cache-control', 'private, no-store');
    return billOf(request);
  });

  app.get('/billing/:appointmentId/upi-qr.svg', { schema: { ...shared, response: { 200: svgBodySchema, ...shared.response } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const bill = await billOf(request);
    if (!bill.upi) throw notFound(m('billing.nothing_due'));
    const svg = await QRCode.toString(bill.upi.link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml').send(Buffer.from(svg));
  });

  app.post(
    '/billing/:appointmentId/utr/',
    { schema: { ...shared, body: utrSubmissionSchema, response: { 200: billSchema, 400: fieldErrorsSchema.or(errorSchema), ...shared.response } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await billOf(request);
      await submitUtr(deps, request.params.appointmentId, request.body.utr);
      return billOf(request);
    },
  );

  // Online payment (docs/payments-gateway.md): an order for what is due; the answer is the page that takes the payer to the gateway.
  app.post(
    '/billing/:appointmentId/pay/',
    { schema: { ...shared, body: gatewayPayBodySchema.optional(), response: { 200: gatewayCheckoutSchema, 400: fieldErrorsSchema.or(errorSchema), 503: errorSchema, ...shared.response } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await billOf(request);
      const gateway = gatewayOf(deps.config);
      if (!gateway) throw new HttpError(404, m('payments.gateway_off'));
      const path = await startGatewayPayment({ ...deps, gateway, publicUrl: deps.config.publicUrl }, request.params.appointmentId, request.body?.from ?? 'bill');
      return { checkout_path: path };
    },
  );

  const receiptSchema = { ...shared, querystring: languageQuerySchema, response: { 200: pdfBodySchema, 400: fieldErrorsSchema, 503: errorSchema, ...shared.response } };
  app.get('/billing/:appointmentId/receipt.pdf', { schema: receiptSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    // In the language of the booking, unless the reader asks for the other (?lang=, the page's language)
    const language = request.query.lang ?? (await appointmentLanguage(deps.db, request.params.appointmentId));
    const bill = await billOf(request, language);
    if (bill.payment_status !== 'paid') throw notFound(RECEIPT_NOT_READY);
    await countDownload(deps, request.ip);
    // Not kept (it changes with the payments), so each one is drawn: limited per address (decision 047).
    const pdf = await withinRenderBudget(deps, request.ip, () => receiptOf(deps.db, bill, language));
    if (!pdf) throw notFound(RECEIPT_NOT_READY);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${bill.invoice_no.replaceAll('/', '-')}.pdf"`)
      .send(pdf);
  });
}
