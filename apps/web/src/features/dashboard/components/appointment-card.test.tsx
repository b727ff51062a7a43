// @vitest-environment jsdom
// The dashboard card's reschedule form: opened by its button, prefilled with the appointment's date
// and time, bounded by today and the lab's hours, closed after a successful move and kept open (with
// what was typed) after a refused one; gone for a cancelled or completed appointment.
import type { UserAppointment } from '@lab/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppointmentCard } from './appointment-card.tsx';

const appointment: UserAppointment = {
  id: 'k3Xp9QmT2vLw8RzA',
  date: '2026-12-01',
  time: '10:30',
  tests: [{ id: 1, name: 'Lipid Profile', price: 600 }],
  is_cancelled: false,
  status: 'booked',
  home_sample: false,
  address: '',
  total_price: 600,
  created_at: '2026-11-20T10:00:00Z',
};

function renderCard(overrides: Partial<UserAppointment> = {}, onReschedule = vi.fn(async () => true)) {
  render(
    <ul>
      <AppointmentCard appointment={{ ...appointment, ...overrides }} minDate="2026-11-23" busy={null} onViewBill={vi.fn()} onCancel={vi.fn()} onReschedule={onReschedule} />
    </ul>,
  );
  return { onReschedule, open: screen.getByRole('button', { name: /^Reschedule/ }) };
}

describe('the reschedule form of an appointment card', () => {
  it('opens prefilled, bounded by today and the lab’s hours, and closes after a successful move', async () => {
    const { open, onReschedule } = renderCard();
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'Reschedule appointment on 2026-12-01 at 10:30' });
    const date = within(form).getByLabelText('New date');
    const time = within(form).getByLabelText('New time');
    expect(date).toHaveProperty('value', '2026-12-01');
    expect(date.getAttribute('min')).toBe('2026-11-23');
    expect([time.getAttribute('min'), time.getAttribute('max')]).toEqual(['09:00', '21:00']);

    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-05');
    await userEvent.clear(time);
    await userEvent.type(time, '16:15');
    await userEvent.click(within(form).getByRole('button', { name: 'Save new time' }));
    expect(onReschedule).toHaveBeenCalledWith(expect.objectContaining({ id: appointment.id }), '2026-12-05', '16:15');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('stays open with what was typed when the move is refused', async () => {
    const { open } = renderCard({}, vi.fn(async () => false));
    await userEvent.click(open);
    const time = screen.getByLabelText('New time');
    await userEvent.clear(time);
    await userEvent.type(time, '18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save new time' }));
    expect(screen.getByRole('form')).toBeTruthy();
    expect(screen.getByLabelText('New time')).toHaveProperty('value', '18:00');
  });

  it('cannot be opened for a cancelled appointment', () => {
    expect(renderCard({ is_cancelled: true, status: 'cancelled' }).open).toHaveProperty('disabled', true);
  });

  it('cannot be opened for a completed appointment', () => {
    expect(renderCard({ status: 'completed' }).open).toHaveProperty('disabled', true);
  });
});
