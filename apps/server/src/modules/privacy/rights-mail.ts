// The e-mails of the patient's rights: a grievance answered, and the account closed (sent before its
// address is erased, saying what the lab keeps by law and until when). Each in the person's language
// (decision 035); the English is what it always was.
import type { LabDetails, Locale } from '@lab/contract';
import type { MailMessage } from '../messaging/message.ts';
import { escapeHtml, labFooterHtml, labFooterText } from '../messaging/templates.ts';
import { mailWords } from '../messaging/words/index.ts';

type MailLab = Pick<LabDetails, 'name' | 'address_lines' | 'phones' | 'email'>;

function message(to: string, subject: string, paragraphs: string[], lab: MailLab, language: Locale): MailMessage {
  const w = mailWords[language];
  const text = [...paragraphs.flatMap((p) => [p, '']), labFooterText(lab, w)].join('\n');
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  ${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n  ')}
  ${labFooterHtml(lab, w)}
</body>
</html>`;
  return { to, subject, text, html };
}

export function grievanceAnsweredMail(m: { to: string; firstName: string; subject: string; answer: string; dashboardLink: string; lab: MailLab; language: Locale }): MailMessage {
  const w = mailWords[m.language].rights;
  return message(
    m.to,
    w.grievanceSubject(m.subject),
    [w.greeting(m.firstName), w.grievanceLead(m.subject), m.answer, w.grievanceDashboard(m.dashboardLink), w.grievanceBoard],
    m.lab,
    m.language,
  );
}

export function accountClosedMail(m: { to: string; firstName: string; kept: { kind: 'bill' | 'report'; count: number; kept_until: string }[]; lab: MailLab; language: Locale }): MailMessage {
  const w = mailWords[m.language].rights;
  const kept = m.kept.length ? [w.keptLead, m.kept.map((k) => w.kept(k.kind, k.count, k.kept_until)).join('\n'), w.keptEnd] : [w.keptNothing];
  return message(m.to, w.closedSubject(m.lab.name), [w.greeting(m.firstName), w.closedLead, ...kept, w.lastMail], m.lab, m.language);
}
