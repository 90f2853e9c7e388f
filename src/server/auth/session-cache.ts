import { createHash } from "node:crypto";
import type { SessionUser } from "../../domain/contract/account.ts";

/** What a request needs from its session: who it is, which session, and until when it is valid. */
export type CachedSession = { user: SessionUser; sessionId: string; expiresAt: number };

type Entry = CachedSession & { userId: string; cachedUntil: number };

/**
 * A short-lived, in-process map from a session cookie to the session it resolved to (decision 021,
 * "The request pipeline"). Resolving a session through better-auth costs two queries and an HMAC
 * key import on every signed-in request; within `ttlMs` of a resolution, the same cookie value is
 * answered from here.
 *
 * - Keys are the SHA-256 of the signed cookie value (`token.signature`), so the map holds no usable
 *   token, and an entry is only ever written after better-auth verified that exact value.
 * - An entry is never used after the session's own expiry, nor after `ttlMs`.
 * - Revocations made through this process's better-auth (sign-out, revoke, deleted users) remove
 *   the entries at once (`deleteSession`, `deleteUser`, wired as database hooks in auth.ts).
 *   A revocation made elsewhere (another server, SQL) applies within `ttlMs`: that is the price.
 * - A lookup that started before an invalidation is not stored (`generation`): a request racing a
 *   sign-out cannot put the revoked session back.
 * - At most `maxEntries`; the oldest go first.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private currentGeneration = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get isEnabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Read before resolving a session; pass it back to `set`. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.cachedUntil || now >= entry.expiresAt) {
      this.entries.delete(key);
      return null;
    }
    return { user: entry.user, sessionId: entry.sessionId, expiresAt: entry.expiresAt };
  }

  /** Stores a session better-auth just resolved, unless something was invalidated since `generation`. */
  set(key: string, session: CachedSession, generation: number): void {
    if (!this.isEnabled || generation !== this.currentGeneration) return;
    const now = this.now();
    if (session.expiresAt <= now) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...session, userId: session.user.id, cachedUntil: now + this.ttlMs });
  }

  /** The session was signed out, revoked or deleted. */
  deleteSession(sessionId: string): void {
    this.currentGeneration++;
    for (const [key, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(key);
  }

  /** The user changed or was deleted: every one of their sessions is looked up again. */
  deleteUser(userId: string): void {
    this.currentGeneration++;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}

/** The cache key of a signed session cookie value. */
export function sessionCacheKey(cookieValue: string): string {
  return createHash("sha256").update(cookieValue).digest("base64url");
}
