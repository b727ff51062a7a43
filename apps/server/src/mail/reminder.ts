// The reminder the evening before an appointment: when, where, what to prepare, the bill link and the
// link that cancels without signing in. Like the confirmation it carries no free text from the booking
// (decision 017): a home collection says "at the address given with the booking".
import { formatDayDate, paths } from '@lab/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './templates.ts';

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
}

export function reminderMail(m: ReminderMail): MailMessage {
  const when = `${formatDayDate(m.date)} at ${m.time}`;
  const where = m.homeSample
    ? ['We will come to collect your sample at the address given with the booking.']
    : ['Please visit the centre:', m.labName, ...m.labAddressLines];
  // Nothing is said when the preparation is not known: "none needed" could be wrong (fasting).
  const prep = m.preparation.length > 0 ? ['How to prepare:', ...m.preparation.map((p) => `  - ${p}`), ''] : [];
  const call = m.labPhone ? `Questions? Call us on ${m.labPhone}.` : '';
  const text = [
    'Hello,',
    '',
    `A reminder of your appointment tomorrow, ${when}.`,
    `Booking reference: ${m.reference}`,
    '',
    ...where,
    '',
    'Tests:',
    ...m.tests.map((t) => `  - ${t}`),
    '',
    ...prep,
    `Your bill: ${m.billLink}`,
    `Cannot come? Cancel the appointment here: ${m.cancelLink}`,
    call,
    '',
    m.labName,
  ].join('\n');
  const html = `<p>Hello,</p>
<p>A reminder of your appointment tomorrow, <strong>${escapeHtml(when)}</strong>.<br>Booking reference: <strong>${escapeHtml(m.reference)}</strong></p>
<p>${where.map(escapeHtml).join('<br>')}</p>
<p>Tests:</p><ul>${m.tests.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>
${m.preparation.length > 0 ? `<p>How to prepare:</p><ul>${m.preparation.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(m.billLink)}">View your bill</a></p>
<p>Cannot come? <a href="${escapeHtml(m.cancelLink)}">Cancel the appointment</a></p>
${call ? `<p>${escapeHtml(call)}</p>` : ''}
<p>${escapeHtml(m.labName)}</p>`;
  return { to: m.to, subject: `Reminder: appointment ${m.reference} tomorrow at ${m.time}`, text, html };
}

export const cancelLinkOf = (publicUrl: string, token: string) => `${publicUrl}${paths.cancelBooking(token)}`;
