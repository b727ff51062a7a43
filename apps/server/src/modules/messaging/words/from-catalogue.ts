// The words of the e-mails and documents read from the contract's message catalogues (decision records
// 035 and 055): one reader for every language, so a sentence lives once, as a `mail.*` code with its
// English and Hindi. What stays code is the language's own formatting (dates), handed in, and the
// choices between sentences (a refund or a payment, one bill or several).
import { type CombinedPreparation, type Locale, m, type MessageCode, type MessageValues, paymentModeLabels, preparationMessages, sayIn, type VisitKind } from '@lab/contract';
import type { MailWords } from './types.ts';

/** how a language writes dates */
export interface DateFormats {
  /** a calendar date with its weekday */
  dayDate(date: string): string;
  /** a moment in India time */
  dateTime(iso: string): string;
  /** the date a kept record is erased on (YYYY-MM-DD) */
  keptUntil(date: string): string;
}

export function mailWordsFromCatalogue(language: Locale, formats: DateFormats): MailWords {
  const say = (code: MessageCode, values?: MessageValues) => sayIn(language, m(code, values));
  const { dayDate } = formats;
  const when = (date: string, time: string) => say('mail.when', { date: dayDate(date), time });
  const preparation = (c: CombinedPreparation, visit: VisitKind): string[] => preparationMessages(c, visit).map((said) => sayIn(language, said));
  const keptCodes = { bill: ['mail.rights.kept_bill', 'mail.rights.kept_bills'], report: ['mail.rights.kept_report', 'mail.rights.kept_reports'] } as const;
  const paymentCodes = { received: ['mail.receipt.received', 'mail.receipt.received_ref'], refund: ['mail.receipt.refunded', 'mail.receipt.refunded_ref'] } as const;

  return {
    dayDate,
    when,
    preparation,
    phone: say('mail.phone'),
    email: say('mail.email'),
    hello: say('mail.hello'),
    helloName: (name) => say('mail.hello_name', { name }),
    dear: (name) => say('mail.dear', { name }),

    reset: {
      subject: (lab) => say('mail.reset.subject', { lab }),
      asked: (lab, username) => say('mail.reset.asked', { lab, username }),
      askedHtml: (lab, username) => say('mail.reset.asked_html', { lab, username }),
      askedNoName: (lab) => say('mail.reset.asked_no_name', { lab }),
      open: say('mail.reset.open'),
      button: say('mail.reset.button'),
      copy: say('mail.reset.copy'),
      validity: (minutes) => say('mail.reset.validity', { minutes }),
    },
    booking: {
      subject: (reference, date, time) => say('mail.booking.subject', { reference, when: when(date, time) }),
      booked: (w) => say('mail.booking.booked', { when: w }),
      reference: say('mail.booking.reference'),
      home: say('mail.booking.home'),
      centre: say('mail.booking.centre'),
      tests: say('mail.booking.tests'),
      test: say('mail.booking.test'),
      price: say('mail.booking.price'),
      total: say('mail.booking.total'),
      totalPackage: say('mail.booking.total_package'),
      before: say('mail.booking.before'),
      bill: say('mail.booking.bill'),
      viewBill: say('mail.booking.view_bill'),
    },
    reminder: {
      subject: (reference, time) => say('mail.reminder.subject', { reference, time }),
      lead: (w) => say('mail.reminder.lead', { when: w }),
      home: say('mail.reminder.home'),
      visit: say('mail.reminder.visit'),
      prepare: say('mail.reminder.prepare'),
      cancel: say('mail.reminder.cancel'),
      cancelLink: say('mail.reminder.cancel_link'),
      cannotCome: say('mail.reminder.cannot_come'),
      call: (phone) => say('mail.reminder.call', { phone }),
    },
    reportReady: {
      subject: say('mail.report_ready.subject'),
      subjectAmended: say('mail.report_ready.subject_amended'),
      lead: say('mail.report_ready.lead'),
      leadAmended: say('mail.report_ready.lead_amended'),
      download: say('mail.report_ready.download'),
      downloadLink: say('mail.report_ready.download_link'),
      dashboard: (link) => say('mail.report_ready.dashboard', { link }),
      dashboardHtml: (link) => say('mail.report_ready.dashboard_html', { link }),
      dashboardWord: say('mail.report_ready.dashboard_word'),
      privacy: say('mail.report_ready.privacy'),
    },
    proof: {
      subject: (lab) => say('mail.proof.subject', { lab }),
      open: (lab) => say('mail.proof.open', { lab }),
      button: say('mail.confirm_address'),
      validity: (days) => say('mail.proof.validity', { days }),
    },
    claim: {
      subject: (lab) => say('mail.claim.subject', { lab }),
      open: (address, lab) => say('mail.claim.open', { address, lab }),
      button: say('mail.confirm_address'),
      validity: (days) => say('mail.claim.validity', { days }),
    },
    calendar: {
      title: (lab, reference) => say('mail.calendar.title', { lab, reference }),
      description: (w, reference, link) => say('mail.calendar.description', { when: w, reference, link }),
      home: say('mail.calendar.home'),
    },
    dateTime: formats.dateTime,
    report: {
      title: (reference) => say('mail.report.title', { reference }),
      columns: [say('mail.report.column.test'), say('mail.report.column.result'), say('mail.report.column.unit'), say('mail.report.column.reference'), say('mail.report.column.method')],
      notRecorded: say('mail.report.not_recorded'),
      accredited: (body, certificate, validUntil) => say('mail.report.accredited', { body, certificate, until: dayDate(validUntil) }),
      verify: (code) => say('mail.report.verify', { code }),
      patient: say('mail.report.patient'),
      ageSex: say('mail.report.age_sex'),
      bookingReference: say('mail.report.booking_reference'),
      abha: say('mail.report.abha'),
      version: say('mail.report.version'),
      amendedVersion: (version) => say('mail.report.amended_version', { version }),
      collected: say('mail.report.collected'),
      received: say('mail.report.received'),
      released: say('mail.report.released'),
      sample: say('mail.report.sample'),
      sex: { male: say('mail.report.sex.male'), female: say('mail.report.sex.female'), other: say('mail.report.sex.other') },
      // the snapshot prints the age in English ("34 years", "20 days"); anything else stays as printed
      age: (printed) => {
        const [, count, unit] = /^(\d+) (years|days)$/.exec(printed) ?? [];
        return count === undefined ? printed : say(unit === 'years' ? 'mail.report.age_years' : 'mail.report.age_days', { count });
      },
      amended: (previous, reason) => say('mail.report.amended', { previous, reason }),
      sampleOf: (type) => say('mail.report.sample_of', { type }),
      continued: (test) => say('mail.report.continued', { test }),
      critical: ` ${say('mail.report.critical')}`,
      flags: { L: say('reports.flag.L'), H: say('reports.flag.H'), LL: say('reports.flag.LL'), HH: say('reports.flag.HH'), A: say('reports.flag.A') },
      legend: (url, code) => say('mail.report.legend', { url, code, high: m('reports.flag.H'), low: m('reports.flag.L'), abnormal: m('reports.flag.A') }),
      registration: (number) => say('mail.report.registration', { number }),
      releasedBy: say('mail.report.released_by'),
      end: say('mail.report.end'),
      page: (n, of) => say('mail.report.page', { n, of }),
      referredBy: (name) => say('mail.report.referred_by', { name }),
      sampleProblem: (problem) => say('mail.report.sample_problem', { problem: m(`samples.problem.${problem}`) }),
    },
    doctor: {
      linkSubject: (lab) => say('mail.doctor.link_subject', { lab }),
      linkLead: (hours) => say('mail.doctor.link_lead', { hours }),
      reportSubject: (lab) => say('mail.doctor.report_subject', { lab }),
      reportLead: (hours) => say('mail.doctor.report_lead', { hours }),
    },
    sampleRejected: {
      subject: (reference) => say('mail.sample_rejected.subject', { reference }),
      lead: (reference, reason, tests) => say('mail.sample_rejected.lead', { reference, reason: say(`samples.problem.${reason}`), tests: tests.join(', ') }),
      free: say('mail.sample_rejected.free'),
      pick: say('mail.sample_rejected.pick'),
    },
    reportLate: {
      subject: (reference) => say('mail.report_late.subject', { reference }),
      lead: (reference, expected) => say('mail.report_late.lead', { reference, expected }),
      tell: say('mail.report_late.tell'),
    },
    paymentLink: {
      subject: (reference) => say('mail.payment_link.subject', { reference }),
      lead: (amount, reference) => say('channel.payment_request', { amount, reference }),
      button: say('channel.button.pay'),
    },
    rights: {
      greeting: (firstName) => (firstName ? say('mail.hello_name', { name: firstName }) : say('mail.rights.greeting_nameless')),
      grievanceSubject: (subject) => say('mail.rights.grievance_subject', { subject }),
      grievanceLead: (subject) => say('mail.rights.grievance_lead', { subject }),
      grievanceDashboard: (link) => say('mail.rights.grievance_dashboard', { link }),
      grievanceBoard: say('mail.rights.grievance_board'),
      closedSubject: (lab) => say('mail.rights.closed_subject', { lab }),
      closedLead: say('mail.rights.closed_lead'),
      keptLead: say('mail.rights.kept_lead'),
      kept: (kind, count, until) => say(keptCodes[kind][count === 1 ? 0 : 1], { count, until: formats.keptUntil(until) }),
      keptEnd: say('mail.rights.kept_end'),
      keptNothing: say('mail.rights.kept_nothing'),
      lastMail: say('mail.rights.last_mail'),
    },
    receipt: {
      title: (invoice) => say('mail.receipt.title', { invoice }),
      heading: say('mail.receipt.heading'),
      invoice: say('mail.receipt.invoice'),
      billedOn: say('mail.receipt.billed_on'),
      billed: say('mail.receipt.billed'),
      packagePrice: (name) => say('mail.receipt.package_price', { name }),
      billLine: (kind, name) =>
        kind === 'package' ? say('mail.receipt.package_line', { name }) : kind === 'offer_discount' ? say('mail.receipt.offer_discount') : kind === 'member_discount' ? say('mail.receipt.member_discount') : name,
      included: (names) => say('mail.receipt.included', { names }),
      payments: say('mail.receipt.payments'),
      payment: (refund, amount, mode, reference, at) =>
        say(paymentCodes[refund ? 'refund' : 'received'][reference ? 1 : 0], { amount, mode, ...(reference ? { reference } : {}), at }),
      // "UPI" is a name, the same in every language
      modes: { cash: say('payments.mode.cash'), upi: paymentModeLabels.upi, unrecorded: say('payments.mode.unrecorded'), gateway: say('payments.mode.gateway') },
      paid: say('mail.receipt.paid'),
      status: say('mail.receipt.status'),
      statusPaid: say('mail.receipt.status_paid'),
      computerMade: say('mail.receipt.computer_made'),
    },
  };
}
