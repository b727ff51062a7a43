// Every route of the web app, in one place: the router and the links read this, and known-paths.ts
// builds on it for the budget check and the benchmarks. Spelling variants of the spec map to the same screen.

export const paths = {
  home: '/',
  diagnostic: '/diagnostic',
  about: '/About',
  contact: '/Contact',
  services: '/Services',
  hematology: '/Hematology',
  microbiology: '/MicroBiology',
  microbiologyAlt: '/Microbiology',
  serology: '/Serology',
  biochemistry: '/BioChemistry',
  biochemistryAlt: '/Biochemistry',
  radiology: '/Radiology',
  blogs: '/Blogs',
  blog: (id: number | string) => `/blog/${id}`,
  offers: '/offers',
  /** the tests and their prices matching `?q=` (the home page's search), rendered on the server: works without scripts */
  tests: '/tests',
  career: '/Career',
  /** the privacy notice (DPDP Act): public, rendered on the server */
  privacy: '/privacy',
  login: '/Login',
  loginAlt: '/login',
  register: '/Register',
  dashboard: '/UserDashboard',
  /** a referring doctor's view of the reports shared with them, opened by a one-time link (docs/families-and-doctors.md) */
  doctor: '/doctor',
  /** a family member's invitation to take their records over, opened by the link the holder passes on (docs/families-and-doctors.md) */
  takeOver: '/take-over',
  /** the patient's values over time: a lazily loaded view of the dashboard route (no manifest entry) */
  trends: '/UserDashboard?view=trends',
  appointment: '/Appointment',
  appointmentAlt: '/appointment',
  billing: (appointmentId: string) => `/billing/${encodeURIComponent(appointmentId)}`,
  /** the link e-mails carry: opens the bill for whoever holds the id, logged in or not (the id is the capability) */
  billLink: (appointmentId: string) => `/bill/${encodeURIComponent(appointmentId)}`,
  /** the payment link (WhatsApp, SMS): the bill's online payment for whoever holds the id, logged in or not */
  payLink: (appointmentId: string) => `/pay/${encodeURIComponent(appointmentId)}`,
  findBooking: '/find-booking',
  /** the booking in plain steps the server answers, for browsers without JavaScript (docs/features.md#booking-without-scripts) */
  bookSteps: '/book',
  claimBookings: (token: string) => `/claim-bookings/${encodeURIComponent(token)}`,
  /** the reminder's signed link: shows the booking and cancels it without signing in */
  cancelBooking: (token: string) => `/cancel/${encodeURIComponent(token)}`,
  /** a rejected sample's e-mail link: pick a slot for the free recollection, without signing in (docs/samples.md) */
  recollect: (token: string) => `/recollect/${encodeURIComponent(token)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (uidb64: string, token: string) => `/reset-password/${uidb64}/${token}`,
  /** the proof of an account's e-mail address (decision 049): a page with one button, signed in or not */
  verifyEmail: (uidb64: string, token: string) => `/verify-email/${uidb64}/${token}`,
  membership: '/membership',
  packages: '/packages',
  staff: '/staff',
  /** the patient's report (the e-mail's link): downloads with the bill's capability */
  report: (appointmentId: string) => `/report/${encodeURIComponent(appointmentId)}`,
  /** the public page a report's QR code opens */
  verify: (code: string) => `/verify/${encodeURIComponent(code)}`,
} as const;
