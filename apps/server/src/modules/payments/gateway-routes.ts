// HTTP of online payment through the gateway (docs/payments-gateway.md, decision 058), in a plugin
// of its own because the gateway signs bytes as sent: here (and only here: Fastify scopes a
// content-type parser to the plugin that adds it) bodies are kept raw. The page that takes a payer
// on to the gateway's hosted page (a plain form post, no gateway script: its CSP lets the form go to
// the gateway alone), the payer's return (verified by its signature, then a 303 to the bill), the
// gateway's webhooks (X-Razorpay-Signature over the raw body; 401 and nothing changes when it is
// wrong), and the reconciliation job's timer.
import { createHash } from 'node:crypto';
import { appointmentRef, errorSchema, m, sayIn } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/service.ts';
import { recordAudit } from '../audit/record.ts';
import { GatewayUnavailable } from './gateway/gateway.ts';
import { toPayment, toRefund } from './gateway/razorpay.ts';
import { applyRefundEvent, billKeyOfOrder, checkoutForm, gatewayOf, type GatewayDeps, reconcileOpenOrders, returnPath, settleGatewayPayment } from './gateway-service.ts';

/** a Razorpay webhook is a few KB; this bounds what is read before the signature is checked */
const BODY_LIMIT = 64 * 1024;
/** how often the open orders are looked at (each is asked about once it is half an hour old) */
const RECONCILE_EVERY_MS = 5 * 60_000;

const received = z.object({ received: z.literal(true) });
const idText = z.string().max(64).regex(/^[A-Za-z0-9_]+$/);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Json = Record<string, unknown>;
const entityOf = (payload: unknown, name: string): Json | null => {
  const holder = (payload as Json | undefined)?.[name] as Json | undefined;
  const entity = holder?.entity;
  return entity && typeof entity === 'object' ? (entity as Json) : null;
};

export default async function gatewayRoutes(app: App): Promise<void> {
  const gateway = gatewayOf(app.deps.config);
  if (!gateway) return;
  const deps: GatewayDeps = { ...app.deps, gateway, publicUrl: app.deps.config.publicUrl };
  const misses = missLimit(app, BILL_MISS_LIMIT);
  const gatewayOrigin = new URL(app.deps.config.gateway!.apiUrl).origin;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const config = { ignoresBearer: true };

  // The page between the bill and the gateway: the order's form, sent on by a one-line script of our
  // own (allowed by its hash) or by its button when scripts are off.
  app.get(
    '/billing/:appointmentId/checkout/:orderId',
    { config, schema: { params: z.object({ appointmentId: appointmentRef, orderId: idText }), response: { 200: z.any(), 404: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      await misses.check(request);
      const found = await checkoutForm(deps, request.params.appointmentId, request.params.orderId);
      if (!found) {
        await misses.miss(request);
        throw notFound(m('billing.no_bill'));
      }
      const language = messageLanguage(request);
      const say = (code: Parameters<typeof m>[0], values?: Parameters<typeof m>[1]) => escapeHtml(sayIn(language, m(code, values)));
      const inputs = Object.entries(found.form.fields)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      const script = 'document.forms[0].submit()';
      const hash = createHash('sha256').update(script).digest('base64');
      const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${say('payments.checkout.title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">${say('payments.checkout.title')}</h1><p>${say('payments.checkout.note')}</p><form method="post" action="${escapeHtml(found.form.action)}">${inputs}<button type="submit" style="font-size:1rem;padding:.75rem 1.25rem">${say('payments.checkout.continue', { rupees: (found.amountPaise / 100).toFixed(2) })}</button></form><script>${script}</script></body></html>`;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; form-action ${gatewayOrigin}; base-uri 'none'; frame-ancestors 'none'`)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  // The payer's return: the gateway posts the form here. Whatever happened, the payer lands on the bill,
  // which says how it went; only a verified signature, and the payment as the gateway keeps it, record anything.
  app.post('/payments/gateway/callback', { config, bodyLimit: BODY_LIMIT, schema: { response: { 303: z.any(), 400: errorSchema, 404: errorSchema } } }, async (request, reply) => {
    const form = new URLSearchParams(raw(request.body).toString('utf8'));
    let orderId = form.get('razorpay_order_id') ?? '';
    const paymentId = form.get('razorpay_payment_id') ?? '';
    const failed = form.get('error[code]') !== null;
    if (failed && !orderId) {
      try {
        const meta = JSON.parse(form.get('error[metadata]') ?? '{}') as Json;
        orderId = typeof meta.order_id === 'string' ? meta.order_id : '';
      } catch {
        orderId = '';
      }
    }
    if (!idText.safeParse(orderId).success) throw badRequest(m('payments.callback_invalid'));
    const key = await billKeyOfOrder(deps.db, orderId);
    if (!key) throw notFound(m('billing.no_bill'));
    const go = (outcome: string) => reply.redirect(returnPath(key, outcome), 303);
    if (failed) return go('failed');
    if (!idText.safeParse(paymentId).success || !gateway.verifyCallback(orderId, paymentId, form.get('razorpay_signature') ?? '')) {
      const order = await deps.db.selectFrom('gateway_orders').select('bill_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
      await deps.db.transaction().execute((trx) =>
        recordAudit(trx, { actorUserId: null, entity: 'bill', entityId: order.bill_id, action: 'gateway-callback-refused', before: null, after: { order_id: orderId, reason: 'signature' } }),
      );
      return go('invalid');
    }
    let payment;
    try {
      payment = await gateway.fetchPayment(paymentId);
    } catch (err) {
      // the webhook or the reconciliation will record it
      if (err instanceof GatewayUnavailable) return go('processing');
      throw err;
    }
    if (payment.orderId !== orderId) return go('invalid');
    const outcome = await settleGatewayPayment(deps, payment, 'callback');
    if (outcome === 'not-captured' || outcome === 'unknown') return go('processing');
    const row = await deps.db.selectFrom('payments').select('reason').where('gateway_id', '=', paymentId).executeTakeFirst();
    return go(row?.reason ? 'problem' : 'paid');
  });

  app.post('/payments/gateway/webhook', { config, bodyLimit: BODY_LIMIT, schema: { response: { 200: received, 400: errorSchema, 401: errorSchema } } }, async (request) => {
    const body = raw(request.body);
    if (!gateway.verifyWebhook(body, request.headers['x-razorpay-signature'] as string | undefined)) throw unauthorized(m('payments.webhook_signature'));
    let event: Json;
    try {
      event = JSON.parse(body.toString('utf8')) as Json;
    } catch {
      throw badRequest(m('payments.webhook_body'));
    }
    const payload = event.payload;
    switch (event.event) {
      case 'payment.captured':
      case 'order.paid': {
        const p = entityOf(payload, 'payment');
        if (p) await settleGatewayPayment(deps, toPayment(p), 'webhook');
        break;
      }
      case 'refund.processed':
      case 'refund.failed': {
        const r = entityOf(payload, 'refund');
        if (r) await applyRefundEvent(deps, toRefund(r));
        break;
      }
      default:
        // payment.failed and the rest: the order stays open; the payer may try again
        break;
    }
    return { received: true as const };
  });

  const timer = setInterval(() => {
    reconcileOpenOrders(deps).catch((err: unknown) => app.log.error({ err }, 'payments: the reconciliation of open orders failed'));
  }, RECONCILE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
