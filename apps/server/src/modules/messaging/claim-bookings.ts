// The e-mail that proves an account owns its address: opening its link joins the bookings made as a
// guest with that address to the account.
import type { Locale } from '@lab/contract';
import type { MailLab, MailMessage } from './message.ts';
import { escapeHtml, labFooterHtml, labFooterText } from './templates.ts';
import { mailWords } from './words/index.ts';

/** `name`: empty for an account whose address is not proven yet: the mail then greets nobody (decision 049) */
export function claimBookingsMail(m: { to: string; name: string; link: string; validDays: number; lab: MailLab; language: Locale }): MailMessage {
  const centre = m.lab.name;
  const w = mailWords[m.language];
  const hello = m.name ? w.helloName(m.name) : w.hello;
  const text = [
    hello,
    '',
    w.claim.open(m.to, centre),
    '',
    m.link,
    '',
    w.claim.validity(m.validDays),
    '',
    labFooterText(m.lab, w),
  ].join('\n');
  const html = `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(w.claim.open(m.to, centre))}</p>
<p><a href="${escapeHtml(m.link)}">${w.claim.button}</a></p>
<p>${w.claim.validity(m.validDays)}</p>
${labFooterHtml(m.lab, w)}`;
  return { to: m.to, subject: w.claim.subject(centre), text, html };
}
