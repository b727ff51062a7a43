// The e-mails the product sends, as plain text and simple HTML (no remote images, no scripts).
import type { LabDetails, Locale } from '@lab/contract';
import type { MailMessage } from './mailer.ts';
import { mailWords, type MailWords } from './words/index.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The lab's own lines at the foot of every e-mail (name, address, phones, e-mail), from the details an
// admin keeps in the console, so a patient can call or write back to the lab that mailed them.
export type MailLab = Pick<LabDetails, 'name' | 'address_lines' | 'phones' | 'email'>;

export function labFooterText(lab: MailLab, w: MailWords = mailWords.en): string {
  return [lab.name, ...lab.address_lines, `${w.phone}: ${lab.phones.join(', ')}`, `${w.email}: ${lab.email}`].join('\n');
}

export function labFooterHtml(lab: MailLab, w: MailWords = mailWords.en): string {
  const lines = [`<strong>${escapeHtml(lab.name)}</strong>`, ...lab.address_lines.map(escapeHtml), `${w.phone}: ${escapeHtml(lab.phones.join(', '))}`, `${w.email}: <a href="mailto:${escapeHtml(lab.email)}">${escapeHtml(lab.email)}</a>`];
  return `<p style="color: #4b5563; font-size: 14px;">${lines.join('<br>')}</p>`;
}

export interface PasswordResetMail {
  to: string;
  firstName: string;
  username: string;
  link: string;
  validMinutes: number;
  lab: MailLab;
  language: Locale;
}

export function passwordResetMail(m: PasswordResetMail): MailMessage {
  const name = m.firstName.trim() || m.username;
  const centre = m.lab.name;
  const w = mailWords[m.language];
  const subject = w.reset.subject(centre);
  const text = [
    w.helloName(name),
    '',
    w.reset.asked(centre, m.username),
    w.reset.open,
    '',
    m.link,
    '',
    w.reset.validity(m.validMinutes),
    '',
    labFooterText(m.lab, w),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${m.language}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <p>${escapeHtml(w.helloName(name))}</p>
  <p>${w.reset.askedHtml(escapeHtml(centre), escapeHtml(m.username))}</p>
  <p><a href="${escapeHtml(m.link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px;">${w.reset.button}</a></p>
  <p>${w.reset.copy}<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <p>${w.reset.validity(m.validMinutes)}</p>
  ${labFooterHtml(m.lab, w)}
</body>
</html>`;
  return { to: m.to, subject, text, html };
}
