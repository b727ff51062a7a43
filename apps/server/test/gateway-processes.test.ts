// One payment's callback and webhook at once in two server processes on one PostgreSQL
// (docs/payments-gateway.md): two real processes (main.ts) with the Razorpay adapter pointed at the local
// fake; for each of 20 bills the payer's signed return reaches one process while the gateway's
// webhooks reach the other, all at the same moment. Each payment is recorded once, each bill paid once,
// each with one audit entry of the payment. PostgreSQL only: several processes need it (docs/operations.md).
import { expect, it } from 'vitest';
import { createDb } from '../src/db/index.ts';
import { razorpayEnv, RAZORPAY_TEST, startFakeRazorpay } from './fakes/razorpay.ts';
import { freshDatabase } from './fresh-database.ts';
import { serverProcesses } from './server-processes.ts';
import { isPostgres, spreadVisit } from './helpers.ts';

const { startServer, cleanups } = serverProcesses();

it.skipIf(!isPostgres)('records a payment once when its callback and its webhooks reach two processes at the same moment', { timeout: 240_000 }, async () => {
  const url = await freshDatabase('lab_gateway', cleanups);
  const fake = await startFakeRazorpay({ ...RAZORPAY_TEST });
  cleanups.push(() => fake.close());
  const first = await startServer(url, { WORKERS: '1', ...razorpayEnv(fake) });
  const second = await startServer(url, { WORKERS: '1', ...razorpayEnv(fake) });
  fake.webhookTarget = `${second}/api/payments/gateway/webhook`;
  const testId = ((await (await fetch(`${first}/api/tests/`)).json()) as { id: number }[])[0]!.id;

  const keys: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${first}/api/appointments/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...spreadVisit(i, 3), user_name: 'Two Process', user_email: 'two@example.com', user_phone: '9876543210', tests: [testId] }),
    });
    expect(res.status).toBe(201);
    keys.push(((await res.json()) as { id: string }).id);
  }
  const payments = await Promise.all(
    keys.map(async (key) => {
      const res = await fetch(`${first}/api/billing/${key}/pay/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(200);
      const orderId = decodeURIComponent(((await res.json()) as { checkout_path: string }).checkout_path.split('/').pop()!);
      return fake.pay(orderId);
    }),
  );
  const answers = await Promise.all(
    payments.flatMap(({ payment, callback }) => [
      fetch(`${first}/api/payments/gateway/callback`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(callback).toString() }).then((r) => r.status),
      ...fake.paymentEvents(payment.id).map((body) => fake.postWebhook(body).then((r) => r.statusCode)),
    ]),
  );
  expect(answers.filter((s) => s === 303)).toHaveLength(20);
  expect(answers.filter((s) => s === 200)).toHaveLength(40);

  const db = await createDb(url);
  cleanups.push(() => db.close());
  const rows = await db.db.selectFrom('payments').select(['bill_id', 'gateway_id']).where('mode', '=', 'gateway').execute();
  expect(rows).toHaveLength(20);
  expect(new Set(rows.map((r) => r.gateway_id))).toEqual(new Set(payments.map((p) => p.payment.id)));
  const bills = await db.db.selectFrom('bills').select(['is_paid', 'paid_paise', 'total_paise']).where('appointment_id', 'in', keys).execute();
  expect(bills.every((b) => b.is_paid === 1 && b.paid_paise === b.total_paise)).toBe(true);
  const audits = await db.db.selectFrom('audit_log').select('action').where('action', '=', 'gateway-payment').execute();
  expect(audits).toHaveLength(20);
});
