// Whether the dashboard is laid out for a phone (narrower than Tailwind's `sm`, 640 px): there the first
// screen is the next visit and the latest report, and the rest of the page folds into sections opened
// one at a time. Read once when the screen first draws (the dashboard draws in the browser only).
import { useState } from 'react';
import { isPhoneWidth } from '../../../shared/lib/phone-width.ts';

export function usePhoneLayout(): boolean {
  const [phone] = useState(isPhoneWidth);
  return phone;
}
