// The words of the e-mails and documents the server writes (decision 035), by name, so the e-mails and
// PDFs read `w.reset.subject(lab)` and not message codes. Their texts are `mail.*` codes of the contract's
// catalogues (decision 055), read by one reader for every language (from-catalogue.ts): a code without
// Hindi fails the typecheck and the Hindi test, and each language orders its own words around the values.
import type { CombinedPreparation, PatientSex, PaymentMode, ResultFlag, SampleProblem, VisitKind } from '@lab/contract';

export interface MailWords {
  /** a calendar date with its weekday, e.g. "Wed, 25 Nov 2026" / "बुधवार, 25 नवंबर 2026" */
  dayDate(date: string): string;
  /** "Wed, 25 Nov 2026 at 09:30" */
  when(date: string, time: string): string;
  /**
   * the preparation lines of the tests, worded for the visit (come to the centre before a time, or the
   * sample drawn at home before it); their own instructions come already in the letter's language
   * (catalog/preparation.ts)
   */
  preparation(c: CombinedPreparation, visit: VisitKind): string[];
  phone: string;
  email: string;
  hello: string;
  helloName(name: string): string;
  dear(name: string): string;

  reset: {
    subject(lab: string): string;
    asked(lab: string, username: string): string;
    askedHtml(lab: string, usernameHtml: string): string;
    /** to an address not yet proven: no name or username (a stranger may have typed them; decision 049) */
    askedNoName(lab: string): string;
    open: string;
    button: string;
    copy: string;
    validity(minutes: number): string;
  };
  booking: {
    subject(reference: string, date: string, time: string): string;
    booked(when: string): string;
    reference: string;
    home: string;
    centre: string;
    tests: string;
    test: string;
    price: string;
    total: string;
    totalPackage: string;
    before: string;
    bill: string;
    viewBill: string;
  };
  reminder: {
    subject(reference: string, time: string): string;
    lead(when: string): string;
    home: string;
    visit: string;
    prepare: string;
    cancel: string;
    cancelLink: string;
    cannotCome: string;
    call(phone: string): string;
  };
  reportReady: {
    subject: string;
    subjectAmended: string;
    lead: string;
    leadAmended: string;
    download: string;
    downloadLink: string;
    dashboard(link: string): string;
    dashboardHtml(linkHtml: string): string;
    dashboardWord: string;
    privacy: string;
  };
  /** the proof of an account's address (decision 049): it greets nobody and carries no text a registrant typed */
  proof: {
    subject(lab: string): string;
    open(lab: string): string;
    button: string;
    validity(days: number): string;
  };
  claim: {
    subject(lab: string): string;
    open(address: string, lab: string): string;
    button: string;
    validity(days: number): string;
  };
  calendar: {
    title(lab: string, reference: string): string;
    description(when: string, reference: string, billLink: string): string;
    home: string;
  };
  /** a moment in India time, "24 Nov 2026, 14:30 IST" */
  dateTime(iso: string): string;
  /** the PDF report */
  report: {
    title(reference: string): string;
    columns: readonly [string, string, string, string, string];
    notRecorded: string;
    accredited(body: string, certificate: string, validUntil: string): string;
    verify(code: string): string;
    patient: string;
    ageSex: string;
    /** the label of the booking reference people read aloud ("LC-7K4M-Q2") */
    bookingReference: string;
    /** the label of the patient's ABHA number and address (docs/abdm.md) */
    abha: string;
    version: string;
    amendedVersion(version: number): string;
    collected: string;
    received: string;
    released: string;
    sample: string;
    sex: Record<PatientSex, string>;
    /** the age as the report's snapshot printed it ("34 years", "20 days") */
    age(printed: string): string;
    amended(previous: number, reason: string): string;
    sampleOf(type: string): string;
    /** a test's heading repeated on the next page its rows run on to */
    continued(test: string): string;
    critical: string;
    flags: Record<ResultFlag, string>;
    legend(url: string, code: string): string;
    registration(no: string): string;
    releasedBy: string;
    end: string;
    page(n: number, of: number): string;
    /** "Referred by Dr …" */
    referredBy(name: string): string;
    /** under a test whose sample was accepted with a problem (docs/samples.md) */
    sampleProblem(problem: SampleProblem): string;
  };
  /** the e-mails to a referring doctor (modules/people/doctors.ts): the sign-in link asked for, or sent when a report is released */
  doctor: {
    linkSubject(lab: string): string;
    linkLead(hours: number): string;
    reportSubject(lab: string): string;
    reportLead(hours: number): string;
  };
  /** the e-mail asking for a new sample after one was rejected (modules/samples/rejection-mail.ts) */
  sampleRejected: {
    subject(reference: string): string;
    lead(reference: string, reason: SampleProblem, tests: readonly string[]): string;
    free: string;
    pick: string;
  };
  /** the e-mail telling a patient their report is late, with the new time (modules/samples/late-notice.ts, decision 071) */
  reportLate: {
    subject(reference: string): string;
    /** `expected`: the new time as the letter writes a date and time (`when`) */
    lead(reference: string, expected: string): string;
    tell: string;
  };
  /** the payment link's e-mail (modules/payments/payment-link.ts): the phone message's sentence and button */
  paymentLink: {
    subject(reference: string): string;
    lead(amount: string, reference: string): string;
    button: string;
  };
  /** the e-mails of the patient's rights (modules/privacy/rights-mail.ts) */
  rights: {
    /** "Hello Asha," (or without a name) */
    greeting(firstName: string): string;
    grievanceSubject(subject: string): string;
    grievanceLead(subject: string): string;
    grievanceDashboard(link: string): string;
    grievanceBoard: string;
    closedSubject(lab: string): string;
    closedLead: string;
    keptLead: string;
    /** one line of what is kept by law: how many bills or reports, and until when (YYYY-MM-DD) */
    kept(kind: 'bill' | 'report', count: number, until: string): string;
    keptEnd: string;
    keptNothing: string;
    lastMail: string;
  };
  /** the payment receipt PDF */
  receipt: {
    title(invoice: string): string;
    heading: string;
    invoice: string;
    billedOn: string;
    billed: string;
    packagePrice(name: string): string;
    /** a bill line's label (modules/billing/lines.ts): a test or plan by its name, the package, a discount */
    billLine(kind: 'test' | 'package' | 'offer_discount' | 'member_discount' | 'membership', name: string): string;
    /** under a package's line: its tests, included in its price */
    included(names: string): string;
    payments: string;
    payment(refund: boolean, amount: string, mode: string, reference: string | null, at: string): string;
    modes: Record<PaymentMode, string>;
    paid: string;
    status: string;
    statusPaid: string;
    computerMade: string;
  };
}
