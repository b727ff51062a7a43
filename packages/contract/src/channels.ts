// WhatsApp and SMS beside e-mail (docs/messaging.md): the channels a patient chooses at booking and in the
// profile, the WhatsApp opt-in's notice (the platform's rule: an explicit opt-in, recorded as a consent with
// the notice version), the profile's channels and opt-outs, and the "on the way" action of the run sheet.
// The numbers are Indian mobiles in E.164 (phone.ts).
import { z } from 'zod';
import { say } from './i18n/message.ts';

export const CHANNEL_NAMES = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof CHANNEL_NAMES)[number];
export const messageChannelSchema = z.enum(CHANNEL_NAMES, say('channels.choose', { channels: CHANNEL_NAMES.join(', ') }));

/** the version of the WhatsApp opt-in's words (the web catalogues' `booking.channels.whatsapp` and `dashboard.channels.whatsappOptIn`); a change of those words takes a new version */
export const whatsappNotice = { version: '2026-11' } as const;

/** a list of channels: at least one, each once */
export const channelListSchema = z
  .array(messageChannelSchema, say('channels.list'))
  .min(1, say('channels.at_least_one'))
  .max(CHANNEL_NAMES.length, say('channels.once'))
  .refine((c) => new Set(c).size === c.length, say('channels.once'));

/** the WhatsApp opt-in as sent: the version of the notice the patient ticked */
export const whatsappOptInSchema = z.object({
  notice_version: z.string(say('channels.whatsapp_notice_outdated', { version: whatsappNotice.version })).refine((v) => v === whatsappNotice.version, say('channels.whatsapp_notice_outdated', { version: whatsappNotice.version })),
});
export type WhatsappOptIn = z.infer<typeof whatsappOptInSchema>;

/** the booking's extra fields (added to the appointment request in booking.ts); older clients send none: e-mail only */
export const bookingChannelFields = {
  /** the channels of the booking's messages; default e-mail, or a signed-in patient's profile choice */
  channels: channelListSchema.optional(),
  /** required when `channels` has 'whatsapp' */
  whatsapp_opt_in: whatsappOptInSchema.optional(),
};

export const optOutSchema = z.object({
  channel: z.enum(['sms', 'whatsapp']),
  /** E.164 */
  phone: z.string(),
  /** 'reply': the patient wrote STOP; 'provider': the provider's opt-out event */
  source: z.enum(['reply', 'provider']),
  /** what the patient replied, null for a provider's event */
  text: z.string().nullable(),
  at: z.string(),
});
export type OptOut = z.infer<typeof optOutSchema>;

/** GET and PUT /api/users/me/channels/ */
export const channelSettingsSchema = z.object({
  /** the profile's phone in E.164; null when none, or not an Indian mobile */
  phone: z.string().nullable(),
  channels: z.array(messageChannelSchema),
  /** the WhatsApp consent in force, if any */
  whatsapp_opt_in: z.object({ given_at: z.string(), notice_version: z.string() }).nullable(),
  /** the opt-outs of the profile's phone, newest first */
  opt_outs: z.array(optOutSchema),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** PUT /api/users/me/channels/: the channels wanted; turning WhatsApp on needs the opt-in; `phone` replaces the profile's */
export const channelSettingsUpdateSchema = z.object({
  channels: channelListSchema,
  whatsapp_opt_in: whatsappOptInSchema.optional(),
  phone: z.string(say('validation.phone')).max(20, say('validation.too_long', { max: 20 })).optional(),
});
export type ChannelSettingsUpdate = z.infer<typeof channelSettingsUpdateSchema>;

/** the provider's last receipt of a phone message */
export const deliveryReceiptStatusSchema = z.enum(['sent', 'delivered', 'read', 'failed']);
