// A local stand-in for Razorpay's HTTP API, on loopback, for the gateway adapter's tests and for trying
// the flow with `npm run dev` (docs/payments-gateway.md): it plays Razorpay's test mode, which a lab uses
// with its own test keys. Orders (basic auth with the key id and secret), the hosted checkout page the
// payer's browser is posted to (Pay or Cancel; Pay posts the payer back to the callback URL with the
// payment signed as Razorpay signs it), payments, refunds, and the webhooks Razorpay sends, signed with
// the webhook secret over the raw body. Every request is recorded. Nothing leaves the machine.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** where webhooks go: a URL, or a function that posts them (an app's inject); none: no webhooks */
  webhookTarget?: WebhookTarget;
  /** refunds: processed a second later with their webhook ('auto'), or when the test says so ('manual', the default) */
  refunds?: 'auto' | 'manual';
  port?: number;
}

export type WebhookTarget = string | ((payload: string, headers: Record<string, string>) => Promise<{ statusCode: number; body?: string }>);

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  amount_refunded: number;
  captured: boolean;
  email: string;
  contact: string;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeRazorpay {
  /** in place of https://api.razorpay.com */
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: Array<{ method: string; path: string }>;
  /** every call answers 503 while set (the gateway down) */
  down: boolean;
  /** webhooks are not sent while set (lost webhooks) */
  dropWebhooks: boolean;
  /** while set, a refund is processed and its webhook sent before the refund call is answered (the webhook overtakes the lab's record of the refund) */
  refundsOvertake: boolean;
  webhookTarget: WebhookTarget | undefined;
  /** a captured payment of an order (its amount unless told otherwise) and the fields the payer's browser posts back */
  pay(orderId: string, options?: { amount?: number; currency?: string }): { payment: FakePayment; callback: Record<string, string> };
  /** the signed events of a payment as Razorpay sends them */
  paymentEvents(paymentId: string): string[];
  /** posts an event body, signed with the webhook secret (or with `secret`, to test a bad one) */
  postWebhook(body: string, secret?: string): Promise<{ statusCode: number; body?: string }>;
  /** a refund's outcome, with its webhook */
  settleRefund(refundId: string, status: 'processed' | 'failed'): Promise<void>;
  close(): Promise<void>;
}

export const razorpaySign = (secret: string, data: string): string => createHmac('sha256', secret).update(data).digest('hex');

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const nowSec = () => Math.floor(Date.now() / 1000);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeRazorpay(options: FakeRazorpayOptions): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeRazorpay['requests'] = [];
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const event = (name: string, entities: Record<string, object>) =>
    JSON.stringify({ entity: 'event', account_id: 'acc_FakeLab000001', event: name, contains: Object.keys(entities), payload: Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: v }])), created_at: nowSec() });

  async function postWebhook(body: string, secret = options.webhookSecret) {
    const target = fake.webhookTarget;
    if (!target) return { statusCode: 0 };
    const headers = { 'content-type': 'application/json', 'x-razorpay-signature': razorpaySign(secret, body), 'x-razorpay-event-id': id('evt') };
    if (typeof target === 'function') return target(body, headers);
    const res = await fetch(target, { method: 'POST', headers, body });
    return { statusCode: res.status, body: await res.text() };
  }

  async function send(bodies: string[]) {
    if (fake.dropWebhooks) return;
    for (const body of bodies) await postWebhook(body);
  }

  function pay(orderId: string, opts: { amount?: number; currency?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      amount: opts.amount ?? order.amount,
      currency: opts.currency ?? order.currency,
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      amount_refunded: 0,
      captured: true,
      email: 'payer@example.com',
      contact: '+919800000000',
      created_at: nowSec(),
    };
    payments.set(payment.id, payment);
    order.attempts++;
    order.amount_paid += payment.amount;
    order.amount_due = Math.max(0, order.amount - order.amount_paid);
    order.status = order.amount_due === 0 ? 'paid' : 'attempted';
    return { payment, callback: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: razorpaySign(options.keySecret, `${orderId}|${payment.id}`) } };
  }

  function paymentEvents(paymentId: string): string[] {
    const payment = payments.get(paymentId)!;
    const order = orders.get(payment.order_id)!;
    return [event('payment.captured', { payment }), event('order.paid', { payment, order })];
  }

  async function settleRefund(refundId: string, status: 'processed' | 'failed') {
    const refund = refunds.get(refundId)!;
    refund.status = status;
    const payment = payments.get(refund.payment_id)!;
    if (status === 'failed') payment.amount_refunded -= refund.amount;
    await send([event(`refund.${status}`, { refund, payment })]);
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, description: string) => json(res, status, { error: { code, description, source: 'business', step: 'NA', reason: 'input_validation_failed' } });
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Razorpay test checkout (local fake)</title></head><body style="font-family:sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem">${body}</body></html>`);
  };
  const autoPost = (action: string, fields: Record<string, string>, label: string) =>
    `<form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('')}<button type="submit">${escapeHtml(label)}</button></form>`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    requests.push({ method: req.method ?? '', path });
    const raw = await readBody(req);
    if (fake.down) return error(res, 503, 'SERVER_ERROR', 'The server is down (fake)');

    // The hosted checkout: the browser's form post, then the payer's choice.
    if (req.method === 'POST' && path === '/v1/checkout/embedded') {
      const form = new URLSearchParams(raw);
      const order = orders.get(form.get('order_id') ?? '');
      if (form.get('key_id') !== options.keyId || !order) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const callback = form.get('callback_url') ?? '';
      const cancel = form.get('cancel_url') ?? '';
      return html(
        res,
        `<h1>Razorpay test mode (local fake)</h1><p>${escapeHtml(form.get('name') ?? '')}: ${escapeHtml(form.get('description') ?? '')}</p><p>Amount: Rs <strong>${(order.amount / 100).toFixed(2)}</strong></p>` +
          autoPost(`/v1/checkout/embedded/pay`, { order_id: order.id, callback_url: callback }, 'Pay (test success)') +
          autoPost(`/v1/checkout/embedded/fail`, { order_id: order.id, callback_url: callback }, 'Fail (test failure)') +
          (cancel ? `<p><a href="${escapeHtml(cancel)}">Cancel</a></p>` : ''),
      );
    }
    if (req.method === 'POST' && (path === '/v1/checkout/embedded/pay' || path === '/v1/checkout/embedded/fail')) {
      const form = new URLSearchParams(raw);
      const orderId = form.get('order_id') ?? '';
      if (!orders.has(orderId)) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const callbackUrl = form.get('callback_url') ?? '';
      let fields: Record<string, string>;
      if (path.endsWith('/pay')) {
        const { payment, callback } = pay(orderId);
        fields = callback;
        void send(paymentEvents(payment.id)).catch(() => undefined);
      } else {
        fields = { 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment failed', 'error[source]': 'customer', 'error[step]': 'payment_authentication', 'error[reason]': 'payment_failed', 'error[metadata]': JSON.stringify({ order_id: orderId, payment_id: id('pay') }) };
      }
      return html(res, `<p>Returning to the merchant…</p>${autoPost(callbackUrl, fields, 'Return to the merchant')}<script>document.forms[0].submit()</script>`);
    }

    if (req.headers.authorization !== auth) return error(res, 401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return error(res, 400, 'BAD_REQUEST_ERROR', 'invalid JSON');
    }
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/orders') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return error(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
      if (body.currency !== 'INR') return error(res, 400, 'BAD_REQUEST_ERROR', 'Currency is not supported');
      if (typeof body.receipt === 'string' && body.receipt.length > 40) return error(res, 400, 'BAD_REQUEST_ERROR', 'receipt: the length must be no more than 40.');
      const order: FakeOrder = { id: id('order'), entity: 'order', amount, amount_paid: 0, amount_due: amount, currency: 'INR', receipt: String(body.receipt ?? ''), status: 'created', attempts: 0, notes: (body.notes ?? {}) as Record<string, string>, created_at: nowSec() };
      orders.set(order.id, order);
      return json(res, 200, order);
    }
    if (req.method === 'GET' && (m = /^\/v1\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]!));
      return order ? json(res, 200, order) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      const orderId = decodeURIComponent(m[1]!);
      if (!orders.has(orderId)) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === orderId);
      return json(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      return payment ? json(res, 200, payment) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      if (!payment) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > payment.amount - payment.amount_refunded) return error(res, 400, 'BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured');
      const refund: FakeRefund = { id: id('rfnd'), entity: 'refund', amount, currency: payment.currency, payment_id: payment.id, status: 'pending', notes: (body.notes ?? {}) as Record<string, string>, created_at: nowSec() };
      refunds.set(refund.id, refund);
      payment.amount_refunded += amount;
      if (fake.refundsOvertake) {
        const answer = { ...refund };
        await settleRefund(refund.id, 'processed');
        return json(res, 200, answer);
      }
      json(res, 200, refund);
      // as the gateway does, some time after the refund's answer (its webhook never overtakes the answer the lab records)
      if (options.refunds === 'auto') setTimeout(() => void settleRefund(refund.id, 'processed').catch(() => undefined), 1000);
      return;
    }
    return error(res, 404, 'NOT_FOUND', 'The requested URL was not found on the server.');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) error(res, 500, 'SERVER_ERROR', 'fake failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeRazorpay = {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    refunds,
    requests,
    down: false,
    dropWebhooks: false,
    refundsOvertake: false,
    webhookTarget: options.webhookTarget,
    pay,
    paymentEvents,
    postWebhook,
    settleRefund,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** the keys tests and `npm run dev` give both the fake and the app */
export const RAZORPAY_TEST = { keyId: 'rzp_test_FakeLab0001', keySecret: 'fake-key-secret-0123456789', webhookSecret: 'fake-webhook-secret-0123456789' };

/** the app's environment pointing its Razorpay adapter at a fake */
export const razorpayEnv = (fake: { url: string }) => ({
  RAZORPAY_KEY_ID: RAZORPAY_TEST.keyId,
  RAZORPAY_KEY_SECRET: RAZORPAY_TEST.keySecret,
  RAZORPAY_WEBHOOK_SECRET: RAZORPAY_TEST.webhookSecret,
  RAZORPAY_API_URL: fake.url,
});
