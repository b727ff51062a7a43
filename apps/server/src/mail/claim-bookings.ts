// The e-mail that proves an account owns its address: opening its link joins the bookings made as a
// guest with that address to the account.
import type { MailMessage } from './mailer.ts';
import { CENTRE_NAME, escapeHtml } from './templates.ts';

export function claimBookingsMail(m: { to: string; name: string; link: string; validDays: number }): MailMessage {
  const text = [
    `Hello ${m.name},`,
    '',
    `Open this link to confirm that ${m.to} is your e-mail address. Bookings you made as a guest with it will then appear in your ${CENTRE_NAME} account:`,
    '',
    m.link,
    '',
    `The link works for ${m.validDays} days. If you did not ask for it, ignore this e-mail.`,
    '',
    CENTRE_NAME,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(m.name)},</p>
<p>Open this link to confirm that ${escapeHtml(m.to)} is your e-mail address. Bookings you made as a guest with it will then appear in your ${CENTRE_NAME} account:</p>
<p><a href="${escapeHtml(m.link)}">Confirm my e-mail address</a></p>
<p>The link works for ${m.validDays} days. If you did not ask for it, ignore this e-mail.</p>
<p>${CENTRE_NAME}</p>`;
  return { to: m.to, subject: `Confirm your e-mail address for ${CENTRE_NAME}`, text, html };
}
