// The booking confirmation e-mail: the booking reference, date, time, tests, total in rupees, the
// preparation the tests need, and the
// link that opens the bill for whoever holds it (the capability route, not the in-app /billing guard).
// Anyone can book with any e-mail address, and nothing confirms that the address is the booker's, so
// the mail carries no free text from the booking (no name, no address): only what the lab itself
// wrote (dates, catalogue names, prices, the reference, the link). Nobody can use it to send their words to a stranger.
import { formatDayDate, formatRupees, paths } from '@lab/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml, labFooterHtml, labFooterText, type MailLab } from './templates.ts';

export interface BookingMail {
  to: string;
  appointmentId: string;
  /** the short reference people read aloud, "LC-7K4M-Q2" */
  reference: string;
  date: string;
  time: string;
  tests: Array<{ name: string; pricePaise: number }>;
  totalPaise: number;
  /** set when a package price replaced the sum of the tests */
  offerPaise: number | null;
  homeSample: boolean;
  /** the combined preparation of the tests, as sentences (the catalogue's words); empty for none */
  preparation?: string[];
  publicUrl: string;
  /** the lab's own lines (its details, not the booker's words) */
  lab: MailLab;
}

const rs = (paise: number) => formatRupees(paise / 100);

export function bookingConfirmation(m: BookingMail): MailMessage {
  const link = `${m.publicUrl}${paths.billLink(m.appointmentId)}`;
  const when = `${formatDayDate(m.date)} at ${m.time}`;
  const where = m.homeSample
    ? 'We will collect your sample at the address given with the booking.'
    : 'Please visit the centre for your sample collection.';
  const preparation = m.preparation ?? [];
  const totalLine = m.offerPaise !== null ? `Total (package price): ${rs(m.totalPaise)}` : `Total: ${rs(m.totalPaise)}`;
  const text = [
    'Hello,',
    '',
    `Your appointment is booked for ${when}.`,
    `Booking reference: ${m.reference}`,
    where,
    '',
    'Tests:',
    ...m.tests.map((t) => `  - ${t.name}: ${rs(t.pricePaise)}`),
    totalLine,
    ...(preparation.length > 0 ? ['', 'Before your test:', ...preparation.map((line) => `  - ${line}`)] : []),
    '',
    `Your bill: ${link}`,
    '',
    labFooterText(m.lab),
  ].join('\n');
  const rows = m.tests
    .map((t) => `<tr><td>${escapeHtml(t.name)}</td><td style="text-align:right">${rs(t.pricePaise)}</td></tr>`)
    .join('');
  const html = `<p>Hello,</p>
<p>Your appointment is booked for <strong>${escapeHtml(when)}</strong>.<br>${escapeHtml(where)}</p>
<p>Booking reference: <strong>${escapeHtml(m.reference)}</strong></p>
<table cellpadding="4" cellspacing="0" border="1"><thead><tr><th align="left">Test</th><th align="right">Price</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th align="left">${m.offerPaise !== null ? 'Total (package price)' : 'Total'}</th><th align="right">${rs(m.totalPaise)}</th></tr></tfoot></table>
${preparation.length > 0 ? `<p><strong>Before your test:</strong></p><ul>${preparation.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}">View your bill</a></p>
${labFooterHtml(m.lab)}`;
  return { to: m.to, subject: `Appointment ${m.reference} booked for ${formatDayDate(m.date)} at ${m.time}`, text, html };
}
