// The e-mail that proves an account owns its address: opening its link joins the bookings made as a
// guest with that address to the account.
import type { MailMessage } from './mailer.ts';
import { escapeHtml, labFooterHtml, labFooterText, type MailLab } from './templates.ts';

export function claimBookingsMail(m: { to: string; name: string; link: string; validDays: number; lab: MailLab }): MailMessage {
  const centre = m.lab.name;
  const text = [
    `Hello ${m.name},`,
    '',
    `Open this link to confirm that ${m.to} is your e-mail address. Bookings you made as a guest with it will then appear in your ${centre} account:`,
    '',
    m.link,
    '',
    `The link works for ${m.validDays} days. If you did not ask for it, ignore this e-mail.`,
    '',
    labFooterText(m.lab),
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(m.name)},</p>
<p>Open this link to confirm that ${escapeHtml(m.to)} is your e-mail address. Bookings you made as a guest with it will then appear in your ${escapeHtml(centre)} account:</p>
<p><a href="${escapeHtml(m.link)}">Confirm my e-mail address</a></p>
<p>The link works for ${m.validDays} days. If you did not ask for it, ignore this e-mail.</p>
${labFooterHtml(m.lab)}`;
  return { to: m.to, subject: `Confirm your e-mail address for ${centre}`, text, html };
}
