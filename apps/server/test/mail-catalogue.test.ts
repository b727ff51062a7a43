// The words of the e-mails and PDFs as codes of the contract's catalogues (decision record 055): the
// Hindi writes the glossary's medical and lab terms out, and this keeps them the glossary's; and the
// words' reader reads every `mail.*` code, so none lingers in the catalogue unread.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type GlossaryKey, glossary, type MessageCode, messagesEn, messagesHi } from '@lab/contract';
import { describe, expect, it } from 'vitest';

/** the glossary's terms each Hindi text says */
const terms: Partial<Record<MessageCode, GlossaryKey[]>> = {
  'preparation.fast_hours': ['fasting', 'sample'],
  'mail.booking.subject': ['appointment'],
  'mail.booking.booked': ['appointment'],
  'mail.booking.home': ['sample'],
  'mail.booking.centre': ['sampleCollection'],
  'mail.booking.tests': ['tests'],
  'mail.booking.test': ['test'],
  'mail.booking.total_package': ['package'],
  'mail.booking.before': ['preparation'],
  'mail.booking.bill': ['bill'],
  'mail.booking.view_bill': ['bill'],
  'mail.reminder.subject': ['appointment'],
  'mail.reminder.lead': ['appointment'],
  'mail.reminder.home': ['sample'],
  'mail.reminder.prepare': ['preparation'],
  'mail.reminder.cancel': ['appointment'],
  'mail.reminder.cancel_link': ['appointment'],
  'mail.report_ready.subject': ['report'],
  'mail.report_ready.subject_amended': ['report'],
  'mail.report_ready.lead': ['pathologist', 'test', 'report'],
  'mail.report_ready.lead_amended': ['pathologist', 'report'],
  'mail.report_ready.download_link': ['report'],
  'mail.report_ready.privacy': ['report'],
  'mail.calendar.title': ['appointment'],
  'mail.calendar.description': ['bill'],
  'mail.calendar.home': ['homeCollection'],
  'mail.report.title': ['test', 'report'],
  'mail.report.column.test': ['test'],
  'mail.report.column.result': ['result'],
  'mail.report.column.reference': ['referenceRange'],
  'mail.report.version': ['report'],
  'mail.report.collected': ['sample'],
  'mail.report.sample': ['sample'],
  'mail.report.amended': ['report'],
  'mail.report.sample_of': ['sample'],
  'mail.report.legend': ['referenceRange', 'report'],
  'mail.report.released_by': ['pathologist', 'report'],
  'mail.report.end': ['report'],
  'mail.rights.kept_bill': ['bill', 'payment'],
  'mail.rights.kept_bills': ['bill', 'payment'],
  'mail.rights.kept_report': ['report'],
  'mail.rights.kept_reports': ['report'],
  'mail.receipt.title': ['receipt'],
  'mail.receipt.heading': ['payment', 'receipt'],
  'mail.receipt.billed_on': ['bill'],
  'mail.receipt.billed': ['bill'],
  'mail.receipt.package_price': ['package'],
  'mail.receipt.package_line': ['package'],
  'mail.receipt.member_discount': ['membership'],
  'mail.receipt.payments': ['payment'],
  'mail.receipt.computer_made': ['receipt'],
};

describe('the words of the e-mails and PDFs in the catalogues', () => {
  it("says the glossary's Hindi terms", () => {
    for (const [code, keys] of Object.entries(terms) as [MessageCode, GlossaryKey[]][]) {
      for (const key of keys) expect(messagesHi[code], `${code}: ${key}`).toContain(glossary[key].hi);
    }
  });

  it('reads every mail code', () => {
    const reader = readFileSync(path.resolve(import.meta.dirname, '../src/modules/messaging/words/from-catalogue.ts'), 'utf8');
    const unread = Object.keys(messagesEn).filter((code) => code.startsWith('mail.') && !reader.includes(`'${code}'`));
    expect(unread).toEqual([]);
  });
});
