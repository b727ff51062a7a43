// The patient's channels in the profile (GET and PUT /api/users/me/channels/): which of e-mail, SMS and
// WhatsApp their messages go to, the WhatsApp opt-in in force (a consent record with its notice version:
// privacy/consents.ts), and the opt-outs of their number (a STOP reply, the provider's event: receipts.ts),
// with when and how. Turning a channel back on lifts its opt-out; WhatsApp needs a new opt-in for that.
// Every change is audited in its transaction, without the number (decision 039).
import { type ChannelSettings, type ChannelSettingsUpdate, m, type OptOut, toIndianE164 } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { fieldErrors, type FieldErrors } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/record.ts';
import { setUpcomingChannels } from '../../appointments/lifecycle.ts';
import { recordConsent, withdrawConsent } from '../../privacy/consents.ts';
import { channelsText, parseChannels } from './phone-queue.ts';

type Db = Kysely<Database>;

/** the newest WhatsApp consent in force of an account */
async function whatsappConsent(db: Db, userId: number) {
  return db
    .selectFrom('consents')
    .select(['given_at', 'notice_version'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'whatsapp')
    .where('captured', '=', 1)
    .where('withdrawn_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** the opt-outs of a number, newest first */
export async function optOutsOf(db: Db, phone: string | null): Promise<OptOut[]> {
  if (!phone) return [];
  const rows = await db.selectFrom('channel_opt_outs').select(['channel', 'phone', 'source', 'text', 'created_at']).where('phone', '=', phone).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ channel: r.channel, phone: r.phone, source: r.source, text: r.text, at: r.created_at }));
}

export async function channelSettingsOf(db: Db, userId: number): Promise<ChannelSettings> {
  const user = await db.selectFrom('users').select(['phone', 'channels']).where('id', '=', userId).executeTakeFirst();
  const phone = user?.phone ? toIndianE164(user.phone) : null;
  const consent = await whatsappConsent(db, userId);
  return { phone, channels: parseChannels(user?.channels), whatsapp_opt_in: consent ?? null, opt_outs: await optOutsOf(db, phone) };
}

export async function updateChannelSettings(db: Db, userId: number, input: ChannelSettingsUpdate, context: { addressHash: string; now: Date }): Promise<ChannelSettings> {
  const before = await channelSettingsOf(db, userId);
  const errors: FieldErrors = {};
  const typed = input.phone === undefined ? undefined : toIndianE164(input.phone);
  if (typed === null) errors.phone = [m('channels.mobile_required')];
  const phone = typed ?? before.phone;
  const phoneChannels = input.channels.filter((c) => c !== 'email');
  if (phoneChannels.length > 0 && !phone && !errors.phone) errors.phone = [m('channels.mobile_required')];
  const wantsWhatsapp = input.channels.includes('whatsapp');
  if (wantsWhatsapp && !before.whatsapp_opt_in && !input.whatsapp_opt_in) errors.whatsapp_opt_in = [m('channels.whatsapp_opt_in_required')];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  await db.transaction().execute(async (trx) => {
    const chosen = channelsText(input.channels.includes('email') ? input.channels : ['email', ...input.channels]);
    await trx
      .updateTable('users')
      .set({ channels: chosen, ...(typed ? { phone: typed } : {}) })
      .where('id', '=', userId)
      .execute();
    await setUpcomingChannels(trx, userId, chosen, context.now.toISOString());
    if (wantsWhatsapp && input.whatsapp_opt_in && !before.whatsapp_opt_in) {
      await recordConsent(trx, { userId, appointmentId: null }, { notice_version: input.whatsapp_opt_in.notice_version, purposes: ['whatsapp'] }, { source: 'dashboard', addressHash: context.addressHash, now: context.now });
    }
    if (!wantsWhatsapp && before.whatsapp_opt_in) await withdrawConsent(trx, userId, 'whatsapp', context.now);
    // Turned on again: the number's opt-out of that channel is lifted (the patient asked for it here).
    let lifted: string[] = [];
    if (phone && phoneChannels.length > 0) {
      const gone = await trx.deleteFrom('channel_opt_outs').where('phone', '=', phone).where('channel', 'in', phoneChannels).returning('channel').execute();
      lifted = gone.map((r) => r.channel);
    }
    await recordAudit(trx, {
      actorUserId: userId,
      entity: 'user',
      entityId: userId,
      action: 'channels',
      before: { channels: before.channels },
      after: { channels: parseChannels(chosen), ...(lifted.length ? { opt_outs_lifted: lifted } : {}) },
    });
  });
  return channelSettingsOf(db, userId);
}
