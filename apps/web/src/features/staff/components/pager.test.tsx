// @vitest-environment jsdom
// The staff lists' pager: "Showing 1–20 of 57" with Next closed on the last page; and for the
// appointment queue's broad searches, which the server does not count to the end (count_capped),
// "of more than 500" with Next open past the count (decision 037).
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './ui.tsx';

describe('the pager', () => {
  it('counts exactly and closes Next on the last page', () => {
    const onChange = vi.fn();
    render(<Pager label="Appointments" total={57} offset={40} limit={20} onChange={onChange} />);
    expect(screen.getByText('Showing 41–57 of 57')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "more than" a capped count and keeps Next open past it', () => {
    const onChange = vi.fn();
    render(<Pager label="Appointments" total={500} capped offset={480} limit={20} onChange={onChange} />);
    expect(screen.getByText('Showing 481–500 of more than 500')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onChange).toHaveBeenCalledWith(500);
  });
});
