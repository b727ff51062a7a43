// The shapes of an e-mail and of the facts the mail thread writes into one: plain data, so a message
// is stored as JSON in its job row and handed to the mail thread as it is. Every file of the module
// imports these from here (and this file imports none of them), so the module has no import circle.
import type { LabDetails, Locale } from '@lab/contract';

export interface MailMessage {
  /** the sender: the lab's name and e-mail address from its details (the job runner sets it when it sends) */
  from?: MailSender;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** e.g. the .ics calendar event of a booking (text content, so the message stays plain JSON for the job table) */
  attachments?: MailAttachment[];
  /**
   * the visit as a calendar event: made into an .ics attachment where the message is composed (the mail
   * thread), since the library's checks cost as much CPU as the rest of a booking (decision 029)
   */
  calendar?: CalendarVisit;
  /**
   * a booking confirmation still to be written: its facts, which the mail thread makes into `text` and
   * `html` (booking-confirmation.ts) when it sends, so the booking's request does not (decision 036)
   */
  booking?: BookingMail;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * writes a whole file readable by the server's user only (lib/whole-file.ts) in the thread that writes
   * the e-mails' .eml files: the phone channels' outbox (channels/outbox.ts) hands its files over, so the
   * event loop serving requests does not make the file system calls. Absent: the caller writes it itself.
   */
  writeFile?(file: string, data: string): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
}

export interface MailSender {
  name: string;
  address: string;
}

// The lab's own lines at the foot of every e-mail (name, address, phones, e-mail), from the details an
// admin keeps in the console, so a patient can call or write back to the lab that mailed them.
export type MailLab = Pick<LabDetails, 'name' | 'address_lines' | 'phones' | 'email'>;

/** a visit as the calendar event (calendar.ts) of the confirmation and the reminder shows it */
export interface CalendarVisit {
  appointmentId: string;
  reference: string;
  date: string;
  time: string;
  labName: string;
  /** where it happens: the centre's printed address, or a home collection */
  location: string;
  billLink: string;
  language: Locale;
}

/** the facts of a booking confirmation, written into its text and HTML by booking-confirmation.ts */
export interface BookingMail {
  to: string;
  appointmentId: string;
  /** the short reference people read aloud, "LC-7K4M-Q2" */
  reference: string;
  date: string;
  time: string;
  tests: Array<{ name: string; pricePaise: number }>;
  totalPaise: number;
  /** set when a package price replaced the sum of the tests */
  offerPaise: number | null;
  homeSample: boolean;
  /** the combined preparation of the tests, as sentences (the catalogue's words); empty for none */
  preparation?: string[];
  publicUrl: string;
  /** the lab's own lines (its details, not the booker's words) */
  lab: MailLab;
  /** the language of the appointment (chosen at booking) */
  language: Locale;
}
