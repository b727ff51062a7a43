// Both providers' fakes started together, with the environment that points the app's real adapters
// at them: the accounts, the DLT facts, and a DLT template id per message kind and language whose
// registered text is the one templates.ts lists (what a lab registers, docs/messaging.md).
import { CHANNEL_KINDS, CHANNEL_TEMPLATES, smsTemplate, smsTemplateKey } from '../../src/modules/messaging/channels/templates.ts';
import { type FakeSmsGateway, startFakeSmsGateway } from './sms-gateway.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from './whatsapp-cloud.ts';

export const WA = { accessToken: 'EAAG-test-access-token-0123456789', phoneNumberId: '106540352242922', appSecret: 'app-secret-0123456789abcdef', verifyToken: 'verify-token-0123456789' };
export const SMS = { accountSid: 'labcentre1', apiKey: 'key-0123456789', apiToken: 'token-0123456789', senderHeader: 'LABCEN', entityId: '1201159100000012345', webhookToken: 'sms-webhook-token-0123456789abcdef0123' };

/** a DLT template id per kind and language, by its environment variable */
export const dltIds: Record<string, string> = Object.fromEntries(
  CHANNEL_KINDS.flatMap((kind, k) => (['en', 'hi'] as const).map((lang, l) => [smsTemplateKey(kind, lang), `110716${String(k).padStart(2, '0')}${l}0000012345`])),
);

export interface ProviderFakes {
  whatsapp: FakeWhatsApp;
  sms: FakeSmsGateway;
  /** the environment of an app whose adapters talk to these fakes */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startProviderFakes(): Promise<ProviderFakes> {
  const whatsapp = await startFakeWhatsApp({ ...WA, approved: CHANNEL_KINDS.map((k) => CHANNEL_TEMPLATES[k].whatsapp.name) });
  const sms = await startFakeSmsGateway({
    ...SMS,
    dltTemplates: Object.fromEntries(CHANNEL_KINDS.flatMap((kind) => (['en', 'hi'] as const).map((lang) => [dltIds[smsTemplateKey(kind, lang)]!, smsTemplate(kind, lang).text]))),
  });
  const env = {
    WHATSAPP_ACCESS_TOKEN: WA.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_APP_SECRET: WA.appSecret,
    WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
    WHATSAPP_API_URL: whatsapp.url,
    SMS_PROVIDER: 'exotel',
    EXOTEL_ACCOUNT_SID: SMS.accountSid,
    EXOTEL_API_KEY: SMS.apiKey,
    EXOTEL_API_TOKEN: SMS.apiToken,
    EXOTEL_API_URL: sms.url,
    SMS_SENDER_HEADER: SMS.senderHeader,
    SMS_DLT_ENTITY_ID: SMS.entityId,
    SMS_WEBHOOK_TOKEN: SMS.webhookToken,
    ...dltIds,
  };
  return {
    whatsapp,
    sms,
    env,
    async close() {
      await whatsapp.close();
      await sms.close();
    },
  };
}
