// How the register screen words a refusal (spec §8): "field: message" from the first field.
import { describe, expect, it } from 'vitest';
import { firstFieldError } from './auth-actions.ts';

describe('firstFieldError', () => {
  it('takes the first field and its first message', () => {
    expect(firstFieldError({ username: ['A user with that username already exists.', 'x'], email: ['y'] })).toBe(
      'username: A user with that username already exists.',
    );
    expect(firstFieldError({ password: 'This password is too common.' })).toBe('password: This password is too common.');
  });

  it('gives up on answers that are not a usable object', () => {
    for (const body of [null, 'Bad gateway', [], ['x'], {}, { username: [] }, { username: [1] }]) {
      expect(firstFieldError(body)).toBeNull();
    }
  });
});
