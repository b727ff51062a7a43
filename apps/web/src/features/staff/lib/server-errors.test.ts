import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client.ts';
import { serverErrors } from './server-errors.ts';

describe('serverErrors', () => {
  it('puts a 400’s field messages next to the fields the form shows, and the rest in the form message', () => {
    const e = new ApiError(400, { price: ['Enter a price above 0.'], name: ['This field may not be blank.'], extra: ['Odd.'] });
    expect(serverErrors(e, ['name', 'price'])).toEqual({
      fields: { price: 'Enter a price above 0.', name: 'This field may not be blank.' },
      form: 'extra: Odd.',
    });
  });

  it('asks to correct the marked fields when every message has a field', () => {
    expect(serverErrors(new ApiError(400, { name: ['Taken.'] }), ['name']).form).toBe('Please correct the fields marked below.');
  });

  it('shows any other refusal as the form’s message', () => {
    expect(serverErrors(new ApiError(404, { error: 'Test not found.' }), ['name'])).toEqual({ fields: {}, form: 'Test not found.' });
    expect(serverErrors(new ApiError(400, { error: 'Request body is not valid JSON.' }), ['name']).form).toBe('Request body is not valid JSON.');
    expect(serverErrors(new TypeError('fetch failed'), ['name']).form).toBe('Could not reach the server. Please try again.');
  });
});
