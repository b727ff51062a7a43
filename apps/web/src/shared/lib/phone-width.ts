// Whether the screen is a phone's: narrower than Tailwind's `sm` (640 px), where the booking form comes a
// step at a time and the dashboard folds. Only in the browser; false where the browser cannot say
// (no matchMedia: an old browser, or a test's document).
export const PHONE_QUERY = '(max-width: 639.98px)';

export const isPhoneWidth = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
