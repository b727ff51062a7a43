// A report released as the lab releases one, for the tests that read released reports (the PDF, the FHIR
// bundle): booked through the public API, approved, its sample collected (drawn as containers through the
// samples module when asked, else marked collected), the patient's age and sex and every result entered by
// a technician, the critical value called about when there is one, and released by a pathologist.
import { expect } from 'vitest';
import type { App } from '../src/lib/context.ts';
import { type Account, bearer } from './helpers.ts';
import { book, type BookingOverrides, createStaff } from './staff-helpers.ts';

/** who does each step: the admin moves the visit along, the technician enters, the pathologist releases */
export interface ReleaseTeam {
  admin: Account;
  technician: Account;
  pathologist: Account;
  /** draws the containers when `drawn` is asked */
  phlebotomist?: Account;
}

export interface ReleaseOptions {
  /** the booking's fields (tests, name, language …) */
  booking: BookingOverrides;
  /** each parameter's value by name; a parameter not named gets '1' */
  values: Record<string, string>;
  /** the booker (a guest when left out) */
  who?: Account;
  /** the containers drawn through the samples module (by the team's phlebotomist), not only a status */
  drawn?: boolean;
}

/** the staff a report's path needs, each with a second factor: an admin, a technician, a phlebotomist and two pathologists (an amendment is released by the second) */
export async function labTeam(app: App) {
  const [admin, technician, phlebotomist, pathologist, secondPathologist] = await Promise.all([
    createStaff(app),
    createStaff(app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' }),
    createStaff(app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    createStaff(app, 'pathologist', { first_name: 'Kavita', last_name: 'Rao' }),
  ]);
  return { admin, technician, phlebotomist, pathologist, secondPathologist };
}

/** the public catalogue's test ids by name */
export async function testIdsByName(app: App): Promise<Map<string, number>> {
  const list = (await app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  return new Map(list.map((x) => [x.name, x.id]));
}

/** a CBC with every value inside an adult man's reference intervals */
export const CBC_VALUES: Readonly<Record<string, string>> = {
  Haemoglobin: '14.5', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0',
  'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1',
};

/** a staff request as `who` */
export const asStaff = (app: App, who: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });

/** books, enters and releases a report (version 1); answers the appointment id, its booking reference and the worksheet's rows */
export async function releaseReport(app: App, team: ReleaseTeam, options: ReleaseOptions) {
  const staff = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => asStaff(app, who, method, url, payload);
  const id = await book(app, options.booking, options.who);
  expect((await staff(team.admin, 'POST', `/appointments/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
  if (options.drawn) {
    if (!team.phlebotomist) throw new Error('drawing containers needs the team’s phlebotomist');
    const drawn = await staff(team.phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
    expect(drawn.statusCode, drawn.body).toBe(200);
  } else {
    expect((await staff(team.admin, 'POST', `/appointments/${id}/status`, { status: 'sample_collected' })).statusCode).toBe(200);
  }
  expect((await staff(team.technician, 'PUT', `/results/${id}/patient`, { age_years: 45, sex: 'male' })).statusCode).toBe(200);
  const rows = (await staff(team.technician, 'GET', `/results/${id}`)).json().rows as Array<{ parameter_id: number; name: string }>;
  const entered = await staff(team.technician, 'PUT', `/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: options.values[r.name] ?? '1' })), final: true });
  expect(entered.statusCode, entered.body).toBe(200);
  if ((entered.json() as { critical_pending: boolean }).critical_pending) {
    expect((await staff(team.technician, 'POST', `/results/${id}/critical-call`, { note: 'Told Dr Mehta by phone' })).statusCode).toBe(200);
  }
  const out = await staff(team.pathologist, 'POST', `/results/${id}/release`);
  expect(out.statusCode, out.body).toBe(200);
  const { reference } = await app.deps.db.selectFrom('appointments').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, reference, rows };
}
