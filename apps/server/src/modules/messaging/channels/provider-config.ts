// The WhatsApp and SMS providers as the environment configures them (README, Configuration;
// docs/messaging.md), checked once at start: a bad or partial setting stops the start with a message
// naming the variable, as config.ts does for the rest. Nothing set: no adapter, so every phone message
// goes to the outbox (outbox.ts) and `npm start` works without an account.
import type { Locale } from '@lab/contract';
import type { ChannelAdapter, ChannelMessage } from './channel.ts';
import { createExotelAdapter } from './sms/adapter.ts';
import { CHANNEL_KINDS, CHANNEL_TEMPLATES, smsBody, smsTemplateKey, whatsappTemplate } from './templates.ts';
import { createWhatsAppAdapter } from './whatsapp/adapter.ts';

/** the newest Graph API version when this was written (Meta's changelog lists v26.0, July 2026) */
export const DEFAULT_GRAPH_VERSION = 'v26.0';
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
/** Exotel's Mumbai cluster (data stays in India) */
export const DEFAULT_EXOTEL_URL = 'https://api.in.exotel.com';

const LANGUAGES: readonly Locale[] = ['en', 'hi'];

export interface WhatsAppSettings {
  apiUrl: string;
  graphVersion: string;
  phoneNumberId: string;
  accessToken: string;
}

export interface ExotelSettings {
  provider: 'exotel';
  apiUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  senderHeader: string;
  entityId: string;
  /** DLT content template ids by their variable's name (smsTemplateKey of templates.ts) */
  dltTemplateIds: Record<string, string>;
}

/** what the environment says about the phone channels: plain data, kept on the app's Config */
export interface ChannelSettings {
  /** sending on WhatsApp (absent: WhatsApp messages go to the outbox) */
  whatsapp?: WhatsAppSettings;
  /** the WhatsApp webhook's secrets: set on their own, receipts are verified while nothing is sent */
  whatsappWebhook?: { appSecret: string; verifyToken?: string };
  sms?: ExotelSettings;
  /** the secret token in the SMS webhook URLs */
  smsWebhook?: { token: string };
}

/** the options of the webhook routes (webhook-routes.ts) */
export interface ChannelWebhookOptions {
  whatsapp?: { appSecret: string; verifyToken?: string };
  sms?: { token: string };
}

export class ChannelConfigError extends Error {}

const SMS_TEMPLATE_KEYS = CHANNEL_KINDS.flatMap((kind) => LANGUAGES.map((language) => ({ kind, key: smsTemplateKey(kind, language) })));

const EXOTEL_KEYS = ['EXOTEL_ACCOUNT_SID', 'EXOTEL_API_KEY', 'EXOTEL_API_TOKEN', 'EXOTEL_API_URL', 'SMS_SENDER_HEADER', 'SMS_DLT_ENTITY_ID'];

const isUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** the phone channels' settings of `env`; throws ChannelConfigError naming every bad variable */
export function parseChannelSettings(env: NodeJS.ProcessEnv): ChannelSettings {
  const get = (k: string) => (env[k] === undefined || env[k] === '' ? undefined : env[k]);
  const issues: string[] = [];
  const need = (k: string, test: (v: string) => boolean, why: string): string => {
    const v = get(k);
    if (v === undefined) issues.push(`${k}: required (${why})`);
    else if (!test(v)) issues.push(`${k}: ${why}`);
    return v ?? '';
  };
  const check = (k: string, test: (v: string) => boolean, why: string): string | undefined => {
    const v = get(k);
    if (v !== undefined && !test(v)) issues.push(`${k}: ${why}`);
    return v;
  };
  const settings: ChannelSettings = {};

  // WhatsApp
  const token = get('WHATSAPP_ACCESS_TOKEN');
  const phoneId = get('WHATSAPP_PHONE_NUMBER_ID');
  const sending = token !== undefined || phoneId !== undefined;
  const version = check('WHATSAPP_GRAPH_VERSION', (v) => /^v\d{1,3}\.\d{1,2}$/.test(v), 'must be a Graph API version such as v26.0') ?? DEFAULT_GRAPH_VERSION;
  const apiUrl = check('WHATSAPP_API_URL', isUrl, 'must be an http(s) URL') ?? DEFAULT_GRAPH_URL;
  const appSecret = sending
    ? need('WHATSAPP_APP_SECRET', (v) => v.length >= 16, 'the app secret that signs the webhooks, at least 16 characters; WhatsApp sending needs its receipts')
    : check('WHATSAPP_APP_SECRET', (v) => v.length >= 16, 'must be the app secret (at least 16 characters)');
  const verifyToken = sending
    ? need('WHATSAPP_VERIFY_TOKEN', (v) => v.length >= 16 && !/\s/.test(v), 'the webhook subscription\'s verify token, at least 16 characters without spaces')
    : check('WHATSAPP_VERIFY_TOKEN', (v) => v.length >= 16 && !/\s/.test(v), 'must be at least 16 characters without spaces');
  if (!sending && verifyToken !== undefined && appSecret === undefined) issues.push('WHATSAPP_APP_SECRET: required when WHATSAPP_VERIFY_TOKEN is set (the webhooks it subscribes are signed with it)');
  if (sending) {
    const t = need('WHATSAPP_ACCESS_TOKEN', (v) => v.length >= 16 && !/\s/.test(v), 'the system user\'s access token, set with WHATSAPP_PHONE_NUMBER_ID');
    const p = need('WHATSAPP_PHONE_NUMBER_ID', (v) => /^\d{5,20}$/.test(v), 'the WhatsApp phone number id (digits), set with WHATSAPP_ACCESS_TOKEN');
    settings.whatsapp = { apiUrl, graphVersion: version, phoneNumberId: p, accessToken: t };
  }
  if (appSecret !== undefined) settings.whatsappWebhook = { appSecret, ...(verifyToken !== undefined ? { verifyToken } : {}) };

  // SMS
  const provider = check('SMS_PROVIDER', (v) => v === 'exotel', 'must be exotel (the SMS gateway supported; decision 056), or unset for the outbox');
  const webhookToken = check('SMS_WEBHOOK_TOKEN', (v) => /^[\w-]{32,}$/.test(v), 'must be at least 32 letters, digits, - or _ (it goes into the callback URLs)');
  if (provider === undefined) {
    const stray = [...EXOTEL_KEYS, ...SMS_TEMPLATE_KEYS.map((t) => t.key)].find((k) => get(k) !== undefined);
    if (stray) issues.push(`SMS_PROVIDER: must be set (exotel) when ${stray} is set`);
  } else if (provider === 'exotel') {
    const dltTemplateIds: Record<string, string> = {};
    for (const { kind, key } of SMS_TEMPLATE_KEYS) {
      const digits = (v: string) => /^\d{10,25}$/.test(v);
      // a kind sent only with online payment configured (the payment link) may wait for its id
      const v = CHANNEL_TEMPLATES[kind].optional ? check(key, digits, 'must be the DLT content template id (digits)') : need(key, digits, 'the DLT content template id (digits) of this message');
      if (v) dltTemplateIds[key] = v;
    }
    settings.sms = {
      provider,
      apiUrl: check('EXOTEL_API_URL', isUrl, 'must be an http(s) URL') ?? DEFAULT_EXOTEL_URL,
      accountSid: need('EXOTEL_ACCOUNT_SID', (v) => /^[\w-]{1,64}$/.test(v), 'the Exotel account SID'),
      apiKey: need('EXOTEL_API_KEY', (v) => !/\s/.test(v), 'the Exotel API key'),
      apiToken: need('EXOTEL_API_TOKEN', (v) => !/\s/.test(v), 'the Exotel API token'),
      senderHeader: need('SMS_SENDER_HEADER', (v) => /^[A-Z]{6}$/.test(v), 'must be the six-letter sender header registered on the DLT portal (capitals, e.g. LABCEN)'),
      entityId: need('SMS_DLT_ENTITY_ID', (v) => /^\d{10,25}$/.test(v), 'the DLT principal entity id (digits)'),
      dltTemplateIds,
    };
    if (webhookToken === undefined) issues.push('SMS_WEBHOOK_TOKEN: required when SMS_PROVIDER is set (the delivery reports\' URL carries it)');
  }
  if (webhookToken !== undefined) settings.smsWebhook = { token: webhookToken };

  if (issues.length) throw new ChannelConfigError(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  return settings;
}

/** the webhook routes' options of the settings */
export function webhookSecrets(settings: ChannelSettings): ChannelWebhookOptions {
  return {
    ...(settings.whatsappWebhook ? { whatsapp: settings.whatsappWebhook } : {}),
    ...(settings.smsWebhook ? { sms: settings.smsWebhook } : {}),
  };
}

export interface AdapterOptions {
  /** the base of the delivery reports' callback URL (Config.publicUrl) */
  publicUrl?: string;
  fetch?: typeof fetch;
}

/** the adapters of the settings: one per configured provider */
export function adaptersFor(settings: ChannelSettings, options: AdapterOptions = {}): { whatsapp?: ChannelAdapter; sms?: ChannelAdapter } {
  const adapters: { whatsapp?: ChannelAdapter; sms?: ChannelAdapter } = {};
  if (settings.whatsapp) {
    adapters.whatsapp = createWhatsAppAdapter({ ...settings.whatsapp, template: whatsappTemplate, ...(options.fetch ? { fetch: options.fetch } : {}) });
  }
  if (settings.sms && settings.smsWebhook) {
    const { dltTemplateIds } = settings.sms;
    const base = (options.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
    const compose = (message: ChannelMessage) => {
      const id = dltTemplateIds[smsTemplateKey(message.kind, message.language)];
      return id ? { text: smsBody(message, base), dltTemplateId: id } : undefined;
    };
    adapters.sms = createExotelAdapter({
      ...settings.sms,
      compose,
      statusCallbackUrl: `${base}/api/channels/sms/status/${settings.smsWebhook.token}`,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return adapters;
}

/**
 * The adapters the environment configures (nothing set: {}); throws ChannelConfigError naming the
 * variable on a bad or partial configuration. The callback URL's base is PUBLIC_URL (else localhost and PORT).
 */
export function channelAdapters(env: NodeJS.ProcessEnv, options: AdapterOptions = {}): { whatsapp?: ChannelAdapter; sms?: ChannelAdapter } {
  const publicUrl = options.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`;
  return adaptersFor(parseChannelSettings(env), { ...options, publicUrl });
}
