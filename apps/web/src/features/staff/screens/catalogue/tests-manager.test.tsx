// @vitest-environment jsdom
// The test editor's Hindi preparation (docs/i18n.md): the row shows the Hindi instructions under the English,
// Edit fills the field from the row, a save sends it (emptied: null, which removes it), and the server's
// refusal of it lands at the field. The LOINC panel code (docs/abdm.md): shown in the row, edited like the
// rest, refused at its field when LOINC's check digit fails, and cleared with null.
import type { StaffTest, StaffTestPage } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TestsManager from './tests-manager.tsx';

const HINDI = '10 से 12 घंटे खाली पेट रहें: सिर्फ़ पानी।';
const lipid: StaffTest = {
  id: 4,
  name: 'Lipid Profile',
  name_hi: 'लिपिड प्रोफ़ाइल',
  category_id: 2,
  category: 'Biochemistry',
  price: 1200,
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  preparation: { fasting_hours: 10, instructions: 'Fast 10 to 12 hours: water only.', latest_time: '11:00', instructions_hi: HINDI },
  loinc_code: '57698-3',
};

type Answer = { status: number; body: unknown };
let sent: Array<{ method: string; url: string; body: Record<string, unknown> }>;
let answerToSave: Answer;

const json = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling; Edit scrolls the form into view.
  Element.prototype.scrollIntoView = vi.fn();
  sent = [];
  answerToSave = { status: 200, body: lipid };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST' || init.method === 'PATCH') {
        sent.push({ method: init.method, url, body: JSON.parse(String(init.body)) });
        return json(answerToSave);
      }
      if (url.startsWith('/api/staff/categories')) return json({ status: 200, body: [{ id: 2, name: 'Biochemistry', slug: 'biochemistry', test_count: 1, name_hi: null }] });
      if (url.startsWith('/api/staff/tests')) return json({ status: 200, body: { items: [lipid], total: 1, limit: 20, offset: 0 } satisfies StaffTestPage });
      return json({ status: 200, body: [] });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestsManager />
    </QueryClientProvider>,
  );
});

afterEach(() => vi.unstubAllGlobals());

const form = () => screen.getByRole('region', { name: 'Edit test' });
const hindiField = () => within(form()).getByLabelText('Other preparation in Hindi');

async function editLipid() {
  const row = await screen.findByRole('row', { name: /Lipid Profile/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
}

describe('the Hindi preparation of a test', () => {
  it('is shown in the row, filled in by Edit, sent changed, and sent as null when emptied', async () => {
    const row = await screen.findByRole('row', { name: /Lipid Profile/ });
    expect(within(row).getByText(HINDI).getAttribute('lang')).toBe('hi');

    await editLipid();
    expect(hindiField()).toHaveProperty('value', HINDI);
    expect(hindiField().getAttribute('lang')).toBe('hi');
    await userEvent.clear(hindiField());
    await userEvent.type(hindiField(), 'सिर्फ़ पानी।');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    expect(await screen.findByText('Test “Lipid Profile” saved.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/staff/tests/4', body: expect.objectContaining({ instructions: 'Fast 10 to 12 hours: water only.', instructions_hi: 'सिर्फ़ पानी।' }) }]);

    await editLipid();
    await userEvent.clear(hindiField());
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toHaveProperty('instructions_hi', null);
  });

  it("puts the server's refusal of the Hindi at its field and keeps what was typed", async () => {
    answerToSave = { status: 400, body: { instructions_hi: ['Ensure this field has no more than 300 characters.'] } };
    await editLipid();
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    expect(await within(form()).findByText('Ensure this field has no more than 300 characters.')).toBeTruthy();
    expect(hindiField().getAttribute('aria-invalid')).toBe('true');
    expect(hindiField()).toHaveProperty('value', HINDI);
  });
});

describe('the LOINC panel code of a test', () => {
  const loincField = () => within(form()).getByLabelText('LOINC panel code (empty: none)');

  it('is shown in the row, filled in by Edit, checked at the field before sending, and sent as null when emptied', async () => {
    const row = await screen.findByRole('row', { name: /Lipid Profile/ });
    expect(within(row).getByText('LOINC 57698-3')).toBeTruthy();

    await editLipid();
    expect(loincField()).toHaveProperty('value', '57698-3');
    await userEvent.clear(loincField());
    await userEvent.type(loincField(), '57698-4');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    expect(await within(form()).findByText('Enter a LOINC code as LOINC writes it, digits, a hyphen and the check digit (for example 718-7).')).toBeTruthy();
    expect(loincField().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await userEvent.clear(loincField());
    await userEvent.type(loincField(), '24331-1');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toHaveProperty('loinc_code', '24331-1');

    await editLipid();
    await userEvent.clear(loincField());
    await userEvent.click(within(form()).getByRole('button', { name: 'Save test' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toHaveProperty('loinc_code', null);
  });
});
