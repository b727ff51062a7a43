// A UPI reference typed at the desk is normalised to the digits of its UTR before the reuse check and
// before it is stored: "UTR 123456789012" is the UTR a patient already sent, and pays no second bill.
// SQLite and PostgreSQL (the partial unique index on payments.utr does the check on both).
import { UTR_RULE, UTR_USED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utrOf } from '../src/modules/payments/rules.ts';
import { bearer, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff, newUtr, type StaffAccount } from './staff-helpers.ts';

describe('UTR references at the desk', () => {
  let t: TestApp;
  let desk: StaffAccount;

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    desk = await createStaff(t.app, 'reception');
  });
  afterAll(() => t.close());

  const billId = async (appointment: string) => (await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', appointment).executeTakeFirstOrThrow()).id;
  const pay = async (appointment: string, reference: string) =>
    t.app.inject({ method: 'POST', url: `/api/staff/bills/${await billId(appointment)}/payments`, headers: bearer(desk), payload: { mode: 'upi', reference } });

  it('reads the UTR out of the ways people write it', () => {
    expect(utrOf('UTR 123456789012')).toBe('123456789012');
    expect(utrOf('UPI Ref No. 1234 5678 9012')).toBe('123456789012');
    expect(utrOf('1234-5678-9012')).toBe('123456789012');
    expect(utrOf('123456789012')).toBe('123456789012');
    expect(utrOf('12345678901')).toBeNull();
    expect(utrOf('UTR 123456789012 / 7')).toBeNull();
  });

  it('refuses "UTR <digits>" when the patient already sent those digits for another bill', async () => {
    const [first, second] = [await book(t.app), await book(t.app)];
    const utr = newUtr();
    expect((await t.app.inject({ method: 'POST', url: `/api/billing/${first}/utr/`, payload: { utr } })).statusCode).toBe(200);
    const reused = await pay(second, `UTR ${utr}`);
    expect(reused.statusCode, reused.body).toBe(400);
    expect(reused.json()).toEqual({ reference: [UTR_USED] });
    const spaced = await pay(second, `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`);
    expect(spaced.json()).toEqual({ reference: [UTR_USED] });
  });

  it('stores the digits, so a second desk payment in another spelling is refused too', async () => {
    const [first, second] = [await book(t.app), await book(t.app)];
    const utr = newUtr();
    const paid = await pay(first, `UTR: ${utr}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await t.app.deps.db.selectFrom('payments').select(['reference', 'utr']).where('bill_id', '=', await billId(first)).where('kind', '=', 'payment').executeTakeFirstOrThrow();
    expect(row).toEqual({ reference: utr, utr });
    expect((await pay(second, utr)).json()).toEqual({ reference: [UTR_USED] });
  });

  it('refuses a UPI reference that holds no UTR, naming the field', async () => {
    const res = await pay(await book(t.app), 'paid on phone');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ reference: [UTR_RULE] });
  });
});
