import { describe, expect, it } from "vitest";
import { singleCookieValue } from "./middleware.ts";
import { SessionCache, sessionCacheKey } from "./session-cache.ts";

const user = (id: string) => ({ id, name: "Ada", email: `${id}@example.com`, image: null });

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("SessionCache", () => {
  it("answers within the TTL and forgets after it", () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 5000, now: time.now });
    cache.set("k", { user: user("u1"), sessionId: "s1", expiresAt: time.now() + 60_000 }, cache.generation);
    expect(cache.get("k")?.user.id).toBe("u1");
    time.advance(4999);
    expect(cache.get("k")?.sessionId).toBe("s1");
    time.advance(1);
    expect(cache.get("k")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("never answers past the session's own expiry, and does not store an expired session", () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 5000, now: time.now });
    cache.set("k", { user: user("u1"), sessionId: "s1", expiresAt: time.now() + 1000 }, cache.generation);
    time.advance(1000);
    expect(cache.get("k")).toBeNull();
    cache.set("old", { user: user("u1"), sessionId: "s2", expiresAt: time.now() }, cache.generation);
    expect(cache.get("old")).toBeNull();
  });

  it("drops a revoked session and every session of a changed user", () => {
    const cache = new SessionCache({ ttlMs: 5000 });
    const expiresAt = Date.now() + 60_000;
    cache.set("a", { user: user("u1"), sessionId: "s1", expiresAt }, cache.generation);
    cache.set("b", { user: user("u1"), sessionId: "s2", expiresAt }, cache.generation);
    cache.set("c", { user: user("u2"), sessionId: "s3", expiresAt }, cache.generation);
    cache.deleteSession("s1");
    expect(cache.get("a")).toBeNull();
    expect(cache.get("b")).not.toBeNull();
    cache.deleteUser("u1");
    expect(cache.get("b")).toBeNull();
    expect(cache.get("c")?.user.id).toBe("u2");
  });

  it("does not store a lookup that started before an invalidation (a request racing a sign-out)", () => {
    const cache = new SessionCache({ ttlMs: 5000 });
    const generation = cache.generation;
    cache.deleteSession("s1");
    cache.set("k", { user: user("u1"), sessionId: "s1", expiresAt: Date.now() + 60_000 }, generation);
    expect(cache.get("k")).toBeNull();
  });

  it("is off at TTL 0 and keeps at most maxEntries, the oldest going first", () => {
    const off = new SessionCache({ ttlMs: 0 });
    expect(off.isEnabled).toBe(false);
    off.set("k", { user: user("u1"), sessionId: "s1", expiresAt: Date.now() + 60_000 }, off.generation);
    expect(off.get("k")).toBeNull();

    const small = new SessionCache({ ttlMs: 5000, maxEntries: 2 });
    const expiresAt = Date.now() + 60_000;
    for (const n of [1, 2, 3]) small.set(`k${n}`, { user: user(`u${n}`), sessionId: `s${n}`, expiresAt }, 0);
    expect(small.size).toBe(2);
    expect(small.get("k1")).toBeNull();
    expect(small.get("k3")?.user.id).toBe("u3");
  });

  it("keys by a hash of the cookie value, not the value", () => {
    const key = sessionCacheKey("token.signature");
    expect(key).not.toContain("token");
    expect(key).toBe(sessionCacheKey("token.signature"));
    expect(key).not.toBe(sessionCacheKey("token.signaturf"));
  });
});

describe("singleCookieValue", () => {
  it("finds the one cookie of that name, and refuses a repeated one", () => {
    expect(singleCookieValue("a=1; earmark.session_token=t.s%3D; b=2", "earmark.session_token")).toBe(
      "t.s%3D",
    );
    expect(singleCookieValue("x.earmark.session_token=1", "earmark.session_token")).toBeNull();
    expect(
      singleCookieValue("earmark.session_token=1; earmark.session_token=2", "earmark.session_token"),
    ).toBeNull();
    expect(singleCookieValue("earmark.session_token=", "earmark.session_token")).toBeNull();
  });
});
