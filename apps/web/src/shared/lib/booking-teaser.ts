// The home page's booking teaser hands name, e-mail and phone number to the booking page for prefilling
// (docs/product.md#api-contract). It travels both in navigation state `{ teaser }` and in
// sessionStorage, so a reload of /Appointment still finds it.

export interface BookingTeaser {
  name: string;
  email: string;
  number: string;
}

export const BOOKING_TEASER_KEY = 'bookingTeaser';

export interface BookingTeaserState {
  teaser: BookingTeaser;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function isTeaser(value: unknown): value is BookingTeaser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.email === 'string' && typeof v.number === 'string';
}

export function saveBookingTeaser(teaser: BookingTeaser): void {
  try {
    session()?.setItem(BOOKING_TEASER_KEY, JSON.stringify(teaser));
  } catch {
    // Storage full or blocked: navigation state still carries the values.
  }
}

/** the teaser from navigation state when present, otherwise from sessionStorage */
export function readBookingTeaser(navigationState?: unknown): BookingTeaser | null {
  if (typeof navigationState === 'object' && navigationState !== null && 'teaser' in navigationState) {
    const fromState = (navigationState as { teaser: unknown }).teaser;
    if (isTeaser(fromState)) return fromState;
  }
  const raw = session()?.getItem(BOOKING_TEASER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isTeaser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearBookingTeaser(): void {
  try {
    session()?.removeItem(BOOKING_TEASER_KEY);
  } catch {
    // nothing to clear
  }
}
