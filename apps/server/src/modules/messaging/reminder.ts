// The reminder the evening before an appointment: when, where, what to prepare, the bill link and the
// link that cancels without signing in. Like the confirmation it carries no free text from the booking
// (decision 017): a home collection says "at the address given with the booking".
import { type Locale, paths } from '@lab/contract';
import type { MailMessage } from './message.ts';
import { escapeHtml } from './templates.ts';
import { mailWords } from './words/index.ts';

export interface ReminderMail {
  to: string;
  reference: string;
  date: string;
  time: string;
  tests: string[];
  homeSample: boolean;
  labName: string;
  labAddressLines: readonly string[];
  labPhone: string | undefined;
  /** preparation lines (fasting and the like) from the tests' preparation in the catalogue */
  preparation: readonly string[];
  billLink: string;
  cancelLink: string;
  /** the language of the appointment (chosen at booking) */
  language: Locale;
}

export function reminderMail(m: ReminderMail): MailMessage {
  const w = mailWords[m.language];
  const when = w.when(m.date, m.time);
  const where = m.homeSample ? [w.reminder.home] : [w.reminder.visit, m.labName, ...m.labAddressLines];
  // Nothing is said when the preparation is not known: "none needed" could be wrong (fasting).
  const prep = m.preparation.length > 0 ? [w.reminder.prepare, ...m.preparation.map((p) => `  - ${p}`), ''] : [];
  const call = m.labPhone ? w.reminder.call(m.labPhone) : '';
  const text = [
    w.hello,
    '',
    w.reminder.lead(when),
    `${w.booking.reference}: ${m.reference}`,
    '',
    ...where,
    '',
    w.booking.tests,
    ...m.tests.map((t) => `  - ${t}`),
    '',
    ...prep,
    `${w.booking.bill}: ${m.billLink}`,
    `${w.reminder.cancel} ${m.cancelLink}`,
    call,
    '',
    m.labName,
  ].join('\n');
  const lead = escapeHtml(w.reminder.lead('\u0000')).split('\u0000');
  const html = `<p>${w.hello}</p>
<p>${lead[0]}<strong>${escapeHtml(when)}</strong>${lead[1]}<br>${w.booking.reference}: <strong>${escapeHtml(m.reference)}</strong></p>
<p>${where.map(escapeHtml).join('<br>')}</p>
<p>${w.booking.tests}</p><ul>${m.tests.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>
${m.preparation.length > 0 ? `<p>${w.reminder.prepare}</p><ul>${m.preparation.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(m.billLink)}">${w.booking.viewBill}</a></p>
<p>${w.reminder.cannotCome} <a href="${escapeHtml(m.cancelLink)}">${w.reminder.cancelLink}</a></p>
${call ? `<p>${escapeHtml(call)}</p>` : ''}
<p>${escapeHtml(m.labName)}</p>`;
  return { to: m.to, subject: w.reminder.subject(m.reference, m.time), text, html };
}

export const cancelLinkOf = (publicUrl: string, token: string) => `${publicUrl}${paths.cancelBooking(token)}`;
