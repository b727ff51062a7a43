// The payment link (docs/payments-gateway.md, "Payment link"): a bill's online payment page,
// `/pay/{id}`, sent to the patient by e-mail and on the phone channels chosen at booking (WhatsApp, SMS),
// in the booking's language. Staff send it from the console (a home collection paid at the door or
// before); a home-collection booking sends it by itself when online payment is configured (booking's
// service). The link opens for whoever holds it, signed in or not: the appointment id is the
// capability, as the bill's link. Only while something is due and the booking stands.
import { type Locale, m, type MessageChannel, paths } from '@lab/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { recordAudit } from '../audit/record.ts';
import { labDetailsIn } from '../lab/service.ts';
import { phoneFactsOf, phoneJobs } from '../messaging/channels/phone-queue.ts';
import type { MailLab, MailMessage } from '../messaging/message.ts';
import { insertJob } from '../messaging/queries.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { escapeHtml, labFooterHtml, labFooterText } from '../messaging/templates.ts';
import { mailWords } from '../messaging/words/index.ts';
import * as q from './queries.ts';
import { NOTHING_DUE, type PaymentDeps, stateOf } from './service.ts';

/** the amount as the messages print it */
export const amountText = (paise: number): string => `Rs ${(paise / 100).toFixed(2)}`;

export interface PaymentLinkMail {
  to: string;
  name: string;
  reference: string;
  amountPaise: number;
  link: string;
  lab: MailLab;
  language: Locale;
}

/** the e-mail of the payment link, in the booking's language */
export function paymentLinkMail(p: PaymentLinkMail): MailMessage {
  const w = mailWords[p.language];
  const lead = w.paymentLink.lead(amountText(p.amountPaise), p.reference);
  const button = w.paymentLink.button;
  const text = [w.dear(p.name), '', lead, '', `${button}: ${p.link}`, '', labFooterText(p.lab, w)].join('\n');
  const html = `<p>${escapeHtml(w.dear(p.name))}</p>\n<p>${escapeHtml(lead)}</p>\n<p><a href="${escapeHtml(p.link)}">${escapeHtml(button)}</a></p>\n${labFooterHtml(p.lab, w)}`;
  return { to: p.to, subject: w.paymentLink.subject(p.reference), text, html };
}

/**
 * the payment link's e-mail and phone messages of a bill, written in the transaction given, with the
 * audit entry; answers the channels it went to
 */
export async function queuePaymentLink(trx: Transaction<Database>, deps: Pick<PaymentDeps, 'now'> & { publicUrl: string }, row: q.BillRow, duePaise: number, actor: number | null): Promise<MessageChannel[]> {
  const appointmentId = row.appointment_id!;
  const a = await trx.selectFrom('appointments').select(['language']).where('id', '=', appointmentId).executeTakeFirstOrThrow();
  const now = deps.now();
  const sent: MessageChannel[] = [];
  if (row.user_email) {
    const mail = paymentLinkMail({
      to: row.user_email,
      name: row.user_name ?? '',
      reference: row.reference ?? '',
      amountPaise: duePaise,
      link: `${deps.publicUrl}${paths.payLink(appointmentId)}`,
      lab: await labDetailsIn(trx, a.language),
      language: a.language,
    });
    await enqueueMail(trx, now, { kind: 'payment-request', message: mail, appointmentId });
    sent.push('email');
  }
  const facts = await phoneFactsOf(trx, appointmentId);
  const jobs = facts ? phoneJobs(now, 'payment-request', facts, { amount: amountText(duePaise) }) : [];
  for (const job of jobs) {
    await insertJob(trx, job);
    sent.push(job.channel ?? 'email');
  }
  await recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: row.id, action: 'payment-link-sent', before: null, after: { channels: sent, amount: duePaise / 100 } });
  return sent;
}

/** "Send payment link" in the console: the bill's link to the patient, while something is due and the booking stands */
export async function sendPaymentLink(deps: PaymentDeps & { publicUrl: string; gatewayOn: boolean }, actor: number, billId: number): Promise<{ sent: MessageChannel[] }> {
  if (!deps.gatewayOn) throw new HttpError(404, m('payments.gateway_off'));
  return deps.db.transaction().execute(async (trx) => {
    await q.lockBill(trx, billId, deps.dialect);
    const row = await q.billById(trx, billId);
    if (!row) throw notFound(m('billing.not_found'));
    if (row.appointment_id === null) throw badRequest(m('payments.link_not_a_visit'));
    if (row.appointment_status === 'cancelled') throw badRequest(m('payments.link_cancelled'));
    const due = stateOf(row, false, todayIst(0, deps.now())).duePaise;
    if (due === 0) throw badRequest(NOTHING_DUE);
    const sent = await queuePaymentLink(trx, deps, row, due, actor);
    if (sent.length === 0) throw badRequest(m('payments.link_no_channel'));
    return { sent };
  });
}
