// @vitest-environment jsdom
// The booking page's test combobox: every test on focus, filtering while typing, keyboard choice,
// a click that adds the test, and the list hiding 200 ms after the focus leaves.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { labTest as test } from '../lib/lab-test-factory.ts';
import { BLUR_HIDE_MS, TestSearch } from './test-search.tsx';

const catalogue = [test(1, 'Lipid Profile', 600), test(2, 'Complete Blood Count (CBC)', 350, { membership_price: 297.5, discounted_price: 297.5 }), test(3, 'Liver Function Test', 800)];

function setup() {
  const onSelect = vi.fn();
  render(
    <InLanguage>
      <TestSearch tests={catalogue} loading={false} onSelect={onSelect} />
    </InLanguage>,
  );
  return { onSelect, box: screen.getByRole('combobox', { name: 'Search tests' }) };
}

afterEach(() => vi.useRealTimers());

describe('TestSearch', () => {
  it('shows every test on focus, named by what it shows, with the member price where it differs', async () => {
    const { box } = setup();
    await userEvent.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    // The name holds every visible word (WCAG 2.5.3); the description says which price is which.
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      'Lipid Profile, Rs 600.00',
      'Complete Blood Count (CBC), Rs 350.00 Rs 297.50',
      'Liver Function Test, Rs 800.00',
    ]);
    // Each visible cell's text, in order, is in the name.
    const visible = (o: HTMLElement) => [...o.children].filter((c) => !(c as HTMLElement).hidden).map((c) => c.textContent);
    expect(options.map(visible)).toEqual([['Lipid Profile', 'Rs 600.00', ''], ['Complete Blood Count (CBC)', 'Rs 350.00', 'Rs 297.50'], ['Liver Function Test', 'Rs 800.00', '']]);
    const description = (o: HTMLElement) => document.getElementById(o.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
    expect(options.map(description)).toEqual([null, 'membership price Rs 297.50', null]);
    // Only the member price differs anywhere: no offer column.
    expect(screen.getByText('Member price')).toBeTruthy();
    expect(screen.queryByText('Offer price')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('3 tests found');
  });

  it('shows the member-price column only where a member price differs', async () => {
    const offerOnly = [test(1, 'Widal Test', 250, { general_offer_price: 200, discounted_price: 200 }), test(2, 'ECG', 250)];
    render(
      <InLanguage>
        <TestSearch tests={offerOnly} loading={false} onSelect={vi.fn()} />
      </InLanguage>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Search tests' }));
    expect(screen.getByText('Offer price')).toBeTruthy();
    expect(screen.queryByText('Member price')).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.children.length)).toEqual([4, 3]);
  });

  it('filters by name while typing and adds the clicked test, once per click', async () => {
    const { box, onSelect } = setup();
    await userEvent.click(box);
    await userEvent.type(box, 'li');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Lipid Profile'), expect.stringContaining('Liver Function Test')]);
    await userEvent.click(screen.getByRole('option', { name: /^Liver Function Test/ }));
    expect(onSelect).toHaveBeenCalledWith(catalogue[2]);
    expect(box).toHaveProperty('value', 'Liver Function Test');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('picks the highlighted test with the arrow keys and Enter, and closes on Escape', async () => {
    const { box, onSelect } = setup();
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /^Complete Blood Count/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(catalogue[1]);

    await userEvent.type(box, 'x');
    expect(screen.getByText('No tests found.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('draws only the rows in view and five more below, and keeps each row’s element as the results change', async () => {
    const many = Array.from({ length: 200 }, (_, i) => test(i + 1, `${i % 2 ? 'Serum' : 'Urine'} test ${i + 1}`, 100 + i));
    render(
      <InLanguage>
        <TestSearch tests={many} loading={false} onSelect={vi.fn()} />
      </InLanguage>,
    );
    const box = screen.getByRole('combobox', { name: 'Search tests' });
    await userEvent.click(box);
    // five rows fill the list (15 units of 3): those, and five below; none above the first
    const rows = screen.getAllByRole('option');
    expect(rows.map((o) => o.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await userEvent.type(box, 'serum');
    const serum = screen.getAllByRole('option');
    expect(serum[0]?.textContent).toContain('Serum test 2');
    // the same elements, given the new tests' texts
    expect(serum[0]).toBe(rows[0]);
    expect(serum[9]).toBe(rows[9]);
  });

  it('hides the list 200 ms after the focus leaves, not before', () => {
    vi.useFakeTimers();
    const { box } = setup();
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(box);
    act(() => vi.advanceTimersByTime(BLUR_HIDE_MS - 1));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
