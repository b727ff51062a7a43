// The staff console's screens (client-rendered, below /staff/*). Apart from paths.ts, which every
// public page loads with the site frame: only the console carries these.
export const staffPaths = {
  staffCatalogue: '/staff/catalogue',
  staffCategories: '/staff/catalogue/categories',
  staffPackages: '/staff/catalogue/packages',
  staffOffers: '/staff/catalogue/offers',
  staffPlans: '/staff/catalogue/plans',
  staffParameters: '/staff/catalogue/parameters',
  /** the referring doctors' directory and the referrals per month (docs/families-and-doctors.md) */
  staffDoctors: '/staff/catalogue/doctors',
  staffReferrals: '/staff/catalogue/referrals',
  staffContent: '/staff/content',
  staffCareers: '/staff/content/careers',
  staffInbox: '/staff/inbox',
  /** tabs of the inbox: the patients' grievances and correction requests (docs/personal-data.md) */
  staffGrievances: '/staff/inbox/grievances',
  staffCorrections: '/staff/inbox/corrections',
  staffAudit: '/staff/audit',
  /** tabs of the audit screen (docs/personal-data.md): the staff read log and the breach register */
  staffReadLog: '/staff/audit/reads',
  staffBreaches: '/staff/audit/breaches',
  staffResults: '/staff/results',
  staffResult: (appointmentId: string) => `/staff/results/${encodeURIComponent(appointmentId)}`,
  staffAccounts: '/staff/accounts',
  /** a tab of Content: a route of its own would grow every public page's route manifest */
  staffLab: '/staff/content/lab',
  staffCollections: '/staff/collections',
  /** samples (docs/samples.md): the bench (receive, reject), the turnaround queue, containers and turnaround per test, the phlebotomist's run */
  staffSamples: '/staff/samples',
  staffSampleQueue: '/staff/samples/turnaround',
  staffSampleContainers: '/staff/samples/containers',
  staffSampleRun: '/staff/samples/run',
  /** the TAT report per test and week (decision 072) */
  staffSampleTat: '/staff/samples/tat',
  /** the analysers sending results over HL7 (docs/analysers.md): codes, mappings, messages */
  staffAnalysers: '/staff/analysers',
  /** time slots and home collections: one route, its tabs the last segment */
  staffSlots: '/staff/slots',
  staffSlotDates: '/staff/slots/dates',
  staffPins: '/staff/slots/pins',
  staffHomeVisits: '/staff/slots/home-visits',
  /** a day's home collections; `sheet`: its printable run sheet */
  staffHomeVisitsOn: (date: string, sheet = false) => `/staff/slots/home-visits?date=${encodeURIComponent(date)}${sheet ? '&view=run-sheet' : ''}`,
} as const;
