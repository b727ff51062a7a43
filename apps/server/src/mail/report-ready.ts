// The "Your report is ready" e-mail: a link to the report, never the report itself (health data does
// not travel in mail), and no result in the text either.
import { paths } from '@lab/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml, labFooterHtml, labFooterText, type MailLab } from './templates.ts';

export interface ReportReadyMail {
  to: string;
  name: string;
  appointmentId: string;
  publicUrl: string;
  /** a new version replaced the one released before */
  amended: boolean;
  lab: MailLab;
}

export function reportReadyMail(m: ReportReadyMail): MailMessage {
  const link = `${m.publicUrl}${paths.report(m.appointmentId)}`;
  const dashboard = `${m.publicUrl}/dashboard`;
  const subject = m.amended ? 'Your amended report is ready' : 'Your report is ready';
  const lead = m.amended
    ? 'Your test report has been amended by our pathologist. The new version replaces the earlier one.'
    : 'Your test report has been checked and released by our pathologist.';
  const text = [
    `Dear ${m.name},`,
    '',
    lead,
    'Download it (PDF) here:',
    '',
    link,
    '',
    `If you have an account, it is also on your dashboard: ${dashboard}`,
    'For your privacy the report is not attached to this e-mail.',
    '',
    labFooterText(m.lab),
  ].join('\n');
  const html = `<p>Dear ${escapeHtml(m.name)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}">Download your report (PDF)</a></p>
<p>If you have an account, it is also on your <a href="${escapeHtml(dashboard)}">dashboard</a>.<br>For your privacy the report is not attached to this e-mail.</p>
${labFooterHtml(m.lab)}`;
  return { to: m.to, subject, text, html };
}
