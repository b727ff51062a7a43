// @vitest-environment jsdom
// The patient forms refused in Hindi (docs/features.md#forms, decision 053): each form is drawn as the
// browser draws it with Hindi chosen, sent, and answered with the API's 400 in Hindi as the server words
// it (the contract's catalogues). Every message must show at its own field (the input marked invalid and
// described by it), the page must stay Hindi throughout, and no API field name (`password`,
// `user_phone`…) may show anywhere, neither beside a message nor above the form.
import { type Bill, m, type MessageCode, type MessageValues, sayIn } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordPage from './features/auth/pages/forgot-password-page.tsx';
import LoginPage from './features/auth/pages/login-page.tsx';
import RegisterPage from './features/auth/pages/register-page.tsx';
import ResetPasswordPage from './features/auth/pages/reset-password-page.tsx';
import { BillPayment } from './features/billing/components/bill-payment.tsx';
import FindBookingPage from './features/billing/pages/find-booking-page.tsx';
import { ContactForm } from './features/contact/components/contact-form.tsx';
import { ProfileDetails } from './features/dashboard/components/profile-details.tsx';
import { CorrectionRequests } from './features/privacy/components/correction-requests.tsx';
import { GrievancesPanel } from './features/privacy/components/grievances-panel.tsx';
import { NomineeForm } from './features/privacy/components/nominee-form.tsx';
import { AuthProvider } from './shared/auth/auth-context.tsx';
import { makeLanguage } from './shared/i18n/i18n.tsx';
import type { MessageId } from './shared/i18n/message-id.ts';
import { InLanguage, testCatalogues } from './shared/i18n/test-language.tsx';
import { untranslatedLines, visibleText } from './untranslated-english.ts';

const { t } = makeLanguage({ locale: 'hi', messages: testCatalogues.hi });
/** a server message as the API says it to a Hindi screen */
const hi = (code: MessageCode, values?: MessageValues) => sayIn('hi', m(code, values));

/** every field name the API uses on these forms: none may reach the screen */
const API_NAMES = ['username', 'password', 'email', 'first_name', 'last_name', 'consent', 'notice_version', 'reference', 'contact', 'name', 'phone', 'message', 'subject', 'details', 'concerns', 'relation', 'utr', 'date_of_birth', 'age_years', 'sex', 'non_field_errors', 'error'];

/** answers by "METHOD path"; anything else is a 404 */
type Answers = Record<string, { status: number; body: unknown } | ((init?: RequestInit) => { status: number; body: unknown })>;
const asked: string[] = [];
function serve(answers: Answers) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace(/^https?:\/\/[^/]+/, '');
      const key = `${init?.method ?? 'GET'} ${path}`;
      asked.push(key);
      const found = answers[key];
      const { status, body } = typeof found === 'function' ? found(init) : (found ?? { status: 404, body: { error: hi('request.not_found') } });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function show(element: ReactNode, path = '/form', pattern = path) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: (
          <InLanguage locale="hi">
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
              <AuthProvider>
                <Outlet />
              </AuthProvider>
            </QueryClientProvider>
          </InLanguage>
        ),
        children: [{ path: pattern.slice(1), element }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

function signIn() {
  const tokens = { access: 'a', refresh: 'r' };
  localStorage.setItem('user', JSON.stringify({ username: 'asha', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao', is_staff: false, tokens }));
  localStorage.setItem('accessToken', tokens.access);
  localStorage.setItem('refreshToken', tokens.refresh);
}

/** the message shows at the field: the input is marked invalid and described by the message's element */
async function expectAtField(field: HTMLElement | Promise<HTMLElement>, message: string) {
  const input = await field;
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const described = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described.join(' ')).toContain(message);
}

/** the page says nothing in English of ours, and names no field by the API's name */
function expectWhollyHindi(typed: string[] = []) {
  // (a Latin run may stand in the brackets around it)
  const isData = (text: string) => typed.some((value) => value.includes(text.replace(/^\(|\)$/g, '')));
  expect(untranslatedLines(document.body.innerHTML, isData)).toEqual([]);
  const text = visibleText(document.body.innerHTML);
  for (const name of API_NAMES) expect(text, name).not.toMatch(new RegExp(`(^|[^\\w@.])${name}([^\\w@.]|$)`));
}

const label = (id: MessageId) => t(id);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  asked.length = 0;
});

describe('the account forms refused in Hindi', () => {
  it('login: each field the server refused, under it; "login failed" above', async () => {
    serve({ 'POST /api/users/login/': { status: 400, body: { username: [hi('validation.blank')], password: [hi('validation.blank')] } } });
    show(<LoginPage />, '/login');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: t('patient.login.submit') })));
    await expectAtField(screen.findByLabelText(label('patient.login.username')), hi('validation.blank'));
    await expectAtField(screen.getByLabelText(label('patient.password')), hi('validation.blank'));
    expect(screen.getByRole('alert').textContent).toBe(t('patient.auth.loginFailed'));
    expectWhollyHindi();
  });

  it('register: the taken name, the weak password and the outdated notice, each at its field, all at once', async () => {
    const refused = {
      username: [hi('auth.username_taken')],
      password: [hi('password.too_similar', { field: m('label.username') }), hi('password.too_short', { min: 8 })],
      'consent.notice_version': [hi('consent.notice_outdated', { version: '2026-11' })],
    };
    serve({ 'POST /api/users/register/': { status: 400, body: refused } });
    show(<RegisterPage />, '/register');
    const typed = ['Asha', 'Rao', 'asha_rao', 'asha@example.in', 'asha_rao1'];
    await userEvent.type(await screen.findByLabelText(label('patient.register.firstName')), typed[0]!);
    await userEvent.type(screen.getByLabelText(label('patient.register.lastName')), typed[1]!);
    await userEvent.type(screen.getByLabelText(label('patient.register.username')), typed[2]!);
    await userEvent.type(screen.getByLabelText(label('patient.email')), typed[3]!);
    await userEvent.type(screen.getByLabelText(label('patient.password')), typed[4]!);
    const consent = screen.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ });
    await userEvent.click(consent);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.register.submit') })));
    await expectAtField(screen.getByLabelText(label('patient.register.username')), refused.username[0]!);
    await expectAtField(screen.getByLabelText(label('patient.password')), `${refused.password[0]} ${refused.password[1]}`);
    await expectAtField(consent, refused['consent.notice_version'][0]!);
    // nothing left over for the message above the form
    expect(screen.queryByRole('alert')).toBeNull();
    expectWhollyHindi(typed);
  });

  it('forgot password: a refused address under the field', async () => {
    serve({ 'POST /api/send-reset-email/': { status: 400, body: { email: [hi('validation.email')] } } });
    show(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(await screen.findByLabelText(label('patient.email')), 'asha@example');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.forgot.submit') })));
    await expectAtField(screen.getByLabelText(label('patient.email')), hi('validation.email'));
    expectWhollyHindi(['asha@example']);
  });

  it('reset password: a refused password under it; a refused link offers a new one, in Hindi', async () => {
    let answer = { status: 400, body: { password: [hi('password.too_common')] } as unknown };
    serve({ 'POST /api/reset-password/MQ/tok-en/': () => answer });
    show(<ResetPasswordPage />, '/reset-password/MQ/tok-en', '/reset-password/:uidb64/:token');
    const password = await screen.findByLabelText(label('patient.reset.new'));
    await userEvent.type(password, 'qwertyuiop');
    await userEvent.type(screen.getByLabelText(label('patient.reset.confirm')), 'qwertyuiop');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.reset.submit') })));
    await expectAtField(screen.getByLabelText(label('patient.reset.new')), hi('password.too_common'));
    expect(screen.queryByRole('link', { name: t('patient.reset.newLink') })).toBeNull();
    expectWhollyHindi();

    answer = { status: 400, body: { error: hi('auth.reset_link_invalid') } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.reset.submit') })));
    expect(await screen.findByRole('link', { name: t('patient.reset.newLink') })).toBeTruthy();
    expect(screen.getByLabelText(label('patient.reset.new')).getAttribute('aria-invalid')).toBeNull();
    expectWhollyHindi();
  });
});

describe('the booking and bill forms refused in Hindi', () => {
  it('find my booking: reference and contact under their fields; a failure with no words, our own words', async () => {
    let answer = { status: 400, body: { reference: [hi('booking.reference_rule')], contact: [hi('validation.label_required', { label: m('label.booking_contact') })] } as unknown };
    serve({ 'POST /api/bookings/find/': () => answer });
    show(<FindBookingPage />, '/find-booking');
    await userEvent.type(await screen.findByLabelText(label('patient.find.reference')), 'LC-1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.find.title') })));
    await expectAtField(screen.getByLabelText(label('patient.find.reference')), hi('booking.reference_rule'));
    await expectAtField(screen.getByLabelText(label('patient.find.contact')), 'बुकिंग के समय दिया गया फ़ोन नंबर या ई-मेल पता ज़रूरी है।');
    expectWhollyHindi(['LC-1', 'LC-7K4M-Q2']);

    // a gateway's page, not the API: no "Request failed with status 502"
    answer = { status: 502, body: null };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.find.title') })));
    expect(await screen.findByText(t('patient.find.failed'))).toBeTruthy();
    expectWhollyHindi(['LC-1', 'LC-7K4M-Q2']);
  });

  it('the UTR: the server\'s refusal under the field', async () => {
    serve({ 'POST /api/billing/k3Xp9QmT2vLw8RzA/utr/': { status: 400, body: { utr: [hi('payments.utr_rule')] } } });
    const bill = { appointment_id: 'k3Xp9QmT2vLw8RzA', payment_status: 'unpaid', amount_due: 600, submitted_utr: null, rejected: null, refund_owed: 0, invoice_no: 'LC/2026-27/000123', upi: { link: 'upi://pay?pa=lab@upi', qr_path: '/qr.svg', vpa: 'lab@upi', payee: 'Lab Centre Diagnostics' }, receipt_path: null } as unknown as Bill;
    show(<BillPayment bill={bill} />);
    await userEvent.type(await screen.findByLabelText(label('patient.pay.utrLabel')), '123456789012');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('patient.pay.utrSubmit') })));
    await expectAtField(screen.getByLabelText(label('patient.pay.utrLabel')), hi('payments.utr_rule'));
    // UPI and UTR are the same in Hindi (the catalogues write them so)
    expectWhollyHindi(['LC/2026-27/000123', 'lab@upi', 'Lab Centre Diagnostics', '123456789012', 'UTR']);
  });
});

describe('the contact form and the dashboard\'s forms refused in Hindi', () => {
  it('contact: asks in Hindi on a Hindi page, each field under it', async () => {
    const refused = { name: [hi('validation.name_rule')], email: [hi('validation.email')], phone: [hi('validation.phone_digits')], message: [hi('validation.blank')] };
    serve({ 'POST /api/contact/?lang=hi': { status: 400, body: refused } });
    show(<ContactForm />);
    await userEvent.type(await screen.findByLabelText(label('contact.form.name')), 'R2');
    await act(async () => fireEvent.submit(screen.getByRole('form')));
    expect(asked).toContain('POST /api/contact/?lang=hi');
    await expectAtField(screen.getByLabelText(label('contact.form.name')), refused.name[0]!);
    await expectAtField(screen.getByLabelText(label('contact.form.email')), refused.email[0]!);
    await expectAtField(screen.getByLabelText(label('contact.form.phone')), refused.phone[0]!);
    await expectAtField(screen.getByLabelText(label('contact.form.message')), refused.message[0]!);
    expectWhollyHindi(['R2']);
  });

  it('a grievance and a correction: their fields under them, a field the form does not show above it without its name', async () => {
    signIn();
    serve({
      'GET /api/users/me/grievances/': { status: 200, body: [] },
      'POST /api/users/me/grievances/': { status: 400, body: { subject: [hi('validation.blank')], details: [hi('validation.too_long', { max: 4000 })] } },
      'GET /api/users/me/corrections/': { status: 200, body: [] },
      'POST /api/users/me/corrections/': { status: 400, body: { details: [hi('validation.blank')], concerns: [hi('validation.choose_one', { choices: 'appointment, bill, report, other' })] } },
    });
    show(
      <>
        <GrievancesPanel username="asha" summary={undefined} />
        <CorrectionRequests username="asha" />
      </>,
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: t('dashboard.grievance.send') })));
    await expectAtField(screen.getByLabelText(label('dashboard.grievance.subject')), hi('validation.blank'));
    await expectAtField(screen.getByLabelText(label('dashboard.grievance.details')), hi('validation.too_long', { max: 4000 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('dashboard.correct.send') })));
    await expectAtField(screen.getByLabelText(label('dashboard.correct.details')), hi('validation.blank'));
    // the topic is a list to choose from, with no message of its own: its refusal is said above, alone
    expect(await screen.findByText(hi('validation.choose_one', { choices: 'appointment, bill, report, other' }))).toBeTruthy();
    expectWhollyHindi(['appointment, bill, report, other']);
  });

  it('the nominee and the profile: the name and the phone under their fields', async () => {
    signIn();
    const me = { username: 'asha', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao', is_staff: false, date_of_birth: null, age_years: 36, sex: 'female', phone: '9829012345', language: 'hi' };
    serve({
      'GET /api/users/me/nominee/': { status: 200, body: { nominee: null } },
      'PUT /api/users/me/nominee/': { status: 400, body: { name: [hi('validation.label_too_long', { label: m('label.the_name'), max: 120 })], phone: [hi('privacy.nominee_contact')] } },
      'GET /api/users/me/': { status: 200, body: me },
      'PATCH /api/users/me/': { status: 400, body: { phone: [hi('validation.phone_digits')] } },
    });
    show(
      <>
        <NomineeForm username="asha" />
        <ProfileDetails username="asha" today="2026-11-28" />
      </>,
    );
    const nomineeName = await screen.findByLabelText(label('dashboard.nominee.name'));
    await userEvent.type(nomineeName, 'अ');
    await userEvent.type(screen.getByLabelText(label('dashboard.nominee.relation')), 'भाई');
    await act(async () => fireEvent.submit(nomineeName.closest('form')!));
    await expectAtField(screen.getByLabelText(label('dashboard.nominee.name')), 'नाम 120 अक्षरों से ज़्यादा का न हो।');
    await expectAtField(screen.getByLabelText(label('dashboard.nominee.phone')), hi('privacy.nominee_contact'));

    const phone = await screen.findByLabelText(label('dashboard.profile.phone'));
    await waitFor(() => expect(phone).toHaveProperty('value', '9829012345'));
    await act(async () => fireEvent.submit(phone.closest('form')!));
    await expectAtField(screen.getByLabelText(label('dashboard.profile.phone')), hi('validation.phone_digits'));
    expectWhollyHindi(['9829012345', 'Asha', 'Rao']);
  });
});
