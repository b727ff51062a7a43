// SMS through Exotel's SMS API (decision 056): `POST {EXOTEL_API_URL}/v1/Accounts/{sid}/Sms/send.json`,
// form-encoded, HTTP Basic with the API key and token. India's DLT rules (TRAI) travel with every
// message: the registered sender header (From), the principal entity id and the content template's id,
// and the text exactly as registered with each `{#var#}` filled in (templates.ts writes it). The delivery
// report comes back to the StatusCallback URL, which carries our secret token (webhook.ts).
import { type ChannelAdapter, ChannelError, type ChannelMessage, type SendResult } from '../channel.ts';
import { providerText } from '../provider-text.ts';

export interface ComposedSms {
  /** the registered text with the message's values in its slots */
  text: string;
  /** the DLT content template id it was registered under */
  dltTemplateId: string;
}

export interface ExotelOptions {
  /** https://api.in.exotel.com (the Mumbai cluster), or a local fake in tests */
  apiUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  /** the DLT-registered sender header, six letters */
  senderHeader: string;
  /** the DLT principal entity id */
  entityId: string;
  /** the message's text and its DLT template id (undefined: no template registered for its kind and language) */
  compose: (message: ChannelMessage) => ComposedSms | undefined;
  /** where Exotel posts the delivery report (our webhook, with its secret token) */
  statusCallbackUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface ExotelAnswer {
  SMSMessage?: { Sid?: string; Status?: string };
  RestException?: { Status?: number; Message?: string; Code?: string | number };
}

/** HTTP answers of Exotel whose reason the job keeps; 429 and 5xx are passing */
const HTTP_REASONS: Record<number, string> = {
  400: 'request refused',
  401: 'API key or token refused',
  402: 'account balance or plan limit',
  403: 'account not permitted',
  404: 'account not found',
  429: 'rate limited',
};

export function createExotelAdapter(options: ExotelOptions): ChannelAdapter {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiUrl.replace(/\/$/, '')}/v1/Accounts/${encodeURIComponent(options.accountSid)}/Sms/send.json`;
  const auth = `Basic ${Buffer.from(`${options.apiKey}:${options.apiToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    async send(message: ChannelMessage): Promise<SendResult> {
      const composed = options.compose(message);
      if (!composed) throw new ChannelError(`SMS: no DLT template is registered for ${message.kind} (${message.language})`, false, 'no DLT template registered');
      const text = composed.text;
      const form = new URLSearchParams({
        From: options.senderHeader,
        To: message.to,
        Body: text,
        DltEntityId: options.entityId,
        DltTemplateId: composed.dltTemplateId,
        SmsType: 'transactional',
        StatusCallback: options.statusCallbackUrl,
      });
      // Devanagari (and anything beyond GSM's Latin) goes as Unicode
      if (/[^\p{ASCII}]/u.test(text)) form.set('EncodingType', 'unicode');
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new ChannelError(`SMS: the gateway could not be reached (${(err as Error).name})`, true, 'provider unreachable');
      }
      const answer = (await res.json().catch(() => ({}))) as ExotelAnswer;
      if (res.ok) {
        const sid = answer.SMSMessage?.Sid;
        if (!sid) throw new ChannelError('SMS: the gateway answered without a message id', true, 'provider answer without an id');
        return { providerMessageId: sid };
      }
      const retryable = res.status === 429 || res.status >= 500;
      const said = answer.RestException?.Message;
      const reason = `${res.status} ${HTTP_REASONS[res.status] ?? (retryable ? 'provider unavailable' : 'refused')}${said ? `: ${providerText(said)}` : ''}`;
      throw new ChannelError(`SMS: the gateway refused the message (HTTP ${reason})`, retryable, reason);
    },
  };
}
