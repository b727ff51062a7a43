// The e-mails of the patient's rights: a grievance answered, and the account closed (sent before its
// address is erased, saying what the lab keeps by law and until when).
import type { LabDetails } from '@lab/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml, labFooterHtml, labFooterText } from '../../mail/templates.ts';

type MailLab = Pick<LabDetails, 'name' | 'address_lines' | 'phones' | 'email'>;

function message(to: string, subject: string, paragraphs: string[], lab: MailLab): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, '']), labFooterText(lab)].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  ${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n  ')}
  ${labFooterHtml(lab)}
</body>
</html>`;
  return { to, subject, text, html };
}

export function grievanceAnsweredMail(m: { to: string; firstName: string; subject: string; answer: string; dashboardLink: string; lab: MailLab }): MailMessage {
  return message(
    m.to,
    `Your grievance has been answered: ${m.subject}`,
    [
      `Hello ${m.firstName || 'there'},`,
      `The lab's grievance officer has answered your grievance "${m.subject}":`,
      m.answer,
      `You can read it, and all your requests, in your dashboard under "Your data": ${m.dashboardLink}`,
      'If you are not satisfied with this answer, you may complain to the Data Protection Board of India.',
    ],
    m.lab,
  );
}

export function accountClosedMail(m: { to: string; firstName: string; kept: { kind: 'bill' | 'report'; count: number; kept_until: string }[]; lab: MailLab }): MailMessage {
  const kept = m.kept.length
    ? [
        'The law requires us to keep some records for a time. They are kept apart from your contact details and used for nothing else:',
        m.kept.map((k) => `- ${k.count} ${k.kind === 'bill' ? (k.count === 1 ? 'bill with its payments' : 'bills with their payments') : k.count === 1 ? 'report' : 'reports'}, until ${k.kept_until}`).join('\n'),
        'On those dates they are erased too.',
      ]
    : ['We keep nothing else about you.'];
  return message(
    m.to,
    `Your ${m.lab.name} account is closed`,
    [`Hello ${m.firstName || 'there'},`, 'As you asked, your account is closed. Your name, e-mail address, phone numbers, addresses, age and sex are erased, and you can no longer sign in.', ...kept, 'This is the last e-mail we send to this address.'],
    m.lab,
  );
}
