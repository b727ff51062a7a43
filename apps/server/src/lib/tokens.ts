// Signed access and refresh tokens (HS256 JWT). Access tokens live 15 minutes and are checked by
// signature alone; refresh tokens live 7 days and are also tracked in the database (rotation, revocation).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface AccessClaims {
  userId: number;
  role: 'patient' | 'staff';
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

  signAccess(c: AccessClaims, ttl = ACCESS_TTL_SECONDS): Promise<string> {
    return new SignJWT({ role: c.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.key);
  }

  signRefresh(c: Omit<RefreshClaims, 'jti'> & { jti?: string }, ttl = REFRESH_TTL_SECONDS): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = c.jti ?? randomUUID();
    const exp = Math.floor(Date.now() / 1000) + ttl;
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
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== 'access' || !payload.sub) return null;
      const role = payload.role === 'staff' ? 'staff' : 'patient';
      return { userId: Number(payload.sub), role };
    } catch {
      return null;
    }
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== 'refresh' || !payload.sub || !payload.jti || typeof payload.fam !== 'string') return null;
      return { userId: Number(payload.sub), jti: payload.jti, family: payload.fam };
    } catch {
      return null;
    }
  }
}
