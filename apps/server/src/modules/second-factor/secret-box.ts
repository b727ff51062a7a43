// The staff TOTP secrets at rest: AES-256-GCM (node:crypto) under TOTP_KEY, bound to the account's id
// so a sealed secret copied onto another row does not open. A sealed value names its key by a short
// fingerprint: TOTP_KEY may list old keys after the new one, and at start every secret not under the
// first key (older keys, or plain text from before this rule) is sealed again (decision 049).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'v1';

/** the key's name inside a sealed value: not secret, it only tells which key to try */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

const aad = (userId: number) => Buffer.from(`lab.totp-secret:${userId}`);

export function seal(keys: readonly Buffer[], userId: number, secret: string): string {
  const key = keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(userId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [PREFIX, keyId(key), iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** a value from before encryption: a base32 secret, which has no dots */
export const isPlain = (stored: string) => !stored.includes('.');

/** whether the value is sealed under the key that seals now (nothing to do at start) */
export const isCurrent = (keys: readonly Buffer[], stored: string) => stored.startsWith(`${PREFIX}.${keyId(keys[0]!)}.`);

/** the secret, or null when none of the keys opens it (a key left out of TOTP_KEY, or a forged value) */
export function open(keys: readonly Buffer[], userId: number, stored: string): string | null {
  if (isPlain(stored)) return stored;
  const [prefix, id, iv, data, tag] = stored.split('.');
  const key = keys.find((k) => keyId(k) === id);
  if (prefix !== PREFIX || !key || !iv || !data || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
