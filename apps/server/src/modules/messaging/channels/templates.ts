// Every message a phone receives, with its variables in order: what a lab registers with the providers
// (docs/messaging.md says how). The words are the contract's catalogues (`channel.*` codes, English and
// Hindi), so the same sentence is said in the outbox, on WhatsApp and by SMS; this file writes them in
// each provider's form:
// - WhatsApp: a template of one name per kind with an `en` and an `hi` language, body variables {{1}},
//   {{2}} … in the order below, and for a link a URL button whose URL is registered as
//   `{PUBLIC_URL}{path}{{1}}` (the message carries only the dynamic part, never the whole link);
// - SMS (TRAI's DLT): the text with `{#var#}` for each variable and `{#url#}` for the link, registered
//   once per language, whose DLT template id is read from the environment variable named here.
import { type Locale, type MessageCode, messagesEn, messagesHi, paths } from '@lab/contract';
import type { ChannelKind, ChannelMessage } from './channel.ts';

export interface ChannelTemplate {
  kind: ChannelKind;
  /** the catalogue code of the text; its `{placeholders}` are `variables` */
  code: MessageCode;
  /** the variables in the order the providers number them */
  variables: readonly string[];
  whatsapp: {
    /** the template's name at Meta (the same for both languages) */
    name: string;
    /** UTILITY for transactional messages, AUTHENTICATION for one-time codes (Meta's categories) */
    category: 'UTILITY' | 'AUTHENTICATION';
    /** the URL button: its label, and the path after PUBLIC_URL to which the message's suffix is appended */
    button?: { label: MessageCode; path: string };
  };
  /** whether the SMS text ends with the link (the WhatsApp button's URL in full) */
  smsLink: boolean;
  /**
   * its SMS template id may be unset at start: a kind sent only where online payment is configured (the
   * payment link), or one added after labs registered their templates (the late-report notice), so that an
   * upgrade does not stop a running lab; until the id is set its SMS fails with "no DLT template registered",
   * shown in the delivery log, while e-mail and WhatsApp still go
   */
  optional?: true;
}

export const CHANNEL_TEMPLATES: Readonly<Record<ChannelKind, ChannelTemplate>> = {
  'booking-confirmation': {
    kind: 'booking-confirmation',
    code: 'channel.booking_confirmation',
    variables: ['reference', 'date', 'time'],
    whatsapp: { name: 'lab_booking_confirmation', category: 'UTILITY', button: { label: 'channel.button.booking', path: '/bill/' } },
    smsLink: true,
  },
  reminder: {
    kind: 'reminder',
    code: 'channel.reminder',
    variables: ['reference', 'date', 'time'],
    whatsapp: { name: 'lab_visit_reminder', category: 'UTILITY', button: { label: 'channel.button.cancel', path: '/cancel/' } },
    smsLink: true,
  },
  'collector-on-the-way': {
    kind: 'collector-on-the-way',
    code: 'channel.collector_on_the_way',
    variables: ['collector', 'reference'],
    whatsapp: { name: 'lab_collector_on_the_way', category: 'UTILITY' },
    smsLink: false,
  },
  'sample-received': {
    kind: 'sample-received',
    code: 'channel.sample_received',
    variables: ['reference'],
    whatsapp: { name: 'lab_sample_received', category: 'UTILITY' },
    smsLink: false,
  },
  'sample-rejected': {
    kind: 'sample-rejected',
    code: 'channel.sample_rejected',
    variables: ['reference'],
    whatsapp: { name: 'lab_sample_rejected', category: 'UTILITY' },
    smsLink: false,
  },
  // A report past its expected time (docs/samples.md, decision 071): once, with the new time; the button opens the booking's bill, which shows it.
  'report-late': {
    kind: 'report-late',
    code: 'channel.report_late',
    variables: ['reference', 'expected'],
    whatsapp: { name: 'lab_report_late', category: 'UTILITY', button: { label: 'channel.button.booking', path: '/bill/' } },
    smsLink: true,
    optional: true,
  },
  'report-ready': {
    kind: 'report-ready',
    code: 'channel.report_ready',
    variables: ['reference'],
    whatsapp: { name: 'lab_report_ready', category: 'UTILITY', button: { label: 'channel.button.report', path: '/report/' } },
    smsLink: true,
  },
  'report-amended': {
    kind: 'report-amended',
    code: 'channel.report_amended',
    variables: ['reference'],
    whatsapp: { name: 'lab_report_amended', category: 'UTILITY', button: { label: 'channel.button.report', path: '/report/' } },
    smsLink: true,
  },
  'payment-request': {
    kind: 'payment-request',
    code: 'channel.payment_request',
    variables: ['amount', 'reference'],
    whatsapp: { name: 'lab_payment_request', category: 'UTILITY', button: { label: 'channel.button.pay', path: paths.payLink('') } },
    smsLink: true,
    optional: true,
  },
  'sign-in-code': {
    kind: 'sign-in-code',
    code: 'channel.sign_in_code',
    variables: ['code'],
    // Meta's authentication templates carry the code as the copy-code button's parameter too.
    whatsapp: { name: 'lab_sign_in_code', category: 'AUTHENTICATION', button: { label: 'channel.button.copy_code', path: '' } },
    smsLink: false,
  },
  // A referring doctor's one-time link to the doctor's view (docs/families-and-doctors.md): asked for, or sent when a
  // consented report is released. The token is the suffix, after the #, so it never reaches the server's logs.
  'doctor-link': {
    kind: 'doctor-link',
    code: 'channel.doctor_link',
    variables: ['hours'],
    whatsapp: { name: 'lab_doctor_link', category: 'UTILITY', button: { label: 'channel.button.doctor', path: `${paths.doctor}#token=` } },
    smsLink: true,
  },
  'doctor-report': {
    kind: 'doctor-report',
    code: 'channel.doctor_report',
    variables: ['hours'],
    whatsapp: { name: 'lab_doctor_report', category: 'UTILITY', button: { label: 'channel.button.doctor', path: `${paths.doctor}#token=` } },
    smsLink: true,
  },
};

export const CHANNEL_KINDS = Object.keys(CHANNEL_TEMPLATES) as ChannelKind[];

const catalogue = (language: Locale): Record<MessageCode, string> => (language === 'hi' ? messagesHi : messagesEn);

/** the text with each `{variable}` replaced by `mark(position from 1, name)` */
function marked(kind: ChannelKind, language: Locale, mark: (n: number, name: string) => string): string {
  const t = CHANNEL_TEMPLATES[kind];
  return catalogue(language)[t.code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const i = t.variables.indexOf(name);
    return i < 0 ? whole : mark(i + 1, name);
  });
}

/** the WhatsApp language code of a locale: Meta's `en` and `hi` */
export const whatsappLanguage = (language: Locale): 'en' | 'hi' => language;

/** what the WhatsApp adapter sends and a lab registers: the template's name and language, its body with {{n}}, its button */
export function whatsappTemplate(kind: ChannelKind, language: Locale) {
  const t = CHANNEL_TEMPLATES[kind];
  const button = t.whatsapp.button;
  return {
    name: t.whatsapp.name,
    languageCode: whatsappLanguage(language),
    category: t.whatsapp.category,
    body: marked(kind, language, (n) => `{{${n}}}`),
    variables: t.variables,
    button: button ? { text: catalogue(language)[button.label], url: `{PUBLIC_URL}${button.path}{{1}}` } : undefined,
  };
}

/** the environment variable of a (kind, language)'s DLT template id: SMS_DLT_TEMPLATE_BOOKING_CONFIRMATION_HI */
export const smsTemplateKey = (kind: ChannelKind, language: Locale): string => `SMS_DLT_TEMPLATE_${kind.toUpperCase().replace(/-/g, '_')}_${language.toUpperCase()}`;

/** the SMS text as registered on the DLT platform: `{#var#}` per variable, `{#url#}` for the link */
export function smsTemplate(kind: ChannelKind, language: Locale): { text: string; envKey: string } {
  const t = CHANNEL_TEMPLATES[kind];
  const body = marked(kind, language, () => '{#var#}');
  const text = t.smsLink ? `${body} ${catalogue(language)['channel.sms_link'].replace('{link}', '{#url#}')}` : body;
  return { text, envKey: smsTemplateKey(kind, language) };
}

/** the message's link in full (the WhatsApp button's URL), or null for a kind without one */
export function linkOf(message: Pick<ChannelMessage, 'kind' | 'buttonUrlSuffix'>, publicUrl: string): string | null {
  const button = CHANNEL_TEMPLATES[message.kind].whatsapp.button;
  if (!button || !CHANNEL_TEMPLATES[message.kind].smsLink || message.buttonUrlSuffix === undefined) return null;
  return `${publicUrl}${button.path}${message.buttonUrlSuffix}`;
}

/** the text a patient reads: the template's words with the message's variables (the outbox's `text`; the SMS body) */
export function messageText(message: ChannelMessage, publicUrl: string): string {
  const body = marked(message.kind, message.language, (n) => message.variables[n - 1] ?? '');
  const link = linkOf(message, publicUrl);
  return link ? `${body} ${catalogue(message.language)['channel.sms_link'].replace('{link}', link)}` : body;
}

/** the SMS body as sent: the registered text with its `{#var#}` and `{#url#}` filled (the same as messageText) */
export const smsBody = messageText;
