// The e-mails the product sends, as plain text and simple HTML (no remote images, no scripts).
import type { LabDetails } from '@lab/contract';
import type { MailMessage } from './mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The lab's own lines at the foot of every e-mail (name, address, phones, e-mail), from the details an
// admin keeps in the console, so a patient can call or write back to the lab that mailed them.
export type MailLab = Pick<LabDetails, 'name' | 'address_lines' | 'phones' | 'email'>;

export function labFooterText(lab: MailLab): string {
  return [lab.name, ...lab.address_lines, `Phone: ${lab.phones.join(', ')}`, `E-mail: ${lab.email}`].join('\n');
}

export function labFooterHtml(lab: MailLab): string {
  const lines = [`<strong>${escapeHtml(lab.name)}</strong>`, ...lab.address_lines.map(escapeHtml), `Phone: ${escapeHtml(lab.phones.join(', '))}`, `E-mail: <a href="mailto:${escapeHtml(lab.email)}">${escapeHtml(lab.email)}</a>`];
  return `<p style="color: #4b5563; font-size: 14px;">${lines.join('<br>')}</p>`;
}

export interface PasswordResetMail {
  to: string;
  firstName: string;
  username: string;
  link: string;
  validMinutes: number;
  lab: MailLab;
}

export function passwordResetMail(m: PasswordResetMail): MailMessage {
  const name = m.firstName.trim() || m.username;
  const centre = m.lab.name;
  const subject = `Reset your ${centre} password`;
  const text = [
    `Hello ${name},`,
    '',
    `Someone (hopefully you) asked to reset the password of your ${centre} account "${m.username}".`,
    'Open this link to choose a new password:',
    '',
    m.link,
    '',
    `The link works once and for ${m.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    labFooterText(m.lab),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <p>Hello ${escapeHtml(name)},</p>
  <p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(centre)} account <strong>${escapeHtml(m.username)}</strong>.</p>
  <p><a href="${escapeHtml(m.link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px;">Reset password</a></p>
  <p>Or copy this link into your browser:<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <p>The link works once and for ${m.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
  ${labFooterHtml(m.lab)}
</body>
</html>`;
  return { to: m.to, subject, text, html };
}
