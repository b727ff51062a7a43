// Row types of every table. Money is integer paise; timestamps are ISO-8601 UTC text; booleans are 0/1
// integers; dates are YYYY-MM-DD and times HH:MM (India time). The same shapes on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '@lab/contract';

export type Bool = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username, unique: usernames are case-insensitive */
  username_key: string;
  email: string;
  /** lower-cased e-mail, unique */
  email_key: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: 'patient' | 'staff';
  /** what a staff account may do; null for patients */
  staff_role: StaffRole | null;
  /** a pathologist's, printed on the reports they release */
  qualification: Generated<string>;
  registration_no: Generated<string>;
  last_login: string | null;
  created_at: string;
  /** carried by access tokens; bumped to revoke them all (logout, password change) */
  token_version: Generated<number>;
  /** base32 TOTP secret: set at enrolment, in force once totp_enabled_at is set */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** the time step of the last code accepted: a code is never accepted twice */
  totp_last_step: number | null;
  /** the patient's own age and sex, prefilled into their bookings (date of birth, or an age as of a day) */
  date_of_birth: string | null;
  age_years: number | null;
  age_recorded_on: string | null;
  sex: PatientSex | null;
  /** the phone the patient last gave (a booking or the profile), prefilled into the next booking (migration 043) */
  phone: Generated<string | null>;
  /** ABHA number (14 digits) and ABHA address (name@abdm) (migration 052, docs/abdm.md) */
  abha_number: Generated<string | null>;
  abha_address: Generated<string | null>;
  /** the channels the patient chose, comma-separated ('email,sms'); null: e-mail only (migration 044) */
  channels: Generated<string | null>;
  /** when the patient closed the account: its personal data erased, login no longer possible (migration 021) */
  closed_at: Generated<string | null>;
  /** the language the person chose for e-mails and documents (migration 024); null until chosen */
  language: Locale | null;
  /** when the address was proven by a link sent to it (migration 037, decision 049); null: mailed nothing but the proof */
  email_verified_at: Generated<string | null>;
  /** the mobile a sign-in code proved, E.164, unique: it signs the account in by code (migration 049, decision 061) */
  phone_key: Generated<string | null>;
  phone_verified_at: Generated<string | null>;
}

/** the one live sign-in code of a number (migration 049, modules/phone-sign-in) */
export interface PhoneCodesTable {
  id: Generated<number>;
  /** E.164 */
  phone: string;
  /** HMAC-SHA256 of the code, keyed by the server's secret and the number */
  code_hash: string;
  /** wrong codes tried */
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type StaffRole = 'reception' | 'phlebotomist' | 'technician' | 'pathologist' | 'admin';

export interface RefreshTokensTable {
  /** the token's jti */
  id: string;
  user_id: number;
  /** every refresh token descending from one login shares a family; reuse of a retired one revokes it */
  family_id: string;
  expires_at: string;
  /** the family's absolute end (login + SESSION_MAX_DAYS); null for families older than the rule */
  family_expires_at: string | null;
  /** when the family passed the second sign-in step; its access tokens then carry `mfa` */
  second_factor_at: string | null;
  retired_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code (the codes are random, about 50 bits, and tried 5 times at most: no slow hash needed) */
  code_hash: string;
  used_at: string | null;
}

/**
 * name_key: lib/name-key.ts of the name, unique (migration 003). Null only for rows written by hand in
 * SQL; searches fall back to lower(name) for those.
 */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_key: string | null;
  slug: string;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  name_hi: string | null;
}

export interface TestsTable {
  id: Generated<number>;
  /** LOINC panel code (migration 052); null: none */
  loinc_code: Generated<string | null>;
  category_id: number;
  name: string;
  /** as in categories: the unique, searchable key of the name */
  name_key: string | null;
  price_paise: number;
  active: Bool;
  created_at: string;
  /** preparation (contract preparation.ts): least hours of fasting, other instructions, latest time of day */
  fasting_hours: number | null;
  preparation: Generated<string>;
  latest_time: string | null;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  name_hi: string | null;
  /** `preparation` in Hindi (migration 031); null: the English stands in */
  preparation_hi: string | null;
}

export interface OffersTable {
  id: Generated<number>;
  description: string;
  discount_percentage: number;
  /** null: the offer applies to every test */
  category_id: number | null;
  start_date: string;
  end_date: string;
  active: Bool;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  description_hi: string | null;
}

export interface MembershipPlansTable {
  id: Generated<number>;
  name: string;
  price_paise: number;
  discount_percentage: number;
  duration_days: number;
  active: Bool;
  /** what unsubscribing gives back: 'none' (the default, said on the plan card) or 'unused_days' (pro rata) */
  refund_rule: Generated<'none' | 'unused_days'>;
  /** the plan's name in Hindi (migration 045); null: the English stands in */
  name_hi: string | null;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  start_date: string;
  end_date: string;
  /** 'Awaiting payment' until the membership's bill is paid; no discount before */
  status: 'Approved' | 'Cancelled' | 'Awaiting payment';
  created_at: string;
  ended_at: string | null;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** what the package costs anyone (before a membership discount) */
  price_paise: number;
  active: Bool;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  name_hi: string | null;
  description_hi: string | null;
}

export interface PackageTestsTable {
  package_id: number;
  test_id: number;
}

/** the tests an offer names: it applies to these only (migration 013) */
export interface OfferTestsTable {
  offer_id: number;
  test_id: number;
}

export type AppointmentStatus = 'booked' | 'approved' | 'sample_collected' | 'completed' | 'cancelled';

export interface AppointmentsTable {
  /** random, unguessable reference: it is also the guest's capability to read the bill */
  id: string;
  /** ABHA number (14 digits) and ABHA address (name@abdm) (migration 052, docs/abdm.md) */
  abha_number: Generated<string | null>;
  abha_address: Generated<string | null>;
  user_id: number | null;
  user_name: string;
  /** lib/name-key.ts of user_name, for the staff search (null on rows written by hand in SQL) */
  user_name_key: string | null;
  /** the short reference people read aloud, "LC-7K4M-Q2" (unique; never a key to data on its own) */
  reference: string;
  user_email: string;
  user_phone: string;
  date: string;
  time: string;
  home_sample: Bool;
  address: string;
  status: AppointmentStatus;
  package_id: number | null;
  created_at: string;
  updated_at: string;
  /** who the sample belongs to: reference intervals depend on age and sex */
  patient_date_of_birth: string | null;
  patient_age_years: number | null;
  patient_sex: PatientSex | null;
  critical_called_at: string | null;
  critical_called_by: number | null;
  critical_call_note: string | null;
  /** when the sample was taken from the patient, and when it reached the lab (both set, editable by staff) */
  sample_collected_at: string | null;
  sample_received_at: string | null;
  /** a home collection's served PIN code (null for visits, and for home collections booked before PINs) */
  pin: string | null;
  /** the staff member assigned to collect at home */
  phlebotomist_id: number | null;
  /** a guest booking's e-mail, phone and address erased by the retention job; then its name (migration 021) */
  contact_erased_at: Generated<string | null>;
  name_erased_at: Generated<string | null>;
  /** the language of the appointment's e-mails and report (migration 024), fixed at booking */
  language: Generated<Locale>;
  /** the channels chosen at booking, comma-separated ('email,whatsapp'); null: e-mail only (migration 044) */
  channels: Generated<string | null>;
  /** when staff pressed "On the way" on the run sheet (migration 044) */
  on_the_way_at: Generated<string | null>;
  /** the family member the booking is for; null: the account holder (migration 047) */
  member_id: Generated<number | null>;
  /** the referring doctor: from the directory, or the name as typed (migration 047) */
  doctor_id: Generated<number | null>;
  doctor_name: Generated<string | null>;
  /** when the patient agreed that the doctor is sent the report, and the notice version then (migration 047) */
  doctor_consent_at: Generated<string | null>;
  doctor_consent_notice: Generated<string | null>;
  /** one home visit for several people: the first person's appointment id, on every appointment drawn at it; null: a visit of its own (migration 055) */
  visit_id: Generated<string | null>;
}

/** seats per slot of one weekday ('mon' … 'sun') */
export interface SlotWeekTable {
  weekday: string;
  centre_seats: number;
  home_seats: number;
}

/** a date that differs from the week: closed, other hours, or other seats (nulls: as usual) */
export interface SlotOverridesTable {
  date: string;
  closed: Bool;
  opens: string | null;
  closes: string | null;
  centre_seats: number | null;
  home_seats: number | null;
  note: Generated<string>;
}

/** seats taken in one slot of one date, per kind ('centre' | 'home'); claimed by a conditional update */
export interface SlotSeatsTable {
  date: string;
  slot: string;
  kind: 'centre' | 'home';
  taken: Generated<number>;
}

/** a PIN code the lab collects samples at home in */
export interface ServicePinsTable {
  pin: string;
  locality: string;
  /** the locality in Hindi (migration 045); null: the English stands in */
  locality_hi: string | null;
}

export type PatientSex = 'male' | 'female' | 'other';

/** appointments by status, kept by triggers (migration 012): a status's count is the sum of its shards */
export interface AppointmentCountsTable {
  status: AppointmentStatus;
  shard: number;
  /** bigint: PostgreSQL answers it as a string */
  n: number | string;
}

export interface AppointmentTestsTable {
  id: Generated<number>;
  appointment_id: string;
  test_id: number;
  position: number;
  /** name and price as charged when booked: later catalogue edits never change a bill */
  name: string;
  /** the test's Hindi name as it was when booked, for the Hindi bill, e-mails and report (migration 030) */
  name_hi: string | null;
  price_paise: number;
  /** the test's list price when booked, and the discount that brought it to price_paise (migration 041); null before */
  list_paise: number | null;
  discount: 'offer' | 'member' | null;
}

export interface BillsTable {
  id: Generated<number>;
  /** the appointment billed; null for a membership's bill */
  appointment_id: string | null;
  /** the membership billed (its fee); null for an appointment's bill */
  membership_id: number | null;
  /** a membership bill's capability (16 random characters, like an appointment id); null otherwise */
  access_key: string | null;
  /** "LC/2026-27/000123" (modules/payments/invoice-number.ts) */
  invoice_no: string;
  generated_at: string;
  total_paise: number;
  /** set when a package price (an offer) replaced the sum of the tests */
  offer_paise: number | null;
  /** the package's price before the member's discount (migration 041); null for tests, and before */
  package_paise: number | null;
  /** kept for older readers: 1 once confirmed payments cover the total */
  is_paid: Bool;
  paid_at: string | null;
  /** the sum of the confirmed payment rows, and of the refunds made (kept with the rows, in one transaction) */
  paid_paise: Generated<number>;
  refunded_paise: Generated<number>;
}

export type PaymentMode = 'cash' | 'upi' | 'unrecorded' | 'gateway';

/** one sum of money taken or given back; the bill's state is the sum of its rows */
export interface PaymentsTable {
  id: Generated<number>;
  bill_id: number;
  kind: 'payment' | 'refund';
  amount_paise: number;
  mode: PaymentMode;
  place: 'desk' | 'home' | 'online';
  /** a cash receipt's number or a desk note; '' for none */
  reference: string;
  /** a UPI payment's 12-digit UTR: unique among pending and confirmed rows */
  utr: string | null;
  /** a patient's UTR is pending until staff confirm or reject it; staff's own rows are confirmed */
  status: 'pending' | 'confirmed' | 'rejected';
  rejection_reason: string | null;
  /** null: the patient (a UTR submission) or the system (migration) */
  recorded_by: number | null;
  decided_by: number | null;
  /** when the money arrived (or left): the confirmation time of a UTR; null while pending */
  received_at: string | null;
  created_at: string;
  /** the payment gateway's id of this payment ("pay_…") or refund ("rfnd_…"); unique (migration 046) */
  gateway_id: string | null;
  /** why staff refunded through the gateway; null otherwise */
  reason: string | null;
}

/** an order asked of the payment gateway for a bill (migration 046; modules/payments/gateway-service.ts) */
export interface GatewayOrdersTable {
  id: Generated<number>;
  bill_id: number;
  order_id: string;
  amount_paise: number;
  currency: string;
  return_to: 'bill' | 'confirmation';
  status: 'open' | 'paid' | 'closed';
  created_at: string;
  settled_at: string | null;
}

/** a test's container and volume as staff set them (migration 048; samples/containers.ts has the defaults) */
export interface TestSamplesTable {
  test_id: number;
  container: string;
  volume_ul: number;
  updated_at: string;
  updated_by: number | null;
}

/** one row per India day: the last accession number taken that day */
export interface AccessionDaysTable {
  day: string;
  last_number: number;
}

export type SampleStatus = 'collected' | 'received' | 'rejected';

/** a container drawn at a collection, with its accession number (migration 048) */
export interface SamplesTable {
  id: Generated<number>;
  accession: string;
  appointment_id: string;
  container: string;
  volume_ul: number;
  status: SampleStatus;
  collected_at: string;
  collected_by: number | null;
  received_at: string | null;
  received_by: number | null;
  reject_reason: string | null;
  rejected_at: string | null;
  rejected_by: number | null;
  problem: string | null;
  created_at: string;
  /** when its report is promised, fixed at receipt (migration 053; samples/turnaround.ts) */
  expected_at: Generated<string | null>;
  /** when its visit's report was released: it leaves the turnaround queue */
  reported_at: Generated<string | null>;
  /** when the patient was told its report is late (once; migration 058, decision 071) */
  late_notice_at: Generated<string | null>;
  /** the new expected time told with that notice; the patient's card reads it over expected_at */
  renewed_expected_at: Generated<string | null>;
}

/**
 * The TAT report's counts (migration 059; samples/tat.ts, decision 072): per India week of the release (its
 * Monday), test and bucket of hours from receipt, the tests released and those on time; added to by the release.
 */
export interface TatWeeklyTable {
  week: string;
  test_id: number;
  bucket: number;
  released: number;
  on_time: number;
}

/** a test's promised turnaround as staff set it (migration 053; samples/turnaround.ts has the defaults) */
export interface TestTurnaroundTable {
  test_id: number;
  hours: number;
  cutoff: string | null;
  updated_at: string;
  updated_by: number | null;
}

/** a rejected container's free recollection and the slot the patient picked (migration 048) */
export interface RecollectionsTable {
  id: Generated<number>;
  sample_id: number;
  appointment_id: string;
  home_sample: Bool;
  date: string | null;
  time: string | null;
  chosen_at: string | null;
  collected_at: string | null;
  created_at: string;
}

export interface SampleTestsTable {
  sample_id: number;
  test_id: number;
}

export interface InvoiceSequencesTable {
  /** "2026-27" */
  financial_year: string;
  last_number: number;
}

export interface BlogsTable {
  id: Generated<number>;
  title: string;
  author: string;
  content: string;
  published: Bool;
  created_at: string;
  updated_at: string;
  /** the cover picture (images.id); null: none */
  cover_image_id: number | null;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  title_hi: string | null;
  content_hi: string | null;
  /** the author line in Hindi, the name in Devanagari (migration 045); null: the English stands in */
  author_hi: string | null;
}

export interface CareersTable {
  id: Generated<number>;
  job_title: string;
  description: string;
  posted_on: string;
  is_open: Bool;
  application_link: string;
  /** Hindi text beside the English (migration 024); null: the English stands in */
  job_title_hi: string | null;
  description_hi: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface TestParametersTable {
  id: Generated<number>;
  /** LOINC code and its display name (migration 052); null: the parameter reports by its name */
  loinc_code: Generated<string | null>;
  loinc_display: Generated<string | null>;
  /** the SNOMED CT code of its sample type (migration 051); null: coded from the sample type's words where listed */
  specimen_code: Generated<string | null>;
  test_id: number;
  name: string;
  unit: string;
  result_type: 'number' | 'choice' | 'text';
  /** digits after the point a number result is printed with */
  decimals: number;
  /** JSON list of the choices of a choice result */
  choices_json: string | null;
  /** the choice that is not flagged; any other choice is flagged abnormal */
  normal_choice: string | null;
  method: string;
  sample_type: string;
  sort_order: number;
  active: Bool;
}

export interface ReferenceIntervalsTable {
  id: Generated<number>;
  parameter_id: number;
  sex: 'any' | 'male' | 'female';
  age_unit: 'years' | 'days';
  age_from: number;
  /** exclusive; null: no upper age */
  age_to: number | null;
  /** null: one-sided ("< 200") */
  lower: number | null;
  upper: number | null;
  critical_low: number | null;
  critical_high: number | null;
}

export type ResultFlag = 'L' | 'H' | 'LL' | 'HH' | 'A';

export interface ResultsTable {
  id: Generated<number>;
  appointment_id: string;
  parameter_id: number;
  value: string;
  numeric_value: number | null;
  flag: ResultFlag | null;
  status: 'draft' | 'final';
  entered_by: number | null;
  entered_at: string;
  /** the analyser a value came from (migration 057; null: typed by a person), when it measured, its own flags (OBX-8) */
  source: Generated<string | null>;
  source_at: Generated<string | null>;
  instrument_flags: Generated<string | null>;
}

export type AnalyserCodeState = 'unmapped' | 'mapped' | 'ignored';

/** what an analyser's test code means in the catalogue, as staff keep it (migration 057; docs/analysers.md) */
export interface AnalyserCodesTable {
  analyser: string;
  code: string;
  code_text: string;
  state: AnalyserCodeState;
  parameter_id: number | null;
  unit: string | null;
  factor: number | null;
  first_seen_at: string;
  updated_at: string;
  updated_by: number | null;
}

/** an HL7 message from or to an analyser with its acknowledgement, kept 90 days (migration 057) */
export interface AnalyserMessagesTable {
  id: Generated<number>;
  analyser: string;
  direction: 'in' | 'out';
  message_type: string | null;
  control_id: string | null;
  accession: string | null;
  sample_id: number | null;
  raw: string;
  ack_code: 'AA' | 'AE' | 'AR' | null;
  ack_text: string | null;
  ack_raw: string | null;
  accepted_key: string | null;
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  appointment_id: string;
  version: number;
  status: 'released' | 'superseded';
  verification_code: string;
  released_by: number | null;
  released_at: string;
  superseded_at: string | null;
  amendment_reason: string | null;
  snapshot_json: string;
}

/** an amendment of a released report waiting for a second pathologist (decision 046): one per appointment */
export interface ReportAmendmentsTable {
  id: Generated<number>;
  appointment_id: string;
  /** the released version it amends */
  base_report_id: number;
  reason: string;
  /** [{parameter_id, value}] as checked */
  values_json: string;
  entered_by: number | null;
  entered_at: string;
}

/** a released report version's PDF in one language, kept once rendered (migration 035, decision 047) */
export interface ReportPdfsTable {
  report_id: number;
  language: string;
  pdf: Buffer;
  created_at: string;
}

/** the lab's details: one row (id 1), the record as JSON, its version bumped by every edit */
export interface LabDetailsTable {
  id: number;
  version: number;
  details_json: string;
  updated_at: string;
}

export interface ImagesTable {
  id: Generated<number>;
  format: string;
  width: number;
  height: number;
  /** the widths made, ascending, comma-separated */
  widths: string;
  bytes: number;
  alt: string;
  uploaded_by: number | null;
  created_at: string;
}

/** one row (id 1): bumped by triggers on every change of blogs and careers (migration 014) */
export interface ContentVersionTable {
  id: number;
  version: number;
}

export type MailJobState = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed' | 'skipped';

export interface MailJobsTable {
  id: Generated<number>;
  /** what the e-mail is: 'booking-confirmation', 'reminder', 'report-ready', 'password-reset', … */
  kind: string;
  appointment_id: string | null;
  /** at most one job per key (a booking's reminder) */
  unique_key: string | null;
  recipient: string;
  subject: string;
  /** the composed message (MailMessage as JSON); null once sent, and for reminders until they run */
  message_json: string | null;
  state: MailJobState;
  /** due time of a queued or retrying job; lease end of a sending one */
  run_at: string;
  attempts: number;
  last_error: string | null;
  lock_token: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** 'email', 'whatsapp' or 'sms' (migration 044; messaging/channels); 'analyser': an order to an analyser (migration 060, analysers/orders.ts), never tied to an appointment */
  channel: Generated<'email' | 'whatsapp' | 'sms' | 'analyser'>;
  /** the provider's id of a sent phone message, which its receipts name */
  provider_message_id: Generated<string | null>;
  /** the provider's last receipt */
  delivery: Generated<'sent' | 'delivered' | 'read' | 'failed' | null>;
  delivered_at: Generated<string | null>;
  read_at: Generated<string | null>;
}

/** webhook events applied, by provider event id: a replay changes nothing twice (migration 044) */
export interface ChannelEventsTable {
  id: Generated<number>;
  channel: string;
  event_id: string;
  created_at: string;
}

/** a receipt that came before its job's outcome (with the provider id) was written (migration 044) */
export interface ChannelEarlyReceiptsTable {
  id: Generated<number>;
  channel: string;
  event_id: string;
  provider_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  reason: string | null;
  at: string;
  created_at: string;
}

/** a gateway's refund event that came before the refund was recorded, applied when it is (migration 052) */
export interface GatewayEarlyRefundsTable {
  id: Generated<number>;
  refund_id: string;
  payment_id: string;
  status: 'processed' | 'failed';
  created_at: string;
}

/** a number's opt-out from a channel: a STOP reply or the provider's event (migration 044) */
export interface ChannelOptOutsTable {
  id: Generated<number>;
  channel: 'whatsapp' | 'sms';
  /** E.164 */
  phone: string;
  source: 'reply' | 'provider';
  text: string | null;
  created_at: string;
}

/** privacy (migration 021): a patient's request to correct a record other than the profile */
export interface CorrectionRequestsTable {
  id: Generated<number>;
  user_id: number;
  concerns: 'appointment' | 'bill' | 'report' | 'other';
  reference: string;
  details: string;
  status: 'open' | 'corrected' | 'declined';
  resolution: string | null;
  resolved_by: number | null;
  created_at: string;
  resolved_at: string | null;
}

/** a grievance to the lab's grievance officer; due_date (India) = received + GRIEVANCE_DUE_DAYS */
export interface GrievancesTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  details: string;
  status: 'open' | 'answered';
  answer: string | null;
  answered_by: number | null;
  received_at: string;
  due_date: string;
  answered_at: string | null;
}

/** the person who may use the patient's rights on their death or incapacity ('' for a contact not given) */
export interface NomineesTable {
  user_id: number;
  name: string;
  relation: string;
  phone: string;
  email: string;
  updated_at: string;
}

/** a closed account's bill or report, kept by law until kept_until (YYYY-MM-DD), apart from its contact details */
export interface KeptRecordsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'bill' | 'report';
  reference: string;
  data_json: string;
  kept_until: string;
  created_at: string;
  /** a kept report's verification code (migration 028), null for bills */
  verification_code: string | null;
}

/** one retention task's run of one India day: claimed with a lease, done once */
export interface RetentionRunsTable {
  task: string;
  day: string;
  lock_token: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  done_at: string | null;
  affected: number | null;
  last_error: string | null;
}

/** the staff read log (migration 022): one row per patient record a staff request showed */
export interface PersonalDataReadsTable {
  id: Generated<number>;
  staff_user_id: number;
  staff_role: StaffRole;
  patient_user_id: number | null;
  appointment_id: string | null;
  kind: string;
  subject_id: string;
  read_at: string;
}

/** the breach register (migration 022) */
export interface BreachesTable {
  id: Generated<number>;
  summary: string;
  data_concerned: string;
  measures_taken: string;
  occurred_at: string;
  found_at: string;
  range_from: string;
  range_to: string;
  /** the staff account ids concerned, as a JSON array */
  accounts_json: string;
  recorded_by: number;
  created_at: string;
  board_report_sent_at: string | null;
  board_report_sent_by: number | null;
}

export interface BreachNoticesTable {
  id: Generated<number>;
  breach_id: number;
  user_id: number | null;
  name: string;
  email: string;
  kinds_json: string;
  queued_at: string | null;
  /** the language of the reader's bookings, for a guest's notice (migration 032) */
  language: Generated<Locale>;
}

/** consent records (migration 020, modules/privacy/consents.ts) */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number | null;
  appointment_id: string | null;
  purpose: string;
  notice_version: string;
  captured: number;
  source: string;
  given_at: string;
  withdrawn_at: string | null;
  address_hash: string | null;
  guardian_name: string | null;
  guardian_relation: string | null;
  pseudonymised_at: string | null;
  /** the family member the consent was given for; null: the record's account or booking (migration 047) */
  member_id: Generated<number | null>;
}

/** the lab's directory of referring doctors (migration 047; modules/people/doctors.ts) */
export interface ReferringDoctorsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  qualification: string;
  registration_no: string;
  council: string;
  clinic: string;
  phone: string | null;
  email: string | null;
  /** the doctor agreed to WhatsApp messages (staff tick it); SMS goes to the phone either way (migration 055) */
  whatsapp: Generated<Bool>;
  created_at: string;
  updated_at: string;
}

/** a doctor's one-time sign-in links and sessions, by hash (migration 047) */
export interface DoctorTokensTable {
  id: Generated<number>;
  doctor_id: number;
  kind: 'link' | 'session';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** family members an account books for (migration 047; modules/people) */
export interface FamilyMembersTable {
  id: Generated<number>;
  /** ABHA number (14 digits) and ABHA address (name@abdm) (migration 052, docs/abdm.md) */
  abha_number: Generated<string | null>;
  abha_address: Generated<string | null>;
  user_id: number;
  name: string;
  relation: string;
  date_of_birth: string | null;
  age_years: number | null;
  age_recorded_on: string | null;
  sex: PatientSex | null;
  phone: string | null;
  created_at: string;
  archived_at: string | null;
  invite_hash: Generated<string | null>;
  invite_expires_at: Generated<string | null>;
  handed_over_to: Generated<number | null>;
  handed_over_at: Generated<string | null>;
}

export interface Database {
  users: UsersTable;
  phone_codes: PhoneCodesTable;
  refresh_tokens: RefreshTokensTable;
  recovery_codes: RecoveryCodesTable;
  categories: CategoriesTable;
  tests: TestsTable;
  offers: OffersTable;
  membership_plans: MembershipPlansTable;
  memberships: MembershipsTable;
  packages: PackagesTable;
  package_tests: PackageTestsTable;
  offer_tests: OfferTestsTable;
  appointments: AppointmentsTable;
  appointment_tests: AppointmentTestsTable;
  bills: BillsTable;
  payments: PaymentsTable;
  gateway_orders: GatewayOrdersTable;
  gateway_early_refunds: GatewayEarlyRefundsTable;
  invoice_sequences: InvoiceSequencesTable;
  test_samples: TestSamplesTable;
  test_turnaround: TestTurnaroundTable;
  tat_weekly: TatWeeklyTable;
  accession_days: AccessionDaysTable;
  samples: SamplesTable;
  sample_tests: SampleTestsTable;
  recollections: RecollectionsTable;
  blogs: BlogsTable;
  careers: CareersTable;
  contact_messages: ContactMessagesTable;
  audit_log: AuditLogTable;
  appointment_counts: AppointmentCountsTable;
  test_parameters: TestParametersTable;
  reference_intervals: ReferenceIntervalsTable;
  results: ResultsTable;
  analyser_codes: AnalyserCodesTable;
  analyser_messages: AnalyserMessagesTable;
  reports: ReportsTable;
  report_pdfs: ReportPdfsTable;
  report_amendments: ReportAmendmentsTable;
  slot_week: SlotWeekTable;
  slot_overrides: SlotOverridesTable;
  slot_seats: SlotSeatsTable;
  service_pins: ServicePinsTable;
  lab_details: LabDetailsTable;
  images: ImagesTable;
  content_version: ContentVersionTable;
  mail_jobs: MailJobsTable;
  channel_events: ChannelEventsTable;
  channel_early_receipts: ChannelEarlyReceiptsTable;
  channel_opt_outs: ChannelOptOutsTable;
  correction_requests: CorrectionRequestsTable;
  grievances: GrievancesTable;
  nominees: NomineesTable;
  kept_records: KeptRecordsTable;
  retention_runs: RetentionRunsTable;
  personal_data_reads: PersonalDataReadsTable;
  breaches: BreachesTable;
  breach_notices: BreachNoticesTable;
  consents: ConsentsTable;
  family_members: FamilyMembersTable;
  referring_doctors: ReferringDoctorsTable;
  doctor_tokens: DoctorTokensTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Test = Selectable<TestsTable>;
export type Appointment = Selectable<AppointmentsTable>;
