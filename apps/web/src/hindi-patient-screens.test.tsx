// @vitest-environment jsdom
// The check that nothing on a signed-in patient's screen is left in English when the person has
// chosen Hindi: each screen (dashboard with its appointments, membership, profile and who-looked; the
// bill with its payment; trends; the report download; the verification page; find my booking; packages;
// membership) is drawn as the browser draws it, with the API's answers, in its loaded, empty and failed
// states. Latin letters may show only in the data the API sent (names, references, test names, the
// server's own messages) and in words that are the same in Hindi (hindi-pages.test.ts checks the public
// pages the same way).
import type { AccessLogPage, Bill, ConsentsResponse, CorrectionRequest, DataSummary, Grievance, MeResponse, MembershipPlan, MembershipStatus, MyReport, TestPackage, Trend, UserAppointment, Verification } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAB_DETAILS } from '../../server/src/db/seed/lab-details.ts';
import DashboardRoute from './app/routes/dashboard.tsx';
import { BillView } from './features/billing/components/bill-view.tsx';
import FindBookingPage from './features/billing/pages/find-booking-page.tsx';
import CancelLinkPage from './features/booking/pages/cancel-link-page.tsx';
import ClaimBookingsPage from './features/dashboard/pages/claim-bookings-page.tsx';
import MembershipPage from './features/membership/pages/membership-page.tsx';
import PackagesPage from './features/packages/pages/packages-page.tsx';
import ReportPage from './features/reports/pages/report-page.tsx';
import TrendsPage from './features/reports/pages/trends-page.tsx';
import VerifyPage from './features/reports/pages/verify-page.tsx';
import { AuthProvider } from './shared/auth/auth-context.tsx';
import { InLanguage } from './shared/i18n/test-language.tsx';
import { untranslatedLines } from './untranslated-english.ts';

vi.mock('./features/reports/components/trend-chart.tsx', () => ({ TrendChart: () => <div data-testid="trend-chart" /> }));

const user = { username: 'asha', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao', is_staff: false };
const appointments: UserAppointment[] = [
  {
    id: 'k3Xp9QmT2vLw8RzA',
    reference: 'LC-7K4M-Q2',
    date: '2026-12-01',
    time: '10:30',
    tests: [{ id: 1, name: 'Lipid Profile', price: 600 }],
    is_cancelled: false,
    status: 'booked',
    home_sample: true,
    address: '12 MG Road',
    total_price: 126000,
    created_at: '2026-11-20T10:00:00Z',
    latest_time: null,
  },
  {
    id: 'p8Wq2LmZ7xRt4YvB',
    reference: 'LC-9H2J-T7',
    date: '2026-10-02',
    time: '09:00',
    tests: [{ id: 2, name: 'Complete Blood Count', price: 300 }],
    is_cancelled: true,
    status: 'cancelled',
    home_sample: false,
    address: '',
    total_price: 300,
    created_at: '2026-09-20T10:00:00Z',
    latest_time: null,
  },
];
const reports: MyReport[] = [{ appointment_id: 'k3Xp9QmT2vLw8RzA', version: 1, released_at: '2026-12-02T09:00:00Z', verification_code: 'AB12CD34' }];
const me: MeResponse = { ...user, date_of_birth: '1990-05-04', age_years: 36, sex: 'female', language: 'hi' } as MeResponse;
const accessLog: AccessLogPage = {
  items: [
    { at: '2026-12-02T08:30:00Z', role: 'pathologist', kind: 'results', appointment_reference: 'LC-7K4M-Q2' },
    { at: '2026-12-01T05:00:00Z', role: 'reception', kind: 'bill', appointment_reference: null },
  ],
  next_cursor: 'c2',
};
const plans: MembershipPlan[] = [{ id: 1, name: 'Gold', price: 999, discount_percentage: 15, discount: 15, duration_days: 365, refund_rule: 'unused_days' }];
const membership: MembershipStatus = {
  plan: 'Gold',
  plan_id: 1,
  start_date: '2026-11-01',
  end_date: '2027-10-31',
  discount_percentage: 15,
  discount: 15,
  status: 'Awaiting payment',
  is_active: false,
  bill: { key: 'm-key-1', invoice_no: 'LC/2026-27/000124', amount_due: 999, payment_status: 'unpaid' },
};
const packages: TestPackage[] = [
  {
    id: 3,
    name: 'Full Body Checkup',
    description: 'Thirty tests for a yearly check.',
    original_price: 5000,
    offer_price: 2999,
    discounted_price: 2549,
    tests: [{ id: 1, name: 'Lipid Profile', price: 600 }],
  } as TestPackage,
];
const bill: Bill = {
  appointment_id: 'k3Xp9QmT2vLw8RzA',
  reference: 'LC-7K4M-Q2',
  patient_name: 'Asha Rao',
  user_email: 'asha@example.com',
  user_phone: '9876543210',
  generated_at: '2026-11-20T10:00:00Z',
  date: '2026-12-01',
  time: '10:30',
  home_sample: true,
  tests: [{ name: 'Lipid Profile', price: 600 }],
  total_price: 126000,
  offer_price: null,
  package_name: null,
  is_paid: false,
  lines: [
    { kind: 'test', name: 'Lipid Profile', amount: 126500, includes: [] },
    { kind: 'member_discount', name: '', amount: -500, includes: [] },
  ],
  kind: 'appointment',
  invoice_no: 'LC/2026-27/000123',
  payment_status: 'partly_paid',
  amount_paid: 1000,
  amount_due: 125000,
  refund_owed: 50,
  submitted_utr: '123456789012',
  rejected: { utr: '111122223333', reason: 'No such payment reached the account.' },
  upi: { link: 'upi://pay?pa=lab@upi', qr_path: '/api/billing/k3Xp9QmT2vLw8RzA/upi.svg', vpa: 'lab@upi', payee: 'Lab Centre Diagnostics' },
  receipt_path: '/api/billing/k3Xp9QmT2vLw8RzA/receipt.pdf',
} as Bill;
const trends: Trend[] = [
  {
    parameter: 'HbA1c',
    unit: '%',
    points: [
      { appointment_id: 'a1', taken_at: '2026-03-01T04:00:00Z', value: 6.1, flag: 'H', interval: '4.0 - 5.6', lower: 4, upper: 5.6 },
      { appointment_id: 'a2', taken_at: '2026-09-01T04:00:00Z', value: 5.4, flag: null, interval: '', lower: null, upper: null },
    ],
  },
];
const verification: Verification = {
  genuine: true,
  lab_name: 'Lab Centre Diagnostics',
  patient_initials: 'A. R.',
  tests: ['Lipid Profile', 'HbA1c'],
  released_at: '2026-12-02T09:00:00Z',
  version: 1,
  superseded: true,
  superseded_by: 'ZX98YW76',
};

const consents: ConsentsResponse = {
  notice: { version: '2026-11', date: '2026-11-01' },
  in_force: { service: true, marketing: false },
  needs_consent: true,
  records: [
    { purpose: 'service', notice_version: '2026-11', captured: true, source: 'login_prompt', given_at: '2026-11-20T10:00:00Z', withdrawn_at: null, appointment_id: null, guardian: null },
    { purpose: 'marketing', notice_version: '2026-11', captured: true, source: 'dashboard', given_at: '2026-11-20T10:00:00Z', withdrawn_at: '2026-11-21T10:00:00Z', appointment_id: null, guardian: { name: 'Ravi Rao', relation: 'parent' } },
  ],
} as ConsentsResponse;
const summary: DataSummary = {
  items: [
    { kind: 'profile', count: 1, purpose: 'To sign you in and fill in your bookings.' },
    { kind: 'bills', count: 2, purpose: 'Tax law.' },
  ],
  retention: { bills_years: 8, reports_years: 3, guest_contact_days: 90 },
  grievance_contact: { name: 'Dr. Kavita Sharma', email: 'grievance@lab.example', phone: '+91 141 400 0000' },
  grievance_due_days: 30,
} as DataSummary;
const corrections: CorrectionRequest[] = [
  { id: 1, concerns: 'bill', reference: 'LC/2026-27/000123', details: 'The name is misspelt.', status: 'corrected', resolution: 'Fixed the name.', created_at: '2026-11-22T10:00:00Z', resolved_at: '2026-11-23T10:00:00Z' },
];
const grievances: Grievance[] = [
  { id: 1, subject: 'Late report', details: 'It came a day late.', status: 'open', answer: null, received_at: '2026-11-22T10:00:00Z', due_date: '2026-12-22', answered_at: null } as Grievance,
];

/** the API's answers by path; `failing` answers 500 to everything */
const answers: Record<string, unknown> = {
  '/api/users/userappointments/': appointments,
  '/api/reports/': reports,
  '/api/reports/trends/': trends,
  '/api/users/me/': me,
  '/api/users/me/access-log/': accessLog,
  '/api/membership/status/?none=null': membership,
  // the Hindi screens ask for the plans and the packages in Hindi
  '/api/membership/plans/?lang=hi': plans,
  '/api/packages/?lang=hi': packages,
  '/api/billing/k3Xp9QmT2vLw8RzA/': bill,
  '/api/verify/AB12CD34': verification,
  '/api/claim-bookings/confirm/': { claimed: 2, references: ['LC-7K4M-Q2', 'LC-9H2J-T7'] },
  '/api/cancel-links/c4nc3l/': { reference: 'LC-7K4M-Q2', date: '2026-12-01', time: '10:30', home_sample: true, tests: ['Lipid Profile'], status: 'booked', refusal: null },
  '/api/users/me/consents/': consents,
  '/api/users/me/data/': summary,
  '/api/users/me/corrections/': corrections,
  '/api/users/me/grievances/': grievances,
  '/api/users/me/nominee/': { nominee: { name: 'Ravi Rao', relation: 'Brother', phone: '9829000000', email: '', updated_at: '2026-11-22T10:00:00Z' } },
  // how we message you: WhatsApp on, SMS stopped by a reply (docs/messaging.md)
  '/api/users/me/channels/': {
    phone: '+919829012345',
    channels: ['email', 'sms', 'whatsapp'],
    whatsapp_opt_in: { given_at: '2026-11-20T10:00:00Z', notice_version: '2026-11' },
    opt_outs: [{ channel: 'sms', phone: '+919829012345', source: 'reply', text: 'STOP', at: '2026-11-28T09:00:00Z' }],
  },
};

/** everything the API sent, and the lab's details: the data a screen may show as it is */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];
// with the server's own messages, which it sends in English
const serverSays = ['Internal Server Error', 'Not found.', 'No active membership.'];
const data = [...stringsOf(answers), ...stringsOf(DEFAULT_LAB_DETAILS), ...serverSays, 'k3Xp9QmT2vLw8RzA', 'AB12CD34'].join('\n');
// (a Latin run may end in the bracket around it)
const isData = (text: string) => data.includes(text.replace(/\)$/, ''));

function serve(mode: 'loaded' | 'empty' | 'failing') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.replace(/^https?:\/\/[^/]+/, '');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (mode === 'failing') return json(500, { error: 'Internal Server Error' });
      if (mode === 'empty') {
        const body = answers[path];
        if (path === '/api/users/me/' || path === '/api/membership/plans/?lang=hi') return json(200, answers[path]);
        if (path === '/api/users/me/access-log/') return json(200, { items: [], next_cursor: null });
        if (path === '/api/membership/status/?none=null') return json(200, null);
        return Array.isArray(body) ? json(200, []) : json(404, { error: 'Not found.' });
      }
      return path in answers ? json(200, answers[path]) : json(404, { error: 'Not found.' });
    }),
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <InLanguage locale="hi">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </InLanguage>
  );
}

/** a screen at its path, with the root's data (the lab's details) as the app has it */
function show(path: string, element: ReactNode, pattern = path) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: (
          <Frame>
            <Outlet />
          </Frame>
        ),
        children: [{ path: pattern.slice(1), element }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { lab: DEFAULT_LAB_DETAILS } } } },
  );
  render(<RouterProvider router={router} />);
}

const english = () => untranslatedLines(document.body.innerHTML, isData);

// jsdom has <dialog> without its modal methods
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

beforeEach(() => {
  const tokens = { access: 'a', refresh: 'r' };
  localStorage.setItem('user', JSON.stringify({ ...user, tokens }));
  localStorage.setItem('accessToken', tokens.access);
  localStorage.setItem('refreshToken', tokens.refresh);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the patient screens in Hindi show no English of ours', () => {
  it('the dashboard: appointments with their actions, membership awaiting its bill, details, consents, rights, who looked', { timeout: 20_000 }, async () => {
    serve('loaded');
    show('/UserDashboard', <DashboardRoute />);
    expect(await screen.findByRole('heading', { name: 'स्वागत है, Asha' })).toBeTruthy();
    await screen.findByText('1 दिसंबर 2026, 10:30 बजे');
    await screen.findByText('रिपोर्ट तैयार');
    await screen.findByText(/^Rs 999.00 का बिल भरते ही/);
    await screen.findByText('पैथोलॉजिस्ट');
    await waitFor(() => expect(screen.getByLabelText('लिंग')).toHaveProperty('value', 'female'));
    // the consents, the prompt to agree to the notice, and the rights (loaded lazily)
    await screen.findByText(/^सेवा: 20 नवंबर 2026, 15:30 को लॉग इन के समय पर दी गई/);
    await screen.findByRole('heading', { name: 'कृपया हमारी गोपनीयता सूचना से सहमति दें' });
    await screen.findByText(/^कोई बिल \(LC\/2026-27\/000123\): सुधार दिया गया/);
    await screen.findByText(/22 दिसंबर 2026 तक जवाब$/);
    await waitFor(() => expect(screen.getByLabelText('नॉमिनी का नाम')).toHaveProperty('value', 'Ravi Rao'));
    expect(screen.getByText('2 अपॉइंटमेंट')).toBeTruthy();
    await screen.findByText('आपने 28 नवंबर 2026 को STOP लिखकर भेजा, इसलिए +91 98290 12345 पर एसएमएस संदेश बंद हो गए।');
    expect(screen.getByRole('button', { name: 'व्हाट्सऐप बंद करें' })).toBeTruthy();
    expect(screen.getByText('कुल Rs 1,26,000.00')).toBeTruthy();
    expect(english()).toEqual([]);
  });

  it('the dashboard with nothing yet: no appointments, no membership, nobody looked', async () => {
    serve('empty');
    show('/UserDashboard', <DashboardRoute />);
    await screen.findByText(/^आपका अभी कोई अपॉइंटमेंट नहीं है।/);
    await screen.findByRole('button', { name: 'Gold लें' });
    await screen.findByText('अभी तक किसी कर्मचारी ने आपके रिकॉर्ड नहीं खोले हैं।');
    expect(english()).toEqual([]);
  });

  it('the dashboard when the server fails', async () => {
    serve('failing');
    show('/UserDashboard', <DashboardRoute />);
    await screen.findByText('आपके अपॉइंटमेंट लोड नहीं हो सके।');
    await screen.findByText('आपकी सदस्यता लोड नहीं हो सकी।');
    await screen.findByText(/^किसने देखा, यह लोड नहीं हो सका/);
    // the server's own message is its data
    expect(english()).toEqual([]);
  });

  it('the bill: invoice, payment partly made, a reference waiting and one refused, the UPI QR code, the receipt', async () => {
    serve('loaded');
    show('/billing/k3Xp9QmT2vLw8RzA', <BillView appointmentId="k3Xp9QmT2vLw8RzA" />, '/billing/:appointmentId');
    expect(await screen.findByRole('heading', { name: 'बिल' })).toBeTruthy();
    expect(screen.getByTestId('bill-total').textContent).toBe('Rs 1,26,000.00');
    // the bill's lines in Hindi, a discount as a line of its own (decision 052)
    expect(screen.getByRole('rowheader', { name: 'सदस्यता छूट' })).toBeTruthy();
    expect(screen.getByText('− Rs 500.00')).toBeTruthy();
    expect(screen.getByTestId('bill-payment-status').textContent).toBe('आंशिक भुगतान');
    expect(screen.getByRole('img', { name: 'यूपीआई क्यूआर कोड: Lab Centre Diagnostics को Rs 1,25,000.00 का भुगतान करें' })).toBeTruthy();
    expect(english()).toEqual([]);
  });

  it('the bill loading, missing and failing', async () => {
    serve('empty');
    show('/billing/k3Xp9QmT2vLw8RzA', <BillView appointmentId="k3Xp9QmT2vLw8RzA" />, '/billing/:appointmentId');
    expect(screen.getByText('बिल लोड हो रहा है...')).toBeTruthy();
    await screen.findByText('इस अपॉइंटमेंट का कोई बिल नहीं मिला।');
    expect(english()).toEqual([]);
    cleanup();
    serve('failing');
    show('/billing/k3Xp9QmT2vLw8RzA', <BillView appointmentId="k3Xp9QmT2vLw8RzA" />, '/billing/:appointmentId');
    await screen.findByText('बिल लोड नहीं हो सका। कृपया फिर से कोशिश करें।');
    expect(english()).toEqual([]);
  });

  it('results over time, and with nothing to compare', async () => {
    serve('loaded');
    show('/UserDashboard?view=trends', <TrendsPage />, '/UserDashboard');
    await screen.findByRole('heading', { name: 'HbA1c (%)' });
    expect(screen.getByText('ज़्यादा')).toBeTruthy();
    expect(english()).toEqual([]);
    cleanup();
    serve('empty');
    show('/UserDashboard?view=trends', <TrendsPage />, '/UserDashboard');
    await screen.findByText(/^अभी मिलाने को कुछ नहीं/);
    expect(english()).toEqual([]);
  });

  it('the report download, and a booking without a report', async () => {
    serve('empty');
    show('/report/k3Xp9QmT2vLw8RzA', <ReportPage />, '/report/:appointmentId');
    expect(english()).toEqual([]);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'रिपोर्ट डाउनलोड करें (पीडीएफ़)' })));
    await screen.findByText(/^इस बुकिंग की कोई रिपोर्ट नहीं मिली/);
    expect(screen.getByRole('link', { name: 'साइन इन करें' })).toBeTruthy();
    expect(english()).toEqual([]);
  });

  it('a report’s verification: superseded, and an unknown code', async () => {
    serve('loaded');
    show('/verify/AB12CD34', <VerifyPage />, '/verify/:code');
    await screen.findByText(/^असली है, पर पुरानी/);
    expect(english()).toEqual([]);
    cleanup();
    serve('empty');
    show('/verify/AB12CD34', <VerifyPage />, '/verify/:code');
    await screen.findByText(/^किसी रिपोर्ट का यह कोड नहीं है/);
    expect(english()).toEqual([]);
  });

  it('the e-mail confirmation that joins guest bookings, and its failure', async () => {
    serve('loaded');
    show('/claim-bookings/t0k3n', <ClaimBookingsPage />, '/claim-bookings/:token');
    await screen.findByText('मेहमान के रूप में की गई 2 बुकिंग आपके खाते में जुड़ गईं: LC-7K4M-Q2, LC-9H2J-T7।');
    expect(english()).toEqual([]);
    cleanup();
    serve('failing');
    show('/claim-bookings/t0k3n', <ClaimBookingsPage />, '/claim-bookings/:token');
    await screen.findByRole('alert');
    expect(english()).toEqual([]);
  });

  it('the reminder’s cancel link, and the appointment cancelled by it', async () => {
    serve('loaded');
    show('/cancel/c4nc3l', <CancelLinkPage />, '/cancel/:token');
    expect(await screen.findByText('मंगलवार, 1 दिसंबर 2026, 10:30 बजे')).toBeTruthy();
    expect(english()).toEqual([]);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'यह अपॉइंटमेंट रद्द करें' })));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'हाँ, रद्द करें' })));
    await screen.findByText('आपका अपॉइंटमेंट LC-7K4M-Q2 रद्द हो गया है। अब और कुछ नहीं करना है।');
    expect(english()).toEqual([]);
  });

  it('find my booking', () => {
    serve('loaded');
    show('/find-booking', <FindBookingPage />);
    expect(screen.getByRole('heading', { name: 'मेरी बुकिंग खोजें' })).toBeTruthy();
    // the example reference in the field is a reference
    expect(untranslatedLines(document.body.innerHTML, (text) => isData(text) || text === 'LC-7K4M-Q2')).toEqual([]);
  });

  it('packages, one opened, and the membership screen', async () => {
    serve('loaded');
    show('/packages', <PackagesPage />);
    await act(async () => userEvent.click(await screen.findByRole('button', { name: /^Full Body Checkup/ })));
    expect(screen.getByText('शामिल जाँचें')).toBeTruthy();
    expect(english()).toEqual([]);
    cleanup();
    show('/membership', <MembershipPage />);
    await screen.findByText('भुगतान का इंतज़ार');
    await screen.findByText('Full Body Checkup');
    expect(english()).toEqual([]);
  });

  it('packages and membership plans when none are offered or the server fails', async () => {
    serve('empty');
    show('/packages', <PackagesPage />);
    await screen.findByText('अभी कोई पैकेज उपलब्ध नहीं है।');
    expect(english()).toEqual([]);
    cleanup();
    serve('failing');
    show('/membership', <MembershipPage />);
    await screen.findByText('आपकी सदस्यता लोड नहीं हो सकी। कृपया फिर से कोशिश करें।');
    expect(english()).toEqual([]);
  });
});
