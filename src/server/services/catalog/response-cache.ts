/**
 * A small in-memory cache for public, identical-for-everyone answers (home lists, search, the
 * dropdown): popular queries are answered without touching PostgreSQL. Entries live `ttlSeconds`
 * (CATALOG_CACHE_SECONDS; 0 turns the cache off) and the least recently used go first beyond
 * `maxEntries`. Each API server has its own; a new episode shows up within the TTL. A write this
 * server makes may `forget` the answers it changes (a published post: the home lists), so they are
 * fresh at once here; other servers catch up within the TTL.
 */
export type ResponseCache = (<T>(key: string, load: () => Promise<T>) => Promise<T>) & {
  /** Drops a key: the next request loads it again. A load already running is no longer shared. */
  forget: (key: string) => void;
};

export function createResponseCache({
  ttlSeconds,
  maxEntries = 2000,
}: {
  ttlSeconds: number;
  maxEntries?: number;
}) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  const ttlMs = ttlSeconds * 1000;

  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      // Map order is insertion order: re-inserting marks the entry as recently used.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    // Concurrent requests for the same key share one load; a failed load is not kept.
    const value = load();
    entries.set(key, { expires: now + ttlMs, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  };
  const cache: ResponseCache = Object.assign(cached, { forget: (key: string) => void entries.delete(key) });
  return cache;
}
