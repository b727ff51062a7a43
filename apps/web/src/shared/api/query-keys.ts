// The one query-key factory of the web app. Every cached server answer is named here, so a change
// that must refresh several screens (a membership changes every price) names the keys once, and two
// features can never cache the same answer under two names.
import type { Locale } from '@lab/contract';

type StaffList = 'appointments' | 'collections' | 'dues' | 'categories' | 'tests' | 'packages' | 'offers' | 'membership-plans' | 'blogs' | 'careers' | 'contact-messages' | 'audit' | 'results' | 'accounts' | 'parameters' | 'mail' | 'lab' | 'images' | 'slot-week' | 'slot-dates' | 'pins' | 'home-visits' | 'grievances' | 'corrections' | 'access-log' | 'breaches' | 'me' | 'doctors' | 'referrals' | 'sample-containers' | 'sample-queue' | 'sample-tat' | 'sample-visit' | 'analysers' | 'analyser-codes' | 'analyser-messages' | 'analyser-parameters' | 'container-messages';

export const queryKeys = {
  /** the caller's membership and the plans; keyed by who asks, so another account never sees it */
  membershipStatus: (username: string | null) => ['membership', 'status', username] as const,
  /** the plans, named in the screen's language */
  membershipPlans: (locale: Locale) => ['membership', 'plans', locale] as const,
  /** packages priced for the caller, in the screen's language */
  packages: (username: string | null, locale: Locale) => ['packages', username, locale] as const,
  /** the bookable catalogue priced for the caller */
  tests: (username: string | null, locale: Locale) => ['tests', username, locale] as const,
  /** a day's time slots with seats left, at the centre or at home */
  slots: (date: string, homeSample: boolean) => ['slots', date, homeSample] as const,
  /** the referring doctors whose names start with what was typed (docs/families-and-doctors.md) */
  doctors: (q: string) => ['doctors', q] as const,
  /** whether the lab collects at home in a PIN code */
  servedPin: (pin: string) => ['served-pin', pin] as const,
  bill: (appointmentId: string) => ['bill', appointmentId] as const,
  /** the booking a reminder's cancel link names */
  cancelLink: (token: string) => ['cancel-link', token] as const,
  recollection: (token: string) => ['recollection', token] as const,
  userAppointments: (username: string) => ['appointments', username] as const,
  myReports: (username: string) => ['reports', username] as const,
  /** the caller's own values over time, per parameter */
  myTrends: (username: string, member: 'self' | number = 'self') => ['trends', username, member] as const,
  /** the caller's family members (docs/families-and-doctors.md) */
  members: (username: string) => ['members', username] as const,
  /** the caller's account with their age and sex */
  profile: (username: string) => ['profile', username] as const,
  /** where the caller's messages go (e-mail, SMS, WhatsApp) and the numbers that said STOP */
  channels: (username: string) => ['channels', username] as const,
  /** the caller's consents (privacy notice, marketing) */
  consents: (username: string) => ['consents', username] as const,
  verification: (code: string) => ['verification', code] as const,
  /** the caller's rights (docs/personal-data.md): the summary of their data, requests, grievances, nominee */
  privacy: (username: string, part: 'summary' | 'corrections' | 'grievances' | 'nominee') => ['privacy', username, part] as const,
  /** when staff opened the caller's records ("Who looked") */
  accessLog: (username: string) => ['access-log', username] as const,
  /** a staff console list, with its filters */
  staff: (list: StaffList, ...filters: unknown[]) => ['staff', list, ...filters] as const,
  /** every answer that carries the caller's prices: asked again after a change of membership */
  pricedForCaller: () => [['membership'], ['packages'], ['tests']] as const,
};
