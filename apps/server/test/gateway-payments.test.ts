// Online payment through the gateway (docs/payments-gateway.md), the real Razorpay adapter against the
// local fake of Razorpay's API: pay now and pay a bill (callback, then webhook), a membership's fee,
// wrong amount and a cancelled booking (recorded, given back), duplicate and out-of-order events,
// forged signatures, the gateway down, staff refunds full and partial (pending, then processed by the
// webhook), and the reconciliation of a lost webhook. SQLite and PostgreSQL.
import { billSchema, type Bill } from '@lab/contract';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { OutboxFile } from '../src/modules/messaging/channels/outbox.ts';
import { makeCancelToken } from '../src/modules/cancel-links/token.ts';
import { reconcileOpenOrders, RECONCILE_AFTER_MS, gatewayOf } from '../src/modules/payments/gateway-service.ts';
import { type FakeRazorpay, razorpayEnv, razorpaySign, RAZORPAY_TEST, startFakeRazorpay } from './fakes/razorpay.ts';
import { bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

describe('online payment through the gateway', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let desk: StaffAccount;
  let price: number;
  let testId: number;

  beforeAll(async () => {
    fake = await startFakeRazorpay({ ...RAZORPAY_TEST });
    t = await makeApp({ RATE_LIMITS: 'off', ...razorpayEnv(fake) });
    fake.webhookTarget = async (payload, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/gateway/webhook', headers, payload });
      return { statusCode: res.statusCode, body: res.body };
    };
    desk = await createStaff(t.app, 'reception');
    const first = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0];
    testId = first.id;
    price = first.price;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const bill = async (key: string): Promise<Bill> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/${key}/` });
    expect(res.statusCode).toBe(200);
    return billSchema.parse(res.json());
  };
  const billId = async (key: string) => (await t.app.deps.db.selectFrom('bills').select('id').where((eb) => eb.or([eb('appointment_id', '=', key), eb('access_key', '=', key)])).executeTakeFirstOrThrow()).id;
  const gatewayRows = async (key: string) =>
    t.app.deps.db.selectFrom('payments').select(['kind', 'amount_paise', 'status', 'gateway_id', 'reason']).where('bill_id', '=', await billId(key)).where('mode', '=', 'gateway').orderBy('id').execute();
  const audit = async (key: string) =>
    (await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'bill').where('entity_id', '=', String(await billId(key))).orderBy('id').execute()).map((a) => a.action);
  const staff = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/staff${url}`, headers: bearer(desk), ...(payload ? { payload } : {}) });

  /** "Pay" on the bill: the checkout page's path, and the order it is for */
  async function startPay(key: string, from: 'bill' | 'confirmation' = 'bill') {
    const res = await t.app.inject({ method: 'POST', url: `/api/billing/${key}/pay/`, payload: { from } });
    expect(res.statusCode, res.body).toBe(200);
    const path: string = res.json().checkout_path;
    const orderId = decodeURIComponent(path.split('/').pop()!);
    return { path, orderId };
  }
  const callback = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/gateway/callback', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const sendEvents = async (paymentId: string) => {
    for (const body of fake.paymentEvents(paymentId)) expect((await fake.postWebhook(body)).statusCode).toBe(200);
  };

  /** a patient's booking paid online, its webhooks delivered; cancelled by the patient (no refund chosen) when told */
  async function paidBooking({ cancelled }: { cancelled: boolean }) {
    const patient = await createUser(t.app);
    const key = await book(t.app, { tests: [testId] }, patient);
    const { orderId } = await startPay(key);
    const { payment } = fake.pay(orderId);
    await sendEvents(payment.id);
    if (cancelled) expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${key}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    return { patient, key, payment, orderId };
  }

  it('pays now after booking: the checkout page posts to the hosted page, the signed return marks the bill paid, the webhook after it changes nothing', async () => {
    const key = await book(t.app, { tests: [testId] });
    expect(await bill(key)).toMatchObject({ online: true, payment_status: 'unpaid' });
    const { path, orderId } = await startPay(key, 'confirmation');
    expect(fake.orders.get(orderId)).toMatchObject({ amount: Math.round(price * 100), currency: 'INR', receipt: (await bill(key)).invoice_no });

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`form-action ${fake.url}`);
    expect(page.body).toContain(`action="${fake.url}/v1/checkout/embedded"`);
    expect(page.body).toContain(`name="order_id" value="${orderId}"`);
    expect(page.body).toContain('name="callback_url" value="http://lab.test/api/payments/gateway/callback"');
    // the hosted page accepts what the checkout page posts
    const form = new URLSearchParams([...page.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!.replaceAll('&#91;', '[').replaceAll('&#93;', ']'), m[2]!.replaceAll('&#64;', '@')]));
    const hosted = await fetch(`${fake.url}/v1/checkout/embedded`, { method: 'POST', body: form });
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain(`Rs <strong>${price.toFixed(2)}</strong>`);

    const { payment, callback: fields } = fake.pay(orderId);
    const back = await callback(fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/bill/${key}?payment=paid`);
    expect(await bill(key)).toMatchObject({ payment_status: 'paid', amount_due: 0, amount_paid: price, online: false, is_paid: true });

    await sendEvents(payment.id);
    expect((await callback(fields)).headers.location).toBe(`/bill/${key}?payment=paid`);
    expect(await gatewayRows(key)).toEqual([{ kind: 'payment', amount_paise: Math.round(price * 100), status: 'confirmed', gateway_id: payment.id, reason: null }]);
    expect(await audit(key)).toEqual(['gateway-order', 'gateway-payment']);
  });

  it('pays a bill by the webhook first (the payer never came back); the late return changes nothing', async () => {
    const key = await book(t.app, { tests: [testId] });
    const { orderId } = await startPay(key);
    const { payment, callback: fields } = fake.pay(orderId);
    // out of order: order.paid before payment.captured
    const [captured, orderPaid] = fake.paymentEvents(payment.id);
    expect((await fake.postWebhook(orderPaid!)).statusCode).toBe(200);
    expect((await fake.postWebhook(captured!)).statusCode).toBe(200);
    expect((await fake.postWebhook(orderPaid!)).statusCode).toBe(200);
    expect(await bill(key)).toMatchObject({ payment_status: 'paid' });
    expect((await callback(fields)).headers.location).toBe(`/bill/${key}?payment=paid`);
    expect(await gatewayRows(key)).toHaveLength(1);
    expect(await audit(key)).toEqual(['gateway-order', 'gateway-payment']);
  });

  it('refuses forged signatures: a webhook answers 401 and changes nothing; a forged return leaves the bill unpaid and says why', async () => {
    const key = await book(t.app, { tests: [testId] });
    const { orderId } = await startPay(key);
    const { payment, callback: fields } = fake.pay(orderId);
    const [captured] = fake.paymentEvents(payment.id);
    const forged = await fake.postWebhook(captured!, 'not-the-webhook-secret');
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body!)).toEqual({ error: "The webhook's signature is not valid." });
    const altered = captured!.replace(`"amount":${Math.round(price * 100)}`, '"amount":100');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/gateway/webhook', headers: { 'content-type': 'application/json', 'x-razorpay-signature': razorpaySign(RAZORPAY_TEST.webhookSecret, captured!) }, payload: altered })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/gateway/webhook', headers: { 'content-type': 'application/json' }, payload: captured! })).statusCode).toBe(401);

    const signedWithWrongKey = { ...fields, razorpay_signature: razorpaySign('someone-elses-secret', `${orderId}|${payment.id}`) };
    expect((await callback(signedWithWrongKey)).headers.location).toBe(`/bill/${key}?payment=invalid`);
    const otherPayment = { ...fields, razorpay_payment_id: 'pay_SomeoneElse001' };
    expect((await callback(otherPayment)).headers.location).toBe(`/bill/${key}?payment=invalid`);
    expect(await bill(key)).toMatchObject({ payment_status: 'unpaid', amount_due: price });
    expect(await gatewayRows(key)).toEqual([]);
    expect(await audit(key)).toEqual(['gateway-order', 'gateway-callback-refused', 'gateway-callback-refused']);
    // a failed payment at the gateway brings the payer back to say so
    expect((await callback({ 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment failed', 'error[metadata]': JSON.stringify({ order_id: orderId, payment_id: 'pay_Failed000001' }) })).headers.location).toBe(`/bill/${key}?payment=failed`);
    expect((await callback({ razorpay_order_id: 'order_\u0000bad' })).statusCode).toBe(400);
    expect((await callback({ razorpay_order_id: 'order_NotOurs0000001', razorpay_payment_id: payment.id, razorpay_signature: 'x' })).statusCode).toBe(404);
  });

  it('records a payment of another amount, and one for a cancelled booking, and gives each back through the gateway', async () => {
    const key = await book(t.app, { tests: [testId] });
    const { orderId } = await startPay(key);
    const { payment } = fake.pay(orderId, { amount: 100 });
    await sendEvents(payment.id);
    expect(await gatewayRows(key)).toEqual([
      { kind: 'payment', amount_paise: 100, status: 'confirmed', gateway_id: payment.id, reason: 'amount differs from the order' },
      { kind: 'refund', amount_paise: 100, status: 'pending', gateway_id: [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!.id, reason: 'amount differs from the order' },
    ]);
    expect(await bill(key)).toMatchObject({ refund_pending: 1 });
    expect(await audit(key)).toEqual(['gateway-order', 'gateway-payment-misfit', 'gateway-refund']);

    const patient = await createUser(t.app);
    const cancelledKey = await book(t.app, { tests: [testId] }, patient);
    const second = await startPay(cancelledKey);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${cancelledKey}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    const late = fake.pay(second.orderId);
    expect((await callback(late.callback)).headers.location).toBe(`/bill/${cancelledKey}?payment=problem`);
    expect(await bill(cancelledKey)).toMatchObject({ payment_status: 'refund_owed', refund_pending: price });
    const refund = [...fake.refunds.values()].find((r) => r.payment_id === late.payment.id)!;
    expect(refund.amount).toBe(Math.round(price * 100));
    await fake.settleRefund(refund.id, 'processed');
    expect(await bill(cancelledKey)).toMatchObject({ payment_status: 'refunded', refund_pending: 0, refunded: price, refund_owed: 0 });
  });

  it('says "try again or pay by UPI" when the gateway is down, and writes nothing', async () => {
    const key = await book(t.app, { tests: [testId] });
    fake.down = true;
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/billing/${key}/pay/?lang=hi`, payload: {} });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'ऑनलाइन भुगतान शुरू नहीं हो सका। फिर से कोशिश करें, या UPI से भुगतान करें।' });
    } finally {
      fake.down = false;
    }
    expect(await t.app.deps.db.selectFrom('gateway_orders').select('id').where('bill_id', '=', await billId(key)).execute()).toEqual([]);
    expect(await bill(key)).toMatchObject({ payment_status: 'unpaid', online: true });
    const bad = await t.app.inject({ method: 'POST', url: `/api/billing/${key}/pay/`, payload: { from: 'elsewhere' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toContain('from');
  });

  it('refunds through the gateway in part with a reason, then the rest: pending until the webhook says processed; a failed refund is owed again', async () => {
    const patient = await createUser(t.app);
    const key = await book(t.app, { tests: [testId] }, patient);
    const { orderId } = await startPay(key);
    await callback(fake.pay(orderId).callback);
    const id = await billId(key);
    expect((await staff(`/bills/${id}/gateway-refunds`, { reason: 'not owed' })).json()).toEqual({ error: 'No refund is owed on this bill.' });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${key}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    expect((await staff(`/bills/${id}/gateway-refunds`, { amount: 1 })).json()).toHaveProperty('reason');
    expect((await staff(`/bills/${id}/gateway-refunds`, { amount: price + 1, reason: 'too much' })).statusCode).toBe(400);

    const half = Math.round(price * 50) / 100;
    const first = await staff(`/bills/${id}/gateway-refunds`, { amount: half, reason: 'half now, half after the review' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await bill(key)).toMatchObject({ payment_status: 'refund_owed', refund_pending: half, refunded: 0 });
    const [r1] = [...fake.refunds.values()].filter((r) => r.amount === Math.round(half * 100)).slice(-1);
    await fake.settleRefund(r1!.id, 'processed');
    await fake.settleRefund(r1!.id, 'processed');
    expect(await bill(key)).toMatchObject({ payment_status: 'refund_owed', refund_pending: 0, refunded: half, refund_owed: Math.round((price - half) * 100) / 100 });

    const rest = await staff(`/bills/${id}/gateway-refunds`, { reason: 'the rest' });
    expect(rest.json()).toMatchObject({ refund_owed: Math.round((price - half) * 100) / 100 });
    const r2 = [...fake.refunds.values()].at(-1)!;
    await fake.settleRefund(r2.id, 'failed');
    expect(await bill(key)).toMatchObject({ payment_status: 'refund_owed', refund_pending: 0 });
    const again = await staff(`/bills/${id}/gateway-refunds`, { reason: 'the rest, again' });
    expect(again.statusCode, again.body).toBe(200);
    await fake.settleRefund([...fake.refunds.values()].at(-1)!.id, 'processed');
    expect(await bill(key)).toMatchObject({ payment_status: 'refunded', refunded: price, refund_owed: 0 });
    expect((await audit(key)).filter((a) => a.startsWith('gateway-refund'))).toEqual(['gateway-refund', 'gateway-refund-processed', 'gateway-refund', 'gateway-refund-failed', 'gateway-refund', 'gateway-refund-processed']);
  });

  it("keeps a refund's webhook that overtakes the refund's record, and applies it when the refund is recorded; a replay changes nothing", async () => {
    const { key, payment } = await paidBooking({ cancelled: true });
    const id = await billId(key);
    const answers: number[] = [];
    const target = fake.webhookTarget;
    fake.webhookTarget = async (payload, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/gateway/webhook', headers, payload });
      answers.push(res.statusCode);
      return { statusCode: res.statusCode, body: res.body };
    };
    fake.refundsOvertake = true;
    try {
      const res = await staff(`/bills/${id}/gateway-refunds`, { reason: 'cancelled' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      fake.refundsOvertake = false;
      fake.webhookTarget = target;
    }
    expect(answers).toEqual([200]);
    expect(await bill(key)).toMatchObject({ payment_status: 'refunded', refund_pending: 0, refunded: price, refund_owed: 0 });
    const refund = [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
    await fake.settleRefund(refund.id, 'processed');
    expect(await gatewayRows(key)).toEqual([
      { kind: 'payment', amount_paise: Math.round(price * 100), status: 'confirmed', gateway_id: payment.id, reason: null },
      { kind: 'refund', amount_paise: Math.round(price * 100), status: 'confirmed', gateway_id: refund.id, reason: 'cancelled' },
    ]);
    expect((await audit(key)).filter((a) => a.startsWith('gateway-refund'))).toEqual(['gateway-refund', 'gateway-refund-processed']);
    expect(await t.app.deps.db.selectFrom('gateway_early_refunds').select('id').where('refund_id', '=', refund.id).execute()).toEqual([]);
    // a refund of a payment that is not ours is not kept
    const stranger = JSON.stringify({ entity: 'event', event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_NotOurs000001', entity: 'refund', amount: 100, currency: 'INR', payment_id: 'pay_NotOurs000001', status: 'processed' } } } });
    expect((await fake.postWebhook(stranger)).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('gateway_early_refunds').select('id').where('refund_id', '=', 'rfnd_NotOurs000001').execute()).toEqual([]);
  });

  it("sends a bill's payment link (/pay/{id}) from the console by e-mail and the booking's phone channels, in the booking's language; a home collection's booking sends it by itself", async () => {
    const jobs = (key: string) => t.app.deps.db.selectFrom('mail_jobs').select(['channel', 'recipient']).where('appointment_id', '=', key).where('kind', '=', 'payment-request').orderBy('id').execute();
    // the phone messages as the outbox has them (no provider configured), and the e-mails as sent
    const phoneMessages = async (key: string): Promise<OutboxFile[]> => {
      const dir = t.app.deps.config.channelOutboxDir;
      const files = await Promise.all((await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxFile));
      return files.filter((f) => f.kind === 'payment-request' && f.buttonUrlSuffix === key);
    };
    const key = await book(t.app, { tests: [testId], channels: ['email', 'sms'], language: 'hi' });
    const id = await billId(key);
    t.mail.length = 0;
    const sent = await staff(`/bills/${id}/payment-link`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: ['email', 'sms'] });
    expect(await jobs(key)).toEqual([
      { channel: 'email', recipient: 'ravi@example.com' },
      { channel: 'sms', recipient: '+919876543210' },
    ]);
    const [mail] = t.mail.filter((mm) => mm.text.includes(`http://lab.test/pay/${key}`));
    expect(mail?.subject).toMatch(/[\u0900-\u097f]/);
    await expect.poll(() => phoneMessages(key)).toHaveLength(1);
    const [sms] = await phoneMessages(key);
    expect(sms).toMatchObject({ channel: 'sms', to: '+919876543210', language: 'hi', variables: [`Rs ${price.toFixed(2)}`, expect.any(String)] });
    expect(sms!.text).toContain(`http://lab.test/pay/${key}`);
    expect(await audit(key)).toEqual(['payment-link-sent']);

    // nothing due, or the booking cancelled: nothing is sent
    const { orderId } = await startPay(key);
    await callback(fake.pay(orderId).callback);
    const paid = await staff(`/bills/${id}/payment-link`);
    expect(paid.statusCode).toBe(400);
    expect(await jobs(key)).toHaveLength(2);
    const patient = await createUser(t.app);
    const other = await book(t.app, { tests: [testId] }, patient);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${other}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    const refused = await staff(`/bills/${await billId(other)}/payment-link`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'This booking is cancelled: no payment link is sent.' });
    expect(await jobs(other)).toEqual([]);

    // a home collection's booking sends the link on its phone channels with its confirmation
    const home = await book(t.app, { tests: [testId], channels: ['email', 'sms'], home_sample: true, address: '7 Residency Road, Jaipur 302001' });
    expect(await jobs(home)).toEqual([{ channel: 'sms', recipient: '+919876543210' }]);
    await expect.poll(() => phoneMessages(home)).toHaveLength(1);
    // the run sheet says unpaid, then paid once the link is paid
    const { date } = await t.app.deps.db.selectFrom('appointments').select('date').where('id', '=', home).executeTakeFirstOrThrow();
    const sheet = async () => ((await t.app.inject({ method: 'GET', url: `/api/staff/home-visits?date=${date}`, headers: bearer(desk) })).json().visits as { id: string; payment_status: string }[]).find((v) => v.id === home);
    expect(await sheet()).toMatchObject({ payment_status: 'unpaid', amount_due: price });
    const homeOrder = await startPay(home);
    await callback(fake.pay(homeOrder.orderId).callback);
    expect(await sheet()).toMatchObject({ payment_status: 'paid', amount_due: 0 });
    // a visit at the lab is paid at the desk: no link by itself
    const atLab = await book(t.app, { tests: [testId], channels: ['email', 'sms'] });
    expect(await jobs(atLab)).toEqual([]);
  });

  it("gives a payment made online back through the gateway when the patient's cancel step asks for it; a bad choice is refused naming the field", async () => {
    const { patient, key, payment } = await paidBooking({ cancelled: false });
    const cancel = (payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/appointments/${key}/cancel/`, headers: bearer(patient), payload: payload as object });
    const bad = await cancel({ refund_online: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['refund_online']);
    expect((await bill(key)).payment_status).toBe('paid');
    const res = await cancel({ refund_online: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bill(key)).toMatchObject({ payment_status: 'refund_owed', refund_pending: price, refunded: 0 });
    const refund = [...fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
    expect(refund.amount).toBe(Math.round(price * 100));
    await fake.settleRefund(refund.id, 'processed');
    expect(await bill(key)).toMatchObject({ payment_status: 'refunded', refunded: price, refund_owed: 0 });
    const refundAudit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity', '=', 'bill').where('entity_id', '=', String(await billId(key))).where('action', '=', 'gateway-refund').executeTakeFirstOrThrow();
    expect(refundAudit.actor_user_id).toBe(patient.id);
  });

  it("offers the refund on the reminder's cancel link of a booking paid online, and gives it back through the gateway when chosen", async () => {
    const { key, payment } = await paidBooking({ cancelled: false });
    const visit = await t.app.deps.db.selectFrom('appointments').select(['id', 'date', 'time']).where('id', '=', key).executeTakeFirstOrThrow();
    const url = `/api/cancel-links/${makeCancelToken(t.app.deps.config.jwtSecret, visit)}/`;
    expect((await t.app.inject({ method: 'GET', url })).json()).toMatchObject({ refusal: null, refundable_online: price });
    const res = await t.app.inject({ method: 'POST', url, payload: { refund_online: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundable_online: 0 });
    expect(await bill(key)).toMatchObject({ payment_status: 'refund_owed', refund_pending: price });
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id).map((r) => r.amount)).toEqual([Math.round(price * 100)]);
  });

  it('settles an order whose webhook never came, once it is half an hour old', async () => {
    const key = await book(t.app, { tests: [testId] });
    const { orderId } = await startPay(key);
    fake.dropWebhooks = true;
    try {
      fake.pay(orderId);
    } finally {
      fake.dropWebhooks = false;
    }
    const deps = { ...t.app.deps, gateway: gatewayOf(t.app.deps.config)!, publicUrl: 'http://lab.test' };
    const before = await reconcileOpenOrders(deps);
    expect(before.settled).toBe(0);
    expect(await bill(key)).toMatchObject({ payment_status: 'unpaid' });
    const later = { ...deps, now: () => new Date(Date.now() + RECONCILE_AFTER_MS + 60_000) };
    const run = await reconcileOpenOrders(later);
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect(await bill(key)).toMatchObject({ payment_status: 'paid' });
    expect(await audit(key)).toEqual(['gateway-order', 'gateway-payment']);
    // run again (another process): nothing twice
    await reconcileOpenOrders(later);
    expect(await gatewayRows(key)).toHaveLength(1);
  });

  it('matches a settlement file line by line to payments and refunds, and lists the lines that match nothing', async () => {
    const { key, payment, orderId } = await paidBooking({ cancelled: true });
    expect((await staff(`/bills/${await billId(key)}/gateway-refunds`, { amount: 100, reason: 'part' })).statusCode).toBe(200);
    const refund = [...fake.refunds.values()].at(-1)!;
    const rupees = (price as number).toFixed(2);
    const csv = [
      'entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,description,notes,payment_id,settlement_utr,order_id',
      `${payment.id},payment,0,${rupees},${rupees},INR,2.00,0.36,0,1,1732780800,1732867200,setl_A1,,"{""invoice"":""x, y""}",,UTR1,${orderId}`,
      `${refund.id},refund,100.00,0,100.00,INR,0,0,0,1,1732780800,1732867200,setl_A1,,,${payment.id},UTR1,${orderId}`,
      `pay_NotOurs000001,payment,0,50.00,50.00,INR,1.00,0.18,0,1,1732780800,1732867200,setl_A1,,,,UTR1,order_X`,
      `${payment.id}0,payment,0,1.00,1.00,INR,0,0,0,1,1732780800,1732867200,setl_A1,,,,UTR1,order_Y`,
      `adj_000000000001,adjustment,0,5.00,5.00,INR,0,0,0,1,1732780800,1732867200,setl_A1,,,,UTR1,`,
      '',
    ].join('\r\n');
    const res = await staff('/payments/settlement', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: 5,
      matched: 2,
      unmatched: [
        { line: 4, entity_id: 'pay_NotOurs000001', type: 'payment', amount: '50.00', reason: 'no payment of ours has this id' },
        { line: 5, entity_id: `${payment.id}0`, type: 'payment', amount: '1.00', reason: 'no payment of ours has this id' },
        { line: 6, entity_id: 'adj_000000000001', type: 'adjustment', amount: '5.00', reason: 'not a payment or a refund (adjustment)' },
      ],
    });
    const wrongAmount = await staff('/payments/settlement', { csv: `entity_id,type,amount\n${payment.id},payment,1.00\n` });
    expect(wrongAmount.json().unmatched).toEqual([{ line: 2, entity_id: payment.id, type: 'payment', amount: '1.00', reason: `our payment is Rs ${rupees}` }]);
    const noColumns = await staff('/payments/settlement', { csv: 'id,amount\nx,1' });
    expect(noColumns.statusCode).toBe(400);
    expect(Object.keys(noColumns.json())).toContain('csv');
    expect((await staff('/payments/settlement', { csv: 'entity_id,type,amount\n\u0000' })).statusCode).toBe(400);
  });

  it("starts a membership when its fee's payment is verified", async () => {
    const user = await createUser(t.app);
    const plan = ((await t.app.inject({ method: 'GET', url: '/api/membership/plans/' })).json() as Array<{ id: number }>)[0]!;
    const res = await t.app.inject({ method: 'POST', url: '/api/membership/subscribe/', headers: bearer(user), payload: { plan_id: plan.id } });
    expect(res.statusCode).toBe(201);
    const key: string = res.json().bill.key;
    const { orderId } = await startPay(key);
    const { payment } = fake.pay(orderId);
    await sendEvents(payment.id);
    expect(await bill(key)).toMatchObject({ kind: 'membership', payment_status: 'paid' });
    const status = await t.app.deps.db.selectFrom('memberships').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('Approved');
  });

  it('offers UPI only when no gateway is configured, and refuses a partial configuration naming the variable', async () => {
    const plain = await makeApp({ RATE_LIMITS: 'off' });
    try {
      const key = await book(plain.app, { tests: [testId] });
      expect((await plain.app.inject({ method: 'GET', url: `/api/billing/${key}/` })).json()).toMatchObject({ online: false });
      expect((await plain.app.inject({ method: 'POST', url: `/api/billing/${key}/pay/`, payload: {} })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'POST', url: '/api/payments/gateway/webhook', payload: {} })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), RAZORPAY_KEY_ID: RAZORPAY_TEST.keyId })).toThrow(/RAZORPAY_KEY_SECRET: required/);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...razorpayEnv({ url: 'http://127.0.0.1:1' }), RAZORPAY_KEY_ID: 'key' })).toThrow(/RAZORPAY_KEY_ID: must be/);
  });
});
