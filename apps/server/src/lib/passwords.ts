// Password hashing (argon2id at OWASP's recommended cost) and the password rules of registration and
// reset, ported from Django's validators: minimum length, similarity to the account's own details,
// a shipped list of the 20,000 most common passwords, entirely numeric.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { inEnglish, m, type Message } from '@lab/contract';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1 */
export const ARGON2_OPTIONS = {
  // Algorithm is an ambient const enum, unusable under isolatedModules; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_SIMILARITY = 0.7;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** false for a wrong password and for a stored value that is not an argon2 hash */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** true when a hash was made with other parameters than today's, so login can upgrade it */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return o.algorithm !== ARGON2_OPTIONS.algorithm || o.memoryCost !== ARGON2_OPTIONS.memoryCost || o.timeCost !== ARGON2_OPTIONS.timeCost || o.parallelism !== ARGON2_OPTIONS.parallelism;
  } catch {
    return true;
  }
}

let dummy: Promise<string> | null = null;
/**
 * A hash of no one's password. Logging in as an unknown user verifies against it so that the answer
 * takes as long as a wrong password for a real account: timing tells nothing about who exists.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
}

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
    common = new Set(
      text
        .split('\n')
        .filter((line) => !line.startsWith('# '))
        .map((line) => line.trim())
        .filter(Boolean),
    );
  }
  return common;
}

/**
 * Python's difflib.SequenceMatcher(a, b).quick_ratio(): twice the size of the multiset intersection
 * of the two strings' characters over their total length. An upper bound of the real ratio, and what
 * Django compares against the threshold.
 */
export function quickRatio(a: string, b: string): number {
  const total = [...a].length + [...b].length;
  if (total === 0) return 1;
  const avail = new Map<string, number>();
  for (const ch of b) avail.set(ch, (avail.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const n = avail.get(ch) ?? 0;
    if (n > 0) matches++;
    avail.set(ch, n - 1);
  }
  return (2 * matches) / total;
}

/** Django's shortcut: a short value can never be similar enough to a ten-times longer password */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const pwdLen = [...password].length;
  const valueLen = [...value].length;
  return pwdLen >= 10 * valueLen && valueLen < (MAX_SIMILARITY / 2) * pwdLen;
}

export interface PasswordOwner {
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** the attributes compared, in Django's order, with their Django verbose names */
const ATTRIBUTES: [keyof PasswordOwner, Message][] = [
  ['username', m('label.username')],
  ['first_name', m('label.first_name')],
  ['last_name', m('label.last_name')],
  ['email', m('label.email_address')],
];

function similarityError(password: string, owner: PasswordOwner): Message | null {
  const pwd = password.toLowerCase();
  for (const [key, label] of ATTRIBUTES) {
    const value = owner[key];
    if (!value) continue;
    const lower = value.toLowerCase();
    // Python's \W+ (Unicode-aware): anything but letters, digits and the underscore.
    const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(pwd, part)) continue;
      if (quickRatio(pwd, part) >= MAX_SIMILARITY) return m('password.too_similar', { field: label });
    }
  }
  return null;
}

/** every rule the password breaks, as messages (empty when it is acceptable) */
export function passwordRefusals(password: string, owner: PasswordOwner = {}): Message[] {
  const problems: Message[] = [];
  const similar = similarityError(password, owner);
  if (similar) problems.push(similar);
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push(m('password.too_short', { min: MIN_PASSWORD_LENGTH }));
  if (commonPasswords().has(password.toLowerCase().trim())) problems.push(m('password.too_common'));
  if (/^\p{Nd}+$/u.test(password)) problems.push(m('password.numeric'));
  return problems;
}

/** the same in English (the staff console and the command line) */
export const passwordProblems = (password: string, owner: PasswordOwner = {}): string[] => passwordRefusals(password, owner).map(inEnglish);
