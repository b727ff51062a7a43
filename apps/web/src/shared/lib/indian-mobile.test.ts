// The contract's Indian mobile rule (packages/contract/src/phone.ts), which the booking and profile forms
// show numbers with and the server stores them by: ten digits typed, or with 0, 91 or +91, spaces and
// dashes, are one E.164 number; landlines, short numbers and numbers not starting 6–9 are not mobiles.
import { formatIndianMobile, toIndianE164 } from '@lab/contract';
import { describe, expect, it } from 'vitest';

describe('Indian mobile numbers', () => {
  it.each(['9829012345', '09829012345', '919829012345', '+919829012345', '+91 98290 12345', '+91-98290-12345', ' 98290 12345 '])('reads %j as +919829012345', (typed) => {
    expect(toIndianE164(typed)).toBe('+919829012345');
  });

  it.each(['5829012345', '982901234', '98290123456', '+449829012345', '0141 400 0000', '98290x12345', '', '+91 1234567890'])('refuses %j', (typed) => {
    expect(toIndianE164(typed)).toBe(null);
  });

  it('writes a mobile as people read it and leaves anything else as typed', () => {
    expect(formatIndianMobile('9829012345')).toBe('+91 98290 12345');
    expect(formatIndianMobile('+919123456780')).toBe('+91 91234 56780');
    expect(formatIndianMobile('0141 400 0000')).toBe('0141 400 0000');
  });
});
