import { SLOT_FULL } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client.ts';
import { refusalReason } from './refusal-reason.ts';

describe('refusalReason', () => {
  it('reads a refusal of the whole request and the first message of a field', () => {
    expect(refusalReason(new ApiError(409, { error: SLOT_FULL }))).toBe(SLOT_FULL);
    expect(refusalReason(new ApiError(400, { date: ['The lab is closed on this day. Please choose another date.'] }))).toBe('The lab is closed on this day. Please choose another date.');
  });

  it('has none for our own faults, a network error or a body it cannot read', () => {
    expect(refusalReason(new ApiError(500, { error: 'Something went wrong on our side. Please try again.' }))).toBeNull();
    expect(refusalReason(new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalReason(new ApiError(400, 'Bad Request'))).toBeNull();
  });
});
