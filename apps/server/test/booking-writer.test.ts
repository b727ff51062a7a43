// The booking writer's group commit (decision 029), on SQLite and PostgreSQL: bookings written in one
// transaction each stand or fall alone. A full slot refuses only its booking; a booking whose rows are
// refused (here: a reference another booking of the batch holds) is written in no table and gives its
// seat back, while the others are committed with consecutive invoice numbers.
import { SLOT_FULL } from '@lab/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BookingWriter, type PlannedBooking } from '../src/modules/booking/writer.ts';
import { newAppointmentId } from '../src/modules/booking/service.ts';
import { seatPlan } from '../src/modules/slots/service.ts';
import { isUniqueViolation } from '../src/lib/unique-violation.ts';
import { makeApp, type TestApp } from './helpers.ts';

// Monday 17 June 2030 in India; the bookings are for Wednesday, whose slots get 2 seats.
const NOW = new Date('2030-06-17T04:40:00Z');
const DATE = '2030-06-19';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => NOW, mailJobs: 'manual' });
  await t.app.deps.db.insertInto('slot_overrides').values({ date: DATE, closed: 0, opens: null, closes: null, centre_seats: 2, home_seats: null, note: 'writer test' }).execute();
});
afterAll(() => t.close());

async function planned(reference: string, time: string): Promise<PlannedBooking> {
  const id = newAppointmentId();
  const at = new Date().toISOString();
  return {
    seat: await seatPlan(t.app.deps.db, { date: DATE, time, homeSample: false }),
    now: NOW,
    appointment: {
      id,
      reference,
      user_id: null,
      user_name: 'Asha Rao',
      user_name_key: 'asha rao',
      user_email: 'asha@example.com',
      user_phone: '9876543210',
      date: DATE,
      time,
      home_sample: 0,
      address: '',
      pin: null,
      status: 'booked',
      package_id: null,
      patient_date_of_birth: null,
      patient_age_years: null,
      patient_sex: null,
      created_at: at,
      updated_at: at,
    },
    tests: [],
    bill: { appointment_id: id, generated_at: at, total_paise: 50_000, offer_paise: null, is_paid: 0, paid_at: null },
    mails: [{ kind: 'booking-confirmation', appointmentId: id, uniqueKey: null, recipient: 'asha@example.com', subject: `Booking ${reference}`, messageJson: '{}', runAt: at, at }],
    consents: [],
  };
}

const settled = (p: Promise<void>) => p.then(() => 'ok' as const, (e: unknown) => e);

it('commits a batch in which one booking meets a full slot and another a taken reference, and only those two fail', async () => {
  const writer = new BookingWriter(t.app.deps.durableTransaction, t.app.deps.dialect);
  const bookings = [await planned('LC-AAAA-01', '10:00'), await planned('LC-AAAA-01', '11:00'), await planned('LC-AAAA-02', '11:10'), await planned('LC-AAAA-03', '10:10'), await planned('LC-AAAA-04', '10:20')];
  // Written together: all five are queued before the writer's turn comes.
  const outcomes = await Promise.all(bookings.map((b) => settled(writer.write(b))));
  // The 10:00 slot's two seats go in the batch's seat order (10:00, 10:10, 10:20): the third is refused.
  expect(outcomes[0]).toBe('ok');
  expect(outcomes[3]).toBe('ok');
  expect(outcomes[4]).toMatchObject({ statusCode: 409, message: SLOT_FULL });
  // The second holder of LC-AAAA-01 is refused by the unique index, as the service's retry expects.
  expect(isUniqueViolation(outcomes[1], 'reference')).toBe(true);
  expect(outcomes[2]).toBe('ok');

  const { db } = t.app.deps;
  const written = await db.selectFrom('appointments').select(['id']).where('date', '=', DATE).execute();
  const ok = [0, 2, 3].map((i) => bookings[i]!.appointment.id);
  expect(written.map((w) => w.id).sort()).toEqual([...ok].sort());
  expect(await db.selectFrom('mail_jobs').select('appointment_id').where('appointment_id', 'in', bookings.map((b) => b.appointment.id)).execute()).toHaveLength(3);
  // The refused booking's seat at 11:00 is free again; 11:10 keeps its one.
  const seats = await db.selectFrom('slot_seats').select(['slot', 'taken']).where('date', '=', DATE).orderBy('slot').execute();
  expect(seats.map((s) => [s.slot, Number(s.taken)])).toEqual([
    ['10:00', 2],
    ['11:00', 1],
  ]);
  const numbers = (await db.selectFrom('bills').select('invoice_no').where('appointment_id', 'in', ok).execute()).map((b) => Number(b.invoice_no.split('/')[2])).sort((a, b) => a - b);
  expect(numbers).toHaveLength(3);
  expect(numbers[2]! - numbers[0]!).toBe(2);
});
