import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { sessions } from "../db/schema/auth.ts";
import { sessionCacheOf } from "./auth.ts";

/** The session cache (auth/session-cache.ts) with a 1 s TTL, so the test can outwait it. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSION_CACHE_SECONDS: "1" });
});
afterAll(() => server.stop());

/** GET /api/v1/me with exactly this Cookie header (a client that kept the cookie). */
const meWith = (cookie: string) => fetch(`${server.url}/api/v1/me`, { headers: { cookie } });

describe("the session cache", () => {
  it("serves a signed-in user from the cache after the first request", async () => {
    const user = await server.signUp({ name: "Cached" });
    const cache = sessionCacheOf(server.deps.auth);
    const before = cache.size;
    expect((await user.get("/api/v1/me")).data.user.id).toBe(user.user.id);
    expect(cache.size).toBe(before + 1);
    expect((await user.get("/api/v1/me")).data.user.id).toBe(user.user.id);
  });

  it("refuses a signed-out cookie on the very next request", async () => {
    const user = await server.signUp();
    const cookie = user.cookieHeader;
    expect((await meWith(cookie)).status).toBe(200);
    expect((await meWith(cookie)).status).toBe(200);
    expect((await user.post("/api/v1/auth/sign-out")).status).toBe(204);
    // The browser dropped the cookie; a copy of it must not work either.
    expect((await meWith(cookie)).status).toBe(401);
  });

  it("refuses a session revoked through better-auth in this process on the next request", async () => {
    const user = await server.signUp();
    const cookie = user.cookieHeader;
    expect((await meWith(cookie)).status).toBe(200);
    const context = await server.deps.auth.$context;
    await context.internalAdapter.deleteUserSessions(user.user.id);
    expect((await meWith(cookie)).status).toBe(401);
  });

  it("applies a revocation made elsewhere (SQL, another server) within the TTL", async () => {
    const user = await server.signUp();
    const cookie = user.cookieHeader;
    expect((await meWith(cookie)).status).toBe(200);
    await server.deps.db.delete(sessions).where(eq(sessions.userId, user.user.id));
    // The price of the cache: this process does not see the deletion until its entry expires.
    expect((await meWith(cookie)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await meWith(cookie)).status).toBe(401);
  });

  it("does not let a tampered or repeated cookie reach the cached session", async () => {
    const user = await server.signUp();
    const cookie = user.cookieHeader;
    expect((await meWith(cookie)).status).toBe(200);
    const [name, value = ""] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}AAA`;
    expect((await meWith(tampered)).status).toBe(401);
    // Two session cookies: better-auth alone decides, and the answer is not cached under either.
    const other = await server.signUp();
    const size = sessionCacheOf(server.deps.auth).size;
    const both = await meWith(`${other.cookieHeader}; ${cookie}`);
    expect(both.status).toBe(200);
    expect(sessionCacheOf(server.deps.auth).size).toBe(size);
  });
});
