// Starts the local stand-in for Razorpay's API (razorpay.ts) on its own, for trying online payment with
// `npm run dev` or the browser tests (docs/payments-gateway.md): `npm run fake:razorpay -w apps/server`,
// then start the server with the environment it prints. It plays Razorpay's test mode: refunds are
// processed at once, and webhooks go to the server's webhook URL.
import { razorpayEnv, RAZORPAY_TEST, startFakeRazorpay } from './razorpay.ts';

const port = Number(process.env.RAZORPAY_FAKE_PORT ?? 4010);
const site = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const fake = await startFakeRazorpay({ ...RAZORPAY_TEST, port, refunds: 'auto', webhookTarget: `${site}/api/payments/gateway/webhook` });
const env = razorpayEnv(fake);
console.log(`Razorpay stand-in (test mode, local) at ${fake.url}; webhooks to ${site}/api/payments/gateway/webhook`);
console.log(Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' '));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
