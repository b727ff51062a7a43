// The channels beside e-mail: WhatsApp and SMS. A message to a phone is a durable job like an e-mail's
// (the same table and runner: queries.ts, runner.ts); the runner hands it to the adapter of its channel,
// which speaks one provider's documented HTTP API, or to the outbox when no provider is configured.
import type { Locale } from '@lab/contract';

export type ChannelName = 'whatsapp' | 'sms';

/** every message a phone receives; the texts and variables of each are in templates.ts */
export type ChannelKind =
  | 'booking-confirmation'
  | 'reminder'
  | 'collector-on-the-way'
  | 'sample-received'
  | 'sample-rejected'
  | 'report-late'
  | 'report-ready'
  | 'report-amended'
  | 'payment-request'
  | 'sign-in-code'
  | 'doctor-link'
  | 'doctor-report';

export interface ChannelMessage {
  kind: ChannelKind;
  /** E.164, +91 and ten digits */
  to: string;
  language: Locale;
  /** the template's variables, in its order (templates.ts) */
  variables: string[];
  /** a WhatsApp URL button's dynamic part, appended to the URL registered with the template; SMS carries the link in its text */
  buttonUrlSuffix?: string;
}

export interface SendResult {
  /** the provider's id of the message, which its delivery receipts name */
  providerMessageId: string;
}

/** a refused send: `retryable` when trying again later may succeed (rate limit, provider down) */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** the provider's code or reason, kept on the job */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

export interface ChannelAdapter {
  readonly channel: ChannelName;
  send(message: ChannelMessage): Promise<SendResult>;
}

/** a provider's delivery receipt, as its webhook says it */
export interface DeliveryReceipt {
  channel: ChannelName;
  /** the provider's id of the event (or of the message and status together), so a replay changes nothing twice */
  eventId: string;
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** the provider's reason, for a failure */
  reason?: string;
  at: Date;
}

/** a patient's reply or the provider's opt-out event: STOP / रुकें stops that channel for that number */
export interface InboundMessage {
  channel: ChannelName;
  eventId: string;
  /** E.164 */
  from: string;
  text: string;
  at: Date;
  /** the provider's own opt-out event (not a typed reply): stops the channel whatever `text` says */
  optOut?: boolean;
}
