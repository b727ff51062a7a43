// The e-mails the product sends, as plain text and simple HTML (no remote images, no scripts).
import type { MailMessage } from './mailer.ts';

export const CENTRE_NAME = 'Lab Centre Diagnostics';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PasswordResetMail {
  to: string;
  firstName: string;
  username: string;
  link: string;
  validMinutes: number;
}

export function passwordResetMail(m: PasswordResetMail): MailMessage {
  const name = m.firstName.trim() || m.username;
  const subject = `Reset your ${CENTRE_NAME} password`;
  const text = [
    `Hello ${name},`,
    '',
    `Someone (hopefully you) asked to reset the password of your ${CENTRE_NAME} account "${m.username}".`,
    'Open this link to choose a new password:',
    '',
    m.link,
    '',
    `The link works once and for ${m.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    `${CENTRE_NAME}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <p>Hello ${escapeHtml(name)},</p>
  <p>Someone (hopefully you) asked to reset the password of your ${CENTRE_NAME} account <strong>${escapeHtml(m.username)}</strong>.</p>
  <p><a href="${escapeHtml(m.link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px;">Reset password</a></p>
  <p>Or copy this link into your browser:<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <p>The link works once and for ${m.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
  <p>${CENTRE_NAME}</p>
</body>
</html>`;
  return { to: m.to, subject, text, html };
}
