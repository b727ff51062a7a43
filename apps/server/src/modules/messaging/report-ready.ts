// The "Your report is ready" e-mail: a link to the report, never the report itself (health data does
// not travel in mail), and no result in the text either.
import { type Locale, paths } from '@lab/contract';
import type { MailLab, MailMessage } from './message.ts';
import { escapeHtml, labFooterHtml, labFooterText } from './templates.ts';
import { mailWords } from './words/index.ts';

export interface ReportReadyMail {
  to: string;
  name: string;
  appointmentId: string;
  publicUrl: string;
  /** a new version replaced the one released before */
  amended: boolean;
  lab: MailLab;
  /** the language of the appointment (chosen at booking) */
  language: Locale;
}

export function reportReadyMail(m: ReportReadyMail): MailMessage {
  const link = `${m.publicUrl}${paths.report(m.appointmentId)}`;
  // the dashboard's own path (a signed-out patient is sent through login and back to it)
  const dashboard = `${m.publicUrl}${paths.dashboard}`;
  const w = mailWords[m.language];
  const r = w.reportReady;
  const subject = m.amended ? r.subjectAmended : r.subject;
  const lead = m.amended ? r.leadAmended : r.lead;
  const text = [
    w.dear(m.name),
    '',
    lead,
    r.download,
    '',
    link,
    '',
    r.dashboard(dashboard),
    r.privacy,
    '',
    labFooterText(m.lab, w),
  ].join('\n');
  const html = `<p>${escapeHtml(w.dear(m.name))}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}">${r.downloadLink}</a></p>
<p>${r.dashboardHtml(`<a href="${escapeHtml(dashboard)}">${r.dashboardWord}</a>`)}<br>${r.privacy}</p>
${labFooterHtml(m.lab, w)}`;
  return { to: m.to, subject, text, html };
}
