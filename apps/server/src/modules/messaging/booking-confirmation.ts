// The booking confirmation e-mail: the booking reference, date, time, tests, total in rupees, the
// preparation the tests need, and the
// link that opens the bill for whoever holds it (the capability route, not the in-app /billing guard).
// Anyone can book with any e-mail address, and nothing confirms that the address is the booker's, so
// the mail carries no free text from the booking (no name, no address): only what the lab itself
// wrote (dates, catalogue names, prices, the reference, the link). Nobody can use it to send their words to a stranger.
import { formatRupees, paths } from '@lab/contract';
import type { BookingMail, MailMessage } from './message.ts';
import { escapeHtml, labFooterHtml, labFooterText } from './templates.ts';
import { mailWords } from './words/index.ts';

const rs = (paise: number) => formatRupees(paise / 100);

export function bookingConfirmation(m: BookingMail): MailMessage {
  const link = `${m.publicUrl}${paths.billLink(m.appointmentId)}`;
  const w = mailWords[m.language];
  const when = w.when(m.date, m.time);
  const where = m.homeSample ? w.booking.home : w.booking.centre;
  const preparation = m.preparation ?? [];
  const totalLabel = m.offerPaise !== null ? w.booking.totalPackage : w.booking.total;
  const text = [
    w.hello,
    '',
    w.booking.booked(when),
    `${w.booking.reference}: ${m.reference}`,
    where,
    '',
    w.booking.tests,
    ...m.tests.map((t) => `  - ${t.name}: ${rs(t.pricePaise)}`),
    `${totalLabel}: ${rs(m.totalPaise)}`,
    ...(preparation.length > 0 ? ['', w.booking.before, ...preparation.map((line) => `  - ${line}`)] : []),
    '',
    `${w.booking.bill}: ${link}`,
    '',
    labFooterText(m.lab, w),
  ].join('\n');
  const rows = m.tests
    .map((t) => `<tr><td>${escapeHtml(t.name)}</td><td style="text-align:right">${rs(t.pricePaise)}</td></tr>`)
    .join('');
  const booked = escapeHtml(w.booking.booked('\u0000')).split('\u0000');
  const html = `<p>${w.hello}</p>
<p>${booked[0]}<strong>${escapeHtml(when)}</strong>${booked[1]}<br>${escapeHtml(where)}</p>
<p>${w.booking.reference}: <strong>${escapeHtml(m.reference)}</strong></p>
<table cellpadding="4" cellspacing="0" border="1"><thead><tr><th align="left">${w.booking.test}</th><th align="right">${w.booking.price}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th align="left">${totalLabel}</th><th align="right">${rs(m.totalPaise)}</th></tr></tfoot></table>
${preparation.length > 0 ? `<p><strong>${w.booking.before}</strong></p><ul>${preparation.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}">${w.booking.viewBill}</a></p>
${labFooterHtml(m.lab, w)}`;
  return { to: m.to, subject: bookingSubject(m), text, html };
}

/** the confirmation's subject, which its job row keeps from the start (the delivery log shows it) */
export const bookingSubject = (m: Pick<BookingMail, 'language' | 'reference' | 'date' | 'time'>): string => mailWords[m.language].booking.subject(m.reference, m.date, m.time);
