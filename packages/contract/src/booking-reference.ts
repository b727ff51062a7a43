// Booking references people read aloud and type back: "LC-7K4M-Q2". Six characters from an alphabet
// without the look-alikes 0/O, 1/I/L, in any case, with or without the dashes. The reference is for
// people; the long random appointment id stays the capability to data.
import { z } from 'zod';
import { messagesEn } from './i18n/en.ts';
import { m, say, saysIssue } from './i18n/message.ts';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 6;
const PREFIX = 'LC';

/** the shape of a stored reference */
export const REFERENCE_PATTERN = new RegExp(`^${PREFIX}-[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{2}$`);

/** "LC-7K4M-Q2" from its six characters */
export function formatReference(chars: string): string {
  return `${PREFIX}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The reference as stored, from what a person typed ("lc 7k4m q2", "7K4MQ2", "LC-7K4M-Q2"); null when
 * it cannot be one (a character outside the alphabet, or the wrong length).
 */
export function normalizeReference(input: string): string | null {
  let chars = input.toUpperCase().replace(/[\s-]/g, '');
  if (chars.length === PREFIX.length + REFERENCE_LENGTH && chars.startsWith(PREFIX)) chars = chars.slice(PREFIX.length);
  if (chars.length !== REFERENCE_LENGTH) return null;
  for (const c of chars) if (!REFERENCE_ALPHABET.includes(c)) return null;
  return formatReference(chars);
}

export const REFERENCE_INVALID = messagesEn['booking.reference_rule'];

/** a reference in a request body, normalised; a malformed one is a 400 naming the field */
export const bookingReference = z
  .string(say('booking.reference_rule'))
  .max(40, say('booking.reference_rule'))
  .transform((v, ctx) => {
    const ref = normalizeReference(v);
    if (ref === null) {
      ctx.addIssue({ code: 'custom', ...saysIssue(m('booking.reference_rule')) });
      return z.NEVER;
    }
    return ref;
  });
