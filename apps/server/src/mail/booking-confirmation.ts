// The booking confirmation e-mail: date, time, tests, total in rupees and the link to the bill.
// Anyone can book with any e-mail address, and nothing confirms that the address is the booker's, so
// the mail carries no free text from the booking (no name, no address): only what the lab itself
// wrote (dates, catalogue names, prices, the link). Nobody can use it to send their words to a stranger.
import type { MailMessage } from './mailer.ts';

export interface BookingMail {
  to: string;
  appointmentId: string;
  date: string;
  time: string;
  tests: Array<{ name: string; pricePaise: number }>;
  totalPaise: number;
  /** set when a package price replaced the sum of the tests */
  offerPaise: number | null;
  homeSample: boolean;
  publicUrl: string;
}

const rs = (paise: number) => `Rs ${(paise / 100).toFixed(2)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** a date as people read it, e.g. "Mon 14 Jul 2025" (by hand: Intl formatting costs more than the rest of the mail) */
export function readableDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function bookingConfirmation(m: BookingMail): MailMessage {
  const link = `${m.publicUrl}/billing/${encodeURIComponent(m.appointmentId)}`;
  const when = `${readableDate(m.date)} (${m.date}) at ${m.time}`;
  const where = m.homeSample
    ? 'We will collect your sample at the address given with the booking.'
    : 'Please visit the centre for your sample collection.';
  const totalLine = m.offerPaise !== null ? `Total (package price): ${rs(m.totalPaise)}` : `Total: ${rs(m.totalPaise)}`;
  const text = [
    'Hello,',
    '',
    `Your appointment is booked for ${when}.`,
    where,
    '',
    'Tests:',
    ...m.tests.map((t) => `  - ${t.name}: ${rs(t.pricePaise)}`),
    totalLine,
    '',
    `Your bill: ${link}`,
    `Appointment reference: ${m.appointmentId}`,
    '',
    'Lab Centre Diagnostics',
  ].join('\n');
  const rows = m.tests
    .map((t) => `<tr><td>${escapeHtml(t.name)}</td><td style="text-align:right">${rs(t.pricePaise)}</td></tr>`)
    .join('');
  const html = `<p>Hello,</p>
<p>Your appointment is booked for <strong>${escapeHtml(when)}</strong>.<br>${escapeHtml(where)}</p>
<table cellpadding="4" cellspacing="0" border="1"><thead><tr><th align="left">Test</th><th align="right">Price</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th align="left">${m.offerPaise !== null ? 'Total (package price)' : 'Total'}</th><th align="right">${rs(m.totalPaise)}</th></tr></tfoot></table>
<p><a href="${escapeHtml(link)}">View your bill</a> (reference ${escapeHtml(m.appointmentId)})</p>
<p>Lab Centre Diagnostics</p>`;
  return { to: m.to, subject: `Appointment booked for ${m.date} at ${m.time}`, text, html };
}
