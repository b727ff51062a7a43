// Signed access, refresh and known-device tokens (HS256 JWT). Access tokens live 15 minutes and carry
// the user's token version (`ver`): bumping it (logout, password change) revokes them at once.
// Refresh tokens live 7 days, never past their family's absolute end, and are also tracked in the
// database (rotation, revocation). A known-device token marks a browser that logged in before (or
// passed the second step before: a token of its own kind).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
const VERIFY = { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] };

export type DevicePurpose = 'login' | 'second-factor';
const DEVICE_TYPES: Record<DevicePurpose, string> = { login: 'device', 'second-factor': 'device-second-factor' };

export interface AccessClaims {
  userId: number;
  role: 'patient' | 'staff';
  /** the user's token version when it was signed */
  version: number;
  /** the session passed the second sign-in step (TOTP) */
  mfa: boolean;
  /** seconds since the epoch */
  exp: number;
}

export interface RefreshClaims {
  userId: number;
  jti: string;
  family: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(c: Omit<AccessClaims, 'exp' | 'mfa'> & { mfa?: boolean }, ttl = ACCESS_TTL_SECONDS): Promise<string> {
    return new SignJWT({ role: c.role, typ: 'access', ver: c.version, ...(c.mfa ? { mfa: true } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.key);
  }

  /** `notAfter`: the family's absolute end, which no token of it outlives */
  signRefresh(
    c: Omit<RefreshClaims, 'jti'> & { jti?: string; notAfter?: Date },
    ttl = REFRESH_TTL_SECONDS,
  ): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = c.jti ?? randomUUID();
    const end = c.notAfter ? Math.floor(c.notAfter.getTime() / 1000) : Infinity;
    const exp = Math.min(Math.floor(Date.now() / 1000) + ttl, end);
    return new SignJWT({ typ: 'refresh', fam: c.family })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key)
      .then((token) => ({ token, jti, expiresAt: new Date(exp * 1000) }));
  }

  /** null for a missing, malformed, forged or expired token */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, VERIFY);
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return null;
      const role = payload.role === 'staff' ? 'staff' : 'patient';
      return { userId, role, version: payload.ver, mfa: payload.mfa === true, exp: payload.exp! };
    } catch {
      return null;
    }
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, VERIFY);
      if (payload.typ !== 'refresh' || !payload.sub || !payload.jti || typeof payload.fam !== 'string') return null;
      return { userId: Number(payload.sub), jti: payload.jti, family: payload.fam };
    } catch {
      return null;
    }
  }

  /**
   * `login`: the browser logged in with the password; `second-factor`: it also passed the second step.
   * Each token has an id of its own, so limits can count per device.
   */
  signDevice(userId: number, purpose: DevicePurpose = 'login'): Promise<string> {
    return new SignJWT({ typ: DEVICE_TYPES[purpose] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + DEVICE_TTL_SECONDS)
      .sign(this.key);
  }

  /** the user id a known-device token was given to; null when it is not one */
  async verifyDevice(token: string, purpose: DevicePurpose = 'login'): Promise<number | null> {
    return (await this.deviceOf(token, purpose))?.userId ?? null;
  }

  /** the account and the device's own id (older login tokens have none: their signature stands in) */
  async deviceOf(token: string, purpose: DevicePurpose): Promise<{ userId: number; id: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, VERIFY);
      if (payload.typ !== DEVICE_TYPES[purpose]) return null;
      return { userId: Number(payload.sub), id: payload.jti ?? token.slice(-22) };
    } catch {
      return null;
    }
  }
}
