// Each user's token version, the number every access token carries: logout and a password change
// bump it, which revokes every access token signed before at once. It is read on every request that
// carries a token, so it is cached: in Redis when REDIS_URL is set (one bump is seen by every
// process), else in this process when it is the only one (SQLite with WORKERS=1). With several
// processes and no Redis each read goes to the database (one primary-key lookup).
import type { Redis } from 'ioredis';
import type { Deps } from '../../lib/context.ts';
import * as q from './queries.ts';

const REDIS_TTL_SECONDS = 3600;
/** beyond this the local cache is emptied rather than tracked entry by entry */
const LOCAL_MAX = 50_000;

export class TokenVersions {
  private readonly local = new Map<number, number>();
  /** reported once per outage, not once per request */
  private redisFailing = false;
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'dialect' | 'redis'>,
    /** of the keys in Redis */
    private readonly prefix: string,
    private readonly onRedisError: (err: unknown) => void,
    /** no other process writes this database's token versions: a local cache stays true */
    private readonly onlyProcess: boolean,
  ) {}

  /** the current version; null when the user no longer exists */
  async current(userId: number): Promise<number | null> {
    const { redis } = this.deps;
    if (redis) {
      const cached = await this.redisGet(redis, userId);
      if (cached !== undefined) return cached;
      const v = await q.tokenVersion(this.deps.db, userId);
      if (v !== null) await this.redisSet(redis, userId, v);
      return v;
    }
    if (!this.onlyProcess) return q.tokenVersion(this.deps.db, userId);
    const hit = this.local.get(userId);
    if (hit !== undefined) return hit;
    const v = await q.tokenVersion(this.deps.db, userId);
    if (v !== null) {
      if (this.local.size >= LOCAL_MAX) this.local.clear();
      this.local.set(userId, v);
    }
    return v;
  }

  /** revokes every access token of the user signed so far */
  async bump(userId: number): Promise<void> {
    const v = await q.bumpTokenVersion(this.deps.db, userId);
    this.local.delete(userId);
    if (this.deps.redis && v !== null) await this.redisSet(this.deps.redis, userId, v);
  }

  private async redisGet(redis: Redis, userId: number): Promise<number | undefined> {
    try {
      const raw = await redis.get(this.prefix + userId);
      this.redisFailing = false;
      return raw === null ? undefined : Number(raw);
    } catch (err) {
      this.failed(err);
      return undefined;
    }
  }

  private async redisSet(redis: Redis, userId: number, v: number): Promise<void> {
    try {
      await redis.set(this.prefix + userId, String(v), 'EX', REDIS_TTL_SECONDS);
    } catch (err) {
      // Redis may hold an old version until it expires: drop it, so no cache can say "still valid".
      this.failed(err);
      await redis.del(this.prefix + userId).catch(() => {});
    }
  }

  private failed(err: unknown): void {
    if (!this.redisFailing) this.onRedisError(err);
    this.redisFailing = true;
  }
}
