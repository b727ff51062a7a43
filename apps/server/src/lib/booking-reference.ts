// Draws new booking references (see the contract's booking-reference.ts) from a cryptographic source.
import { randomInt } from 'node:crypto';
import { formatReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@lab/contract';

/** a fresh reference: 31^6 ≈ 887 million of them, so a clash is rare and the unique index catches it */
export function newBookingReference(): string {
  let chars = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) chars += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return formatReference(chars);
}
