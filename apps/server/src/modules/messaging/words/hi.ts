// The Hindi words of the e-mails and documents (see types.ts). Medical and lab terms come from the
// contract's glossary, so an e-mail says "जाँच" or "खाली पेट" as the web pages and PDFs do.
import { glossary as g, inIndia } from '@lab/contract';
import type { MailWords } from './types.ts';

// Intl's Hindi calendar names (Node carries full ICU); the date is a calendar date, so read in UTC.
const hindiDate = new Intl.DateTimeFormat('hi-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
function dayDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(d.getTime()) ? hindiDate.format(d) : date;
}
const when = (date: string, time: string) => `${dayDate(date)}, ${time} बजे`;
const hindiDay = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
function dateTime(iso: string): string {
  const { date, time } = inIndia(Date.parse(iso));
  return `${hindiDay.format(new Date(`${date}T00:00:00Z`))}, ${time} IST`;
}

export const hi: MailWords = {
  dayDate,
  when,
  preparation: (c) => [
    ...(c.fastingHours !== null ? [`सैंपल से पहले कम से कम ${c.fastingHours} घंटे ${g.fasting.hi} रहें (पानी पी सकते हैं)।`] : []),
    ...c.instructions,
    ...(c.latestTime !== null ? [`${c.latestTime} से पहले आएँ।`] : []),
  ],
  phone: 'फ़ोन',
  email: 'ई-मेल',
  hello: 'नमस्ते,',
  helloName: (name) => `नमस्ते ${name},`,
  dear: (name) => `प्रिय ${name},`,

  reset: {
    subject: (lab) => `अपना ${lab} पासवर्ड बदलें`,
    asked: (lab, username) => `किसी ने (उम्मीद है आपने) आपके ${lab} खाते "${username}" का पासवर्ड बदलने को कहा है।`,
    askedHtml: (lab, username) => `किसी ने (उम्मीद है आपने) आपके ${lab} खाते <strong>${username}</strong> का पासवर्ड बदलने को कहा है।`,
    askedNoName: (lab) => `किसी ने (उम्मीद है आपने) इस ई-मेल पते से बने ${lab} खाते का पासवर्ड बदलने को कहा है।`,
    open: 'नया पासवर्ड चुनने के लिए यह लिंक खोलें:',
    button: 'पासवर्ड बदलें',
    copy: 'या यह लिंक अपने ब्राउज़र में कॉपी करें:',
    validity: (minutes) => `यह लिंक एक ही बार और ${minutes} मिनट तक काम करता है। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।`,
  },
  booking: {
    subject: (reference, date, time) => `${g.appointment.hi} ${reference} बुक हो गया: ${when(date, time)}`,
    booked: (w) => `आपका ${g.appointment.hi} ${w} के लिए बुक हो गया है।`,
    reference: 'बुकिंग नंबर',
    home: `हम बुकिंग में दिए गए पते पर आकर आपका ${g.sample.hi} लेंगे।`,
    centre: `${g.sampleCollection.hi} के लिए कृपया सेंटर पर आएँ।`,
    tests: `${g.tests.hi}:`,
    test: g.test.hi,
    price: 'कीमत',
    total: 'कुल',
    totalPackage: `कुल (${g.package.hi} की कीमत)`,
    before: `${g.preparation.hi}:`,
    bill: `आपका ${g.bill.hi}`,
    viewBill: `अपना ${g.bill.hi} देखें`,
  },
  reminder: {
    subject: (reference, time) => `याद दिलाना: ${g.appointment.hi} ${reference} कल ${time} बजे`,
    lead: (w) => `याद दिला दें कि आपका ${g.appointment.hi} कल है: ${w}।`,
    home: `हम बुकिंग में दिए गए पते पर आकर आपका ${g.sample.hi} लेंगे।`,
    visit: 'कृपया सेंटर पर आएँ:',
    prepare: `${g.preparation.hi}:`,
    cancel: `नहीं आ सकते? ${g.appointment.hi} यहाँ रद्द करें:`,
    cancelLink: `${g.appointment.hi} रद्द करें`,
    cannotCome: 'नहीं आ सकते?',
    call: (phone) => `कोई सवाल? हमें ${phone} पर फ़ोन करें।`,
  },
  reportReady: {
    subject: `आपकी ${g.report.hi} तैयार है`,
    subjectAmended: `आपकी संशोधित ${g.report.hi} तैयार है`,
    lead: `हमारे ${g.pathologist.hi} ने आपकी ${g.test.hi} की ${g.report.hi} जाँचकर जारी कर दी है।`,
    leadAmended: `हमारे ${g.pathologist.hi} ने आपकी ${g.report.hi} में संशोधन किया है। नई ${g.report.hi} पहले वाली की जगह लेती है।`,
    download: 'इसे (PDF) यहाँ डाउनलोड करें:',
    downloadLink: `अपनी ${g.report.hi} (PDF) डाउनलोड करें`,
    dashboard: (link) => `अगर आपका खाता है, तो यह आपके डैशबोर्ड पर भी है: ${link}`,
    dashboardHtml: (link) => `अगर आपका खाता है, तो यह आपके ${link} पर भी है।`,
    dashboardWord: 'डैशबोर्ड',
    privacy: `आपकी गोपनीयता के लिए ${g.report.hi} इस ई-मेल के साथ नहीं भेजी गई है।`,
  },
  proof: {
    subject: (lab) => `अपने नए ${lab} खाते का ई-मेल पता पक्का करें`,
    open: (lab) => `किसी ने इस ई-मेल पते से ${lab} पर खाता बनाया है। अगर यह आप थे, तो पता पक्का करने के लिए यह लिंक खोलें; तब तक उस खाते को कोई ई-मेल नहीं भेजा जाएगा:`,
    button: 'मेरा ई-मेल पता पक्का करें',
    validity: (days) => `यह लिंक ${days} दिन तक काम करता है। अगर आपने खाता नहीं बनाया, तो इस ई-मेल को अनदेखा करें: आपको आगे कुछ नहीं भेजा जाएगा।`,
  },
  claim: {
    subject: (lab) => `${lab} के लिए अपना ई-मेल पता पक्का करें`,
    open: (address, lab) => `यह पक्का करने के लिए कि ${address} आपका ई-मेल पता है, यह लिंक खोलें। इस पते से मेहमान के रूप में की गई बुकिंग फिर आपके ${lab} खाते में दिखेंगी:`,
    button: 'मेरा ई-मेल पता पक्का करें',
    validity: (days) => `यह लिंक ${days} दिन तक काम करता है। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें।`,
  },
  calendar: {
    title: (lab, reference) => `${lab}: ${g.appointment.hi} ${reference}`,
    description: (w, reference, billLink) => `${w} (भारतीय समय)। बुकिंग नंबर ${reference}। आपका ${g.bill.hi}: ${billLink}`,
    home: g.homeCollection.hi,
  },
  dateTime,
  report: {
    title: (id) => `${g.test.hi} ${g.report.hi} ${id}`,
    columns: [`${g.test.hi} / पैरामीटर`, g.result.hi, 'यूनिट', g.referenceRange.hi, 'विधि'],
    notRecorded: 'दर्ज नहीं',
    accredited: (body, certificate, validUntil) => `${body} से मान्यता प्राप्त · प्रमाणपत्र ${certificate} · ${dayDate(validUntil)} तक मान्य`,
    verify: (code) => `जाँचें: ${code}`,
    patient: 'मरीज़',
    ageSex: 'उम्र / लिंग',
    bookingReference: 'बुकिंग नंबर',
    version: `${g.report.hi} संस्करण`,
    amendedVersion: (version) => `${version} (संशोधित)`,
    collected: `${g.sample.hi} लिया गया`,
    received: 'लैब में पहुँचा',
    released: 'जारी किया गया',
    sample: g.sample.hi,
    sex: { male: 'पुरुष', female: 'महिला', other: 'अन्य' },
    age: (printed) => printed.replace(/^(\d+) years$/, '$1 वर्ष').replace(/^(\d+) days$/, '$1 दिन'),
    amended: (previous, reason) => `संशोधित ${g.report.hi} (संस्करण ${previous} की जगह)। कारण: ${reason}`,
    sampleOf: (type) => `${g.sample.hi}: ${type}`,
    continued: (test) => `${test} (जारी)`,
    critical: ' (गंभीर)',
    flags: { L: 'कम', H: 'ज़्यादा', LL: 'गंभीर रूप से कम', HH: 'गंभीर रूप से ज़्यादा', A: 'असामान्य' },
    legend: (url, code) =>
      `निशान: H = ज़्यादा, L = कम, (गंभीर) = गंभीर सीमा से बाहर, A = असामान्य। ${g.referenceRange.hi} मरीज़ की दर्ज उम्र और लिंग के अनुसार है। इस ${g.report.hi} को ${url} पर जाँचें (कोड ${code})।`,
    registration: (no) => `रजि. नं. ${no}`,
    releasedBy: `${g.pathologist.hi} (${g.report.hi} जारी की)`,
    end: `*** ${g.report.hi} समाप्त ***`,
    page: (n, of) => `पृष्ठ ${n} / ${of}`,
  },
  rights: {
    greeting: (firstName) => (firstName ? `नमस्ते ${firstName},` : 'नमस्ते,'),
    grievanceSubject: (subject) => `आपकी शिकायत का जवाब दिया गया है: ${subject}`,
    grievanceLead: (subject) => `लैब के शिकायत अधिकारी ने आपकी शिकायत "${subject}" का जवाब दिया है:`,
    grievanceDashboard: (link) => `आप इसे और अपने सभी अनुरोध अपने डैशबोर्ड में "आपका डेटा" के अंतर्गत पढ़ सकते हैं: ${link}`,
    grievanceBoard: 'अगर आप इस जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।',
    closedSubject: (lab) => `आपका ${lab} खाता बंद कर दिया गया है`,
    closedLead: 'आपके कहने पर आपका खाता बंद कर दिया गया है। आपका नाम, ई-मेल पता, फ़ोन नंबर, पते, उम्र और लिंग मिटा दिए गए हैं, और अब आप साइन इन नहीं कर सकते।',
    keptLead: 'क़ानून के अनुसार हमें कुछ रिकॉर्ड कुछ समय तक रखने होते हैं। वे आपके संपर्क विवरण से अलग रखे जाते हैं और किसी और काम में नहीं लिए जाते:',
    kept: (kind, count, until) =>
      `- ${count} ${kind === 'bill' ? `${g.bill.hi} (${g.payment.hi} सहित)` : g.report.hi}, ${dayDate(until)} तक`,
    keptEnd: 'उन तारीख़ों पर वे भी मिटा दिए जाते हैं।',
    keptNothing: 'हम आपके बारे में और कुछ नहीं रखते।',
    lastMail: 'इस पते पर यह हमारा आख़िरी ई-मेल है।',
  },
  receipt: {
    title: (invoice) => `${g.receipt.hi} ${invoice}`,
    heading: `${g.payment.hi} की ${g.receipt.hi}`,
    invoice: 'इनवॉइस नंबर',
    billedOn: `${g.bill.hi} की तारीख`,
    billed: `${g.bill.hi} में`,
    packagePrice: (name) => `${g.package.hi} ${name} की कीमत पर`,
    billLine: (kind, name) => (kind === 'package' ? `${g.package.hi}: ${name}` : kind === 'offer_discount' ? 'ऑफ़र छूट' : kind === 'member_discount' ? `${g.membership.hi} छूट` : name),
    included: (names) => `शामिल: ${names}`,
    payments: g.payment.hi,
    payment: (refund, amount, mode, reference, at) => `${amount} ${mode} से ${refund ? 'वापस किए' : 'मिले'}${reference ? `, रेफ़. ${reference}` : ''}, ${at}`,
    modes: { cash: 'नकद', upi: 'UPI', unrecorded: 'दर्ज नहीं (अलग-अलग भुगतान दर्ज होने से पहले)' },
    paid: 'चुकाई गई रकम',
    status: 'स्थिति',
    statusPaid: 'चुकाया गया',
    computerMade: `कंप्यूटर से बनी ${g.receipt.hi}; हस्ताक्षर की ज़रूरत नहीं।`,
  },
};
