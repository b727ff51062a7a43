// @vitest-environment jsdom
// A staff editor end to end in the browser's terms: the contract's schema refuses bad values before
// anything is sent, the server's own refusal lands at its field, a save says so and clears the form,
// and Edit fills the form from a row.
import type { StaffPlan } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PlansManager from './plans-manager.tsx';

const gold: StaffPlan = { id: 7, name: 'Gold', name_hi: null, price: 999, discount_percentage: 15, discount: 15, duration_days: 365, active: true, refund_rule: 'none' };
const platinum: StaffPlan = { id: 9, name: 'Platinum', name_hi: 'प्लैटिनम', price: 1999, discount_percentage: 25, discount: 25, duration_days: 365, active: true, refund_rule: 'none' };

type Answer = { status: number; body: unknown };
let posts: unknown[];
let answerToSave: Answer;

function json({ status, body }: Answer) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling; Edit scrolls the form into view.
  Element.prototype.scrollIntoView = vi.fn();
  posts = [];
  answerToSave = { status: 201, body: gold };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST' || init.method === 'PATCH') {
        posts.push(JSON.parse(String(init.body)));
        return json(answerToSave);
      }
      if (url.startsWith('/api/staff/membership-plans')) return json({ status: 200, body: [gold, platinum] });
      return json({ status: 200, body: [] });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlansManager />
    </QueryClientProvider>,
  );
});

afterEach(() => vi.unstubAllGlobals());

const form = () => screen.getByRole('region', { name: /membership plan$/ });
const field = (label: string) => within(form()).getByLabelText(label);

describe('the membership plan editor', () => {
  it('shows the contract’s messages at the fields and sends nothing while they stand', async () => {
    await userEvent.click(within(form()).getByRole('button', { name: 'Add plan' }));
    expect(await within(form()).findByText('This field may not be blank.')).toBeTruthy();
    expect(field('Plan price (Rs)').getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText('Enter a price in rupees.')).toBeTruthy();

    await userEvent.type(field('Discount (%)'), '95');
    await userEvent.click(within(form()).getByRole('button', { name: 'Add plan' }));
    expect(await within(form()).findByText('Ensure this value is at most 90.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('puts the server’s refusal at its field and keeps what was typed', async () => {
    answerToSave = { status: 400, body: { name: ['A plan with that name already exists.'] } };
    await userEvent.type(field('Plan name'), 'Gold');
    await userEvent.type(field('Plan price (Rs)'), '999');
    await userEvent.type(field('Discount (%)'), '15');
    await userEvent.type(field('Length (days)'), '365');
    await userEvent.click(within(form()).getByRole('button', { name: 'Add plan' }));

    expect(await within(form()).findByText('A plan with that name already exists.')).toBeTruthy();
    expect(field('Plan name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText('Please correct the fields marked below.')).toBeTruthy();
    // the Hindi name left empty is sent as none (null): Hindi readers then see the English
    expect(posts).toEqual([{ name: 'Gold', name_hi: null, price: 999, discount_percentage: 15, duration_days: 365, active: true }]);
    expect(field('Plan name')).toHaveProperty('value', 'Gold');
  });

  it('says what was saved and starts afresh; Edit fills the form from the row', async () => {
    await userEvent.type(field('Plan name'), 'Gold');
    await userEvent.type(field('Plan price (Rs)'), '999');
    await userEvent.type(field('Discount (%)'), '15');
    await userEvent.type(field('Length (days)'), '365');
    await userEvent.click(within(form()).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Plan “Gold” added.')).toBeTruthy();
    await waitFor(() => expect(field('Plan name')).toHaveProperty('value', ''));

    const row = await screen.findByRole('row', { name: /Gold/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('region', { name: 'Edit membership plan' })).toBeTruthy();
    expect(field('Plan name')).toHaveProperty('value', 'Gold');
    expect(field('Plan price (Rs)')).toHaveProperty('value', '999');
    await waitFor(() => expect(document.activeElement).toBe(field('Plan name')));
    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel editing' }));
    expect(field('Plan name')).toHaveProperty('value', '');
  });

  it('takes the plan’s Hindi name beside the English, marked as Hindi, and sends it with the rest', async () => {
    answerToSave = { status: 201, body: { ...gold, id: 8, name: 'Silver', name_hi: 'सिल्वर' } };
    expect(field('Plan name in Hindi').getAttribute('lang')).toBe('hi');
    await userEvent.type(field('Plan name'), 'Silver');
    await userEvent.type(field('Plan name in Hindi'), 'सिल्वर');
    await userEvent.type(field('Plan price (Rs)'), '499');
    await userEvent.type(field('Discount (%)'), '10');
    await userEvent.type(field('Length (days)'), '180');
    await userEvent.click(within(form()).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Plan “Silver” added.')).toBeTruthy();
    expect(posts).toEqual([{ name: 'Silver', name_hi: 'सिल्वर', price: 499, discount_percentage: 10, duration_days: 180, active: true }]);
  });
});

describe('a plan with a Hindi name in the list', () => {
  it('shows the Hindi under the English, marked as Hindi, and fills it into the edit form', async () => {
    const row = await screen.findByRole('row', { name: /Platinum/ });
    expect(within(row).getByText('प्लैटिनम').getAttribute('lang')).toBe('hi');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(field('Plan name in Hindi')).toHaveProperty('value', 'प्लैटिनम');
    // a plan without one shows no Hindi line and an empty Hindi field
    const goldRow = await screen.findByRole('row', { name: /Gold/ });
    expect(within(goldRow).queryByText(/[\u0900-\u097F]/)).toBeNull();
    await userEvent.click(within(goldRow).getByRole('button', { name: 'Edit' }));
    expect(field('Plan name in Hindi')).toHaveProperty('value', '');
  });
});
