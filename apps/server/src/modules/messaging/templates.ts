// The e-mails the product sends, as plain text and simple HTML (no remote images, no scripts).
import type { Locale } from '@lab/contract';
import type { MailLab, MailMessage } from './message.ts';
import { mailWords, type MailWords } from './words/index.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function labFooterText(lab: MailLab, w: MailWords = mailWords.en): string {
  return [lab.name, ...lab.address_lines, `${w.phone}: ${lab.phones.join(', ')}`, `${w.email}: ${lab.email}`].join('\n');
}

export function labFooterHtml(lab: MailLab, w: MailWords = mailWords.en): string {
  const lines = [`<strong>${escapeHtml(lab.name)}</strong>`, ...lab.address_lines.map(escapeHtml), `${w.phone}: ${escapeHtml(lab.phones.join(', '))}`, `${w.email}: <a href="mailto:${escapeHtml(lab.email)}">${escapeHtml(lab.email)}</a>`];
  return `<p style="color: #4b5563; font-size: 14px;">${lines.join('<br>')}</p>`;
}

export interface PasswordResetMail {
  to: string;
  /** null for an account whose address is not proven: the mail then names nobody (decision 049) */
  account: { firstName: string; username: string } | null;
  link: string;
  validMinutes: number;
  lab: MailLab;
  language: Locale;
}

export function passwordResetMail(m: PasswordResetMail): MailMessage {
  const centre = m.lab.name;
  const w = mailWords[m.language];
  const hello = m.account ? w.helloName(m.account.firstName.trim() || m.account.username) : w.hello;
  const subject = w.reset.subject(centre);
  const text = [
    hello,
    '',
    m.account ? w.reset.asked(centre, m.account.username) : w.reset.askedNoName(centre),
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
  <p>${escapeHtml(hello)}</p>
  <p>${m.account ? w.reset.askedHtml(escapeHtml(centre), escapeHtml(m.account.username)) : escapeHtml(w.reset.askedNoName(centre))}</p>
  <p><a href="${escapeHtml(m.link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px;">${w.reset.button}</a></p>
  <p>${w.reset.copy}<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <p>${w.reset.validity(m.validMinutes)}</p>
  ${labFooterHtml(m.lab, w)}
</body>
</html>`;
  return { to: m.to, subject, text, html };
}

/**
 * The proof of an account's address (decision 049): the only e-mail an unproven address gets besides
 * a reset or claim link. It greets nobody and holds nothing a registrant typed, only the lab's words.
 */
export function emailProofMail(m: { to: string; link: string; validDays: number; lab: MailLab; language: Locale }): MailMessage {
  const centre = m.lab.name;
  const w = mailWords[m.language];
  const text = [w.hello, '', w.proof.open(centre), '', m.link, '', w.proof.validity(m.validDays), '', labFooterText(m.lab, w)].join('\n');
  const html = `<!doctype html>
<html lang="${m.language}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <p>${escapeHtml(w.hello)}</p>
  <p>${escapeHtml(w.proof.open(centre))}</p>
  <p><a href="${escapeHtml(m.link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px;">${w.proof.button}</a></p>
  <p>${w.reset.copy}<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <p>${escapeHtml(w.proof.validity(m.validDays))}</p>
  ${labFooterHtml(m.lab, w)}
</body>
</html>`;
  return { to: m.to, subject: w.proof.subject(centre), text, html };
}
