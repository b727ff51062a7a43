// WhatsApp through Meta's WhatsApp Business Platform Cloud API: one pre-approved template message per
// ChannelMessage, `POST {WHATSAPP_API_URL}/{version}/{phone-number-id}/messages` with the access token as a
// bearer (plain fetch is the documented way; no SDK). The provider's refusals become ChannelErrors the
// runner understands: rate limits, a provider down or unreachable are worth retrying; a template not
// approved, paused or disabled and a number not on WhatsApp are not (docs/messaging.md).
import type { Locale } from '@lab/contract';
import { type ChannelAdapter, ChannelError, type ChannelKind, type ChannelMessage, type SendResult } from '../channel.ts';
import { providerText } from '../provider-text.ts';

export interface WhatsAppTemplateRef {
  /** the template's name as registered in WhatsApp Manager */
  name: string;
  /** the template's language code as registered (`en`, `hi`) */
  languageCode: string;
}

export interface WhatsAppOptions {
  /** https://graph.facebook.com, or a local fake in tests */
  apiUrl: string;
  /** the Graph API version, e.g. v26.0 */
  graphVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** the registered template of a message kind in a language (templates.ts) */
  template: (kind: ChannelKind, language: Locale) => WhatsAppTemplateRef;
  fetch?: typeof fetch;
  /** how long one call may take before it counts as the provider being down */
  timeoutMs?: number;
}

/** Cloud API error codes worth trying again later: throughput, spam and pair rate limits, app limits, a passing fault */
const RETRYABLE = new Map<number, string>([
  [4, 'app rate limit reached'],
  [80007, 'account rate limit reached'],
  [130429, 'throughput rate limit reached'],
  [131048, 'spam rate limit reached'],
  [131056, 'too many messages to this number'],
  [133016, 'registration rate limit reached'],
  [1, 'provider error'],
  [2, 'provider temporarily unavailable'],
  [131000, 'provider error'],
  [131016, 'provider temporarily unavailable'],
]);

/** refusals that the same message will meet again: the reason kept on the job says which */
const FINAL = new Map<number, string>([
  [131026, 'number not on WhatsApp'],
  [131049, 'not delivered to keep engagement healthy'],
  [131050, 'recipient stopped marketing messages'],
  [132000, 'template variables do not match'],
  [132001, 'template not approved'],
  [132005, 'template text too long'],
  [132007, 'template refused by policy'],
  [132012, 'template variable format does not match'],
  [132015, 'template paused'],
  [132016, 'template disabled'],
  [133010, 'phone number not registered'],
  [190, 'access token invalid or expired'],
  [10, 'permission denied'],
  [200, 'permission denied'],
]);

/** the reason and retry of a Cloud API error code (also used for the errors of a failed status webhook) */
export function whatsappFailure(code: number | undefined, fallback: string): { reason: string; retryable: boolean } {
  if (code !== undefined && RETRYABLE.has(code)) return { reason: `${code} ${RETRYABLE.get(code)}`, retryable: true };
  if (code !== undefined && FINAL.has(code)) return { reason: `${code} ${FINAL.get(code)}`, retryable: false };
  const said = providerText(fallback);
  return { reason: code === undefined ? said : `${code} ${said}`, retryable: false };
}

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

interface GraphSent {
  messages?: Array<{ id?: string }>;
}

/** the Cloud API request body of a template message */
export function templateBody(message: ChannelMessage, template: WhatsAppTemplateRef): Record<string, unknown> {
  const components: Array<Record<string, unknown>> = [];
  if (message.variables.length > 0) {
    components.push({ type: 'body', parameters: message.variables.map((text) => ({ type: 'text', text })) });
  }
  if (message.buttonUrlSuffix !== undefined) {
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.buttonUrlSuffix }] });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // the Cloud API takes the number with its country code and without the +
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: { name: template.name, language: { code: template.languageCode }, ...(components.length ? { components } : {}) },
  };
}

export function createWhatsAppAdapter(options: WhatsAppOptions): ChannelAdapter {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiUrl.replace(/\/$/, '')}/${options.graphVersion}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    async send(message: ChannelMessage): Promise<SendResult> {
      const body = templateBody(message, options.template(message.kind, message.language));
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (err) {
        // unreachable, refused, timed out: the provider is down for us, try later
        throw new ChannelError(`WhatsApp: the Cloud API could not be reached (${(err as Error).name})`, true, 'provider unreachable');
      }
      const answer = (await res.json().catch(() => ({}))) as GraphError & GraphSent;
      if (res.ok) {
        const id = answer.messages?.[0]?.id;
        if (!id) throw new ChannelError('WhatsApp: the Cloud API answered without a message id', true, 'provider answer without an id');
        return { providerMessageId: id };
      }
      const code = answer.error?.code;
      const failure = whatsappFailure(code, answer.error?.message ?? `HTTP ${res.status}`);
      // a server error or HTTP 429 is passing whatever its code says
      const retryable = failure.retryable || res.status >= 500 || res.status === 429;
      throw new ChannelError(`WhatsApp: the Cloud API refused the message (HTTP ${res.status}, ${failure.reason})`, retryable, failure.reason);
    },
  };
}
