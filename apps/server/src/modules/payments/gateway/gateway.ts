// The payment gateway as the payments module sees it (docs/payments-gateway.md, decision 058): a small
// interface with one adapter (razorpay.ts). An order for a bill's amount, the hosted checkout the payer
// is sent to by a plain form post (a redirect: no gateway script on our pages), the signatures of the
// payer's return and of webhooks, a payment's facts, refunds. Amounts are integer paise.

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: string;
  /** 'created' | 'attempted' | 'paid' as the gateway says */
  status: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  /** 'created' | 'authorized' | 'captured' | 'refunded' | 'failed' */
  status: string;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  /** 'pending' | 'processed' | 'failed' */
  status: string;
}

/** where the payer's browser is sent: a form posted to the gateway's hosted page */
export interface CheckoutForm {
  action: string;
  fields: Record<string, string>;
}

/** the gateway could not be reached or refused the call: nothing was written on our side */
export class GatewayUnavailable extends Error {}

export interface PaymentGateway {
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  /** the form that opens the hosted checkout for an order; the gateway posts the payer back to callbackUrl */
  checkout(input: { orderId: string; amountPaise: number; callbackUrl: string; cancelUrl: string; description: string; prefill: { name?: string; email?: string; contact?: string } }): CheckoutForm;
  /** one payment's facts, as the gateway keeps them */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** the payments made against an order (reconciliation: a webhook that never came) */
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  refund(input: { paymentId: string; amountPaise: number; notes: Record<string, string> }): Promise<GatewayRefund>;
  /** the payer's return: the signature over "order_id|payment_id" with the key secret */
  verifyCallback(orderId: string, paymentId: string, signature: string): boolean;
  /** a webhook: the signature over the raw body with the webhook secret */
  verifyWebhook(raw: Buffer, signature: string | undefined): boolean;
}
