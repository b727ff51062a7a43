// SQL of the booking domain: appointments, their tests as charged, and their bills.
import type { Insertable, Kysely } from 'kysely';
import type { AppointmentsTable, AppointmentTestsTable, BillsTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function insertBooking(
  db: Q,
  appointment: Insertable<AppointmentsTable>,
  tests: Array<Insertable<AppointmentTestsTable>>,
  bill: Insertable<BillsTable>,
): Promise<void> {
  await db.insertInto('appointments').values(appointment).execute();
  await db.insertInto('appointment_tests').values(tests).execute();
  await db.insertInto('bills').values(bill).execute();
}

const appointmentColumns = [
  'appointments.id',
  'appointments.reference',
  'appointments.user_id',
  'appointments.user_name',
  'appointments.user_email',
  'appointments.user_phone',
  'appointments.date',
  'appointments.time',
  'appointments.home_sample',
  'appointments.address',
  'appointments.status',
  'appointments.package_id',
  'appointments.created_at',
  'appointments.updated_at',
  'appointments.language',
  'bills.total_paise',
  'bills.offer_paise',
  'bills.package_paise',
  'bills.is_paid',
  'bills.generated_at',
  'packages.name as package_name',
  'packages.name_hi as package_name_hi',
] as const;

export function appointmentWithBill(db: Q, id: string) {
  return db
    .selectFrom('appointments')
    .innerJoin('bills', 'bills.appointment_id', 'appointments.id')
    .leftJoin('packages', 'packages.id', 'appointments.package_id')
    .select(appointmentColumns)
    .where('appointments.id', '=', id)
    .executeTakeFirst();
}

export type AppointmentWithBill = NonNullable<Awaited<ReturnType<typeof appointmentWithBill>>>;

export function userAppointments(db: Q, userId: number): Promise<AppointmentWithBill[]> {
  return db
    .selectFrom('appointments')
    .innerJoin('bills', 'bills.appointment_id', 'appointments.id')
    .leftJoin('packages', 'packages.id', 'appointments.package_id')
    .select(appointmentColumns)
    .where('appointments.user_id', '=', userId)
    .orderBy('appointments.created_at', 'desc')
    .orderBy('appointments.id', 'desc')
    .execute();
}

export interface ChargedTest {
  appointment_id: string;
  test_id: number;
  name: string;
  name_hi: string | null;
  price_paise: number;
  list_paise: number | null;
  discount: 'offer' | 'member' | null;
}

export function chargedTests(db: Q, appointmentIds: readonly string[]): Promise<ChargedTest[]> {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointment_tests')
    .select(['appointment_id', 'test_id', 'name', 'name_hi', 'price_paise', 'list_paise', 'discount'])
    .where('appointment_id', 'in', [...appointmentIds])
    .orderBy('appointment_id')
    .orderBy('position')
    .execute();
}

/** changes the state only if nobody changed it meanwhile; false when the row moved on */
export async function updateAppointment(
  db: Q,
  id: string,
  expectedStatus: AppointmentsTable['status'],
  expectedUpdatedAt: string,
  changes: Partial<Pick<AppointmentsTable, 'status' | 'date' | 'time' | 'updated_at'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .where('updated_at', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** the appointment holding a booking reference (stored normalised, see the contract's booking-reference.ts) */
export function appointmentByReference(db: Q, reference: string) {
  return db.selectFrom('appointments').select(['id', 'reference', 'user_email', 'user_phone']).where('reference', '=', reference).executeTakeFirst();
}

/** whether the appointment has a released report version (find my booking shows its link) */
export async function hasReleasedReport(db: Q, appointmentId: string): Promise<boolean> {
  const row = await db.selectFrom('reports').select('id').where('appointment_id', '=', appointmentId).where('status', '=', 'released').limit(1).executeTakeFirst();
  return row !== undefined;
}
