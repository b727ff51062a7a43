// The e-mail telling a patient a container was rejected at the lab: why, which tests wait for a new
// sample, that it is collected free of charge, and the link to pick its time (docs/samples.md, "Rejection"). In the booking's
// language, in the words of the e-mails (messaging/words: `w.sampleRejected`).
import type { Locale, SampleProblem } from '@lab/contract';
import type { MailLab, MailMessage } from '../messaging/message.ts';
import { escapeHtml, labFooterHtml, labFooterText } from '../messaging/templates.ts';
import { mailWords } from '../messaging/words/index.ts';

export interface RejectionMail {
  to: string;
  name: string;
  reference: string;
  reason: SampleProblem;
  tests: readonly string[];
  /** the page where the patient picks a slot for the new sample */
  link: string;
  lab: MailLab;
  language: Locale;
}

export function rejectionMail(r: RejectionMail): MailMessage {
  const w = mailWords[r.language];
  const lead = w.sampleRejected.lead(r.reference, r.reason, r.tests);
  const { free, pick } = w.sampleRejected;
  const text = [w.dear(r.name), '', lead, free, '', pick, r.link, '', labFooterText(r.lab, w)].join('\n');
  const html = `<p>${escapeHtml(w.dear(r.name))}</p>\n<p>${escapeHtml(lead)}</p>\n<p>${escapeHtml(free)}</p>\n<p>${escapeHtml(pick)} <a href="${escapeHtml(r.link)}">${escapeHtml(r.link)}</a></p>\n${labFooterHtml(r.lab, w)}`;
  return { to: r.to, subject: w.sampleRejected.subject(r.reference), text, html };
}
