// The Razorpay adapter of the payment gateway (gateway.ts), through Razorpay's documented REST API
// (Orders, Payments, Refunds, hosted checkout, payment and webhook signatures) with fetch: the official
// SDK fixes its host to api.razorpay.com, so it could not be pointed at the local stand-in the tests
// and `npm run dev` use (decision 058). Settings come from the environment, all or none, checked at
// start (README, Configuration); none: no gateway, the bills offer UPI and the UTR only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CheckoutForm, type GatewayOrder, type GatewayPayment, type GatewayRefund, GatewayUnavailable, type PaymentGateway } from './gateway.ts';

export const DEFAULT_RAZORPAY_URL = 'https://api.razorpay.com';

export interface RazorpaySettings {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** the name the hosted page shows */
  merchantName: string;
}

export class GatewayConfigError extends Error {}

const KEYS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** the gateway's settings from the environment: undefined when none is set; a partial or bad setting throws, naming the variable */
export function parseGatewaySettings(env: NodeJS.ProcessEnv): RazorpaySettings | undefined {
  const set = KEYS.filter((k) => env[k]);
  if (set.length === 0) {
    if (env.RAZORPAY_API_URL) throw new GatewayConfigError('Invalid configuration:\n  RAZORPAY_API_URL: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET with it');
    return undefined;
  }
  const missing = KEYS.filter((k) => !env[k]);
  if (missing.length) throw new GatewayConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when any RAZORPAY_ variable is set (all three, or none for UPI only)`).join('\n')}`);
  const keyId = env.RAZORPAY_KEY_ID!;
  if (!/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(keyId)) throw new GatewayConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID: must be a Razorpay key id, rzp_test_… or rzp_live_…');
  if (env.RAZORPAY_KEY_SECRET!.length < 8) throw new GatewayConfigError('Invalid configuration:\n  RAZORPAY_KEY_SECRET: must be the key secret shown with the key id');
  if (env.RAZORPAY_WEBHOOK_SECRET!.length < 8) throw new GatewayConfigError('Invalid configuration:\n  RAZORPAY_WEBHOOK_SECRET: must be at least 8 characters (the secret entered when the webhook was added)');
  const apiUrl = (env.RAZORPAY_API_URL ?? DEFAULT_RAZORPAY_URL).replace(/\/$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) throw new GatewayConfigError('Invalid configuration:\n  RAZORPAY_API_URL: must be an http(s) URL');
  return { apiUrl, keyId, keySecret: env.RAZORPAY_KEY_SECRET!, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!, merchantName: env.RAZORPAY_MERCHANT_NAME ?? 'Lab Centre Diagnostics' };
}

/** HMAC-SHA256 in hex, as Razorpay signs a payment (order_id|payment_id) and a webhook (the raw body) */
export const razorpaySignature = (secret: string, data: string | Buffer): string => createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** a time limit on each call: a gateway that hangs is a gateway that is down */
const CALL_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

export function toPayment(p: Json): GatewayPayment {
  return { id: str(p.id), orderId: typeof p.order_id === 'string' ? p.order_id : null, amountPaise: num(p.amount), currency: str(p.currency), status: str(p.status) };
}

export function toRefund(r: Json): GatewayRefund {
  return { id: str(r.id), paymentId: str(r.payment_id), amountPaise: num(r.amount), status: str(r.status) };
}

export function createRazorpayGateway(settings: RazorpaySettings, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    let res: Response;
    try {
      res = await fetchImpl(`${settings.apiUrl}/v1${path}`, {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      throw new GatewayUnavailable(`razorpay ${method} ${path.split('/')[1] ?? ''}: ${(err as Error).name}`);
    }
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      // not JSON: the status says enough
    }
    if (!res.ok) {
      const error = (json.error ?? {}) as Json;
      throw new GatewayUnavailable(`razorpay ${method} ${path.split('/')[1] ?? ''}: ${res.status} ${str(error.code)}`);
    }
    return json;
  }

  return {
    async createOrder({ amountPaise, receipt, notes }): Promise<GatewayOrder> {
      // receipt: at most 40 characters (the invoice number is 17)
      const o = await call('POST', '/orders', { amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes });
      return { id: str(o.id), amountPaise: num(o.amount), currency: str(o.currency), status: str(o.status) };
    },
    checkout({ orderId, amountPaise, callbackUrl, cancelUrl, description, prefill }): CheckoutForm {
      const fields: Record<string, string> = {
        key_id: settings.keyId,
        order_id: orderId,
        amount: String(amountPaise),
        currency: 'INR',
        name: settings.merchantName,
        description,
        callback_url: callbackUrl,
        cancel_url: cancelUrl,
      };
      if (prefill.name) fields['prefill[name]'] = prefill.name;
      if (prefill.email) fields['prefill[email]'] = prefill.email;
      if (prefill.contact) fields['prefill[contact]'] = prefill.contact;
      return { action: `${settings.apiUrl}/v1/checkout/embedded`, fields };
    },
    async fetchPayment(paymentId) {
      return toPayment(await call('GET', `/payments/${encodeURIComponent(paymentId)}`));
    },
    async orderPayments(orderId) {
      const c = await call('GET', `/orders/${encodeURIComponent(orderId)}/payments`);
      return (Array.isArray(c.items) ? (c.items as Json[]) : []).map(toPayment);
    },
    async refund({ paymentId, amountPaise, notes }) {
      return toRefund(await call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, { amount: amountPaise, notes }));
    },
    verifyCallback(orderId, paymentId, signature) {
      return sameHex(razorpaySignature(settings.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhook(raw, signature) {
      return sameHex(razorpaySignature(settings.webhookSecret, raw), signature);
    },
  };
}
