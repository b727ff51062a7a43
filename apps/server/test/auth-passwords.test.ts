import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, needsRehash, passwordProblems, quickRatio, verifyPassword } from '../src/lib/passwords.ts';

describe('password rules (Django validators)', () => {
  it('computes the similarity exactly like difflib.SequenceMatcher.quick_ratio', () => {
    // values printed by Python 3: SequenceMatcher(a=a, b=b).quick_ratio()
    expect(quickRatio('abcd', 'bcde')).toBe(0.75);
    expect(quickRatio('password', 'drowssap')).toBe(1);
    expect(quickRatio('lab-pass-umbx3k2f105b42!', 'user_umbx3k2f105b42')).toBeCloseTo(0.6976744186046512, 15);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('aaa', 'a')).toBe(0.5);
  });

  it('accepts good passwords', () => {
    const owner = { username: 'meera_k', email: 'meera.k@example.in', first_name: 'Meera', last_name: 'Krishnan' };
    for (const pw of ['Chai-and-Biscuits-7', 'quiet river stones', 'Xq7#vL2p', 'x'.repeat(128)]) {
      expect(passwordProblems(pw, owner), pw).toEqual([]);
    }
  });

  it('checks similarity against each part of the e-mail and skips parts far shorter than the password', () => {
    const owner = { email: 'ab@example.in' };
    // "ab" is ten times shorter than the password and below the length bound: never "similar".
    expect(passwordProblems('abababababababababab', owner)).toEqual([]);
    expect(passwordProblems('example1', owner)).toEqual(['The password is too similar to the email address.']);
  });

  it('ships the list of 20,000 common passwords, compared lower-cased and trimmed', () => {
    for (const pw of ['password', 'Qwerty123', 'iloveyou', 'Dragon', '#1bitch', 'sunshine1']) {
      expect(passwordProblems(pw), pw).toContain('This password is too common.');
    }
    expect(passwordProblems('# The 20,000 most common passwords')).not.toContain('This password is too common.');
  });

  it('lists every broken rule in Django order', () => {
    expect(passwordProblems('1234', { username: '1234' })).toEqual([
      'The password is too similar to the username.',
      'This password is too short. It must contain at least 8 characters.',
      'This password is too common.',
      'This password is entirely numeric.',
    ]);
  });
});

describe('password hashing', () => {
  it('hashes with argon2id at m=19456, t=2, p=1 and verifies', async () => {
    const hash = await hashPassword('Chai-and-Biscuits-7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Chai-and-Biscuits-7')).toBe(true);
    expect(await verifyPassword(hash, 'chai-and-biscuits-7')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('treats a stored value that is not an argon2 hash as a mismatch, and as needing a new hash', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(needsRehash('plain-text')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG')).toBe(true);
  });

  it('keeps one dummy hash for unknown users that matches nothing typed', async () => {
    const a = await dummyHash();
    expect(a).toBe(await dummyHash());
    expect(await verifyPassword(a, '')).toBe(false);
  });
});
