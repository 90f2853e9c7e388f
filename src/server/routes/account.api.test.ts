import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { profiles } from "../db/schema/account.ts";
import { accounts } from "../db/schema/auth.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_LIMIT_PER_EMAIL: "5", SIGN_IN_LIMIT_PER_IP: "1000" });
});
afterAll(() => server.stop());

const invalidCredentials = "Invalid email or password. Please try again.";

describe("sign-up, session, sign-out, sign-in", () => {
  it("runs the whole journey with a session cookie", async () => {
    const browser = server.client();
    const signUp = await browser.post("/api/v1/auth/sign-up", {
      name: "  Ada Lovelace ",
      email: "Ada@Example.com",
      password: "analytical",
    });
    expect(signUp.status).toBe(201);
    expect(signUp.data.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" });
    const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith("earmark.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const session = await browser.get("/api/v1/auth/session");
    expect(session.status).toBe(200);
    expect(session.data.user.email).toBe("ada@example.com");
    expect(session.data.profile).toMatchObject({ name: "Ada Lovelace", level: 1, xp: 0, theme: "dark" });
    expect(session.data.roles).toEqual([]);

    expect((await browser.post("/api/v1/auth/sign-out")).status).toBe(204);
    const afterSignOut = await browser.get("/api/v1/auth/session");
    expect(afterSignOut.data).toEqual({ user: null, profile: null, roles: [] });
    expect((await browser.get("/api/v1/me")).status).toBe(401);

    const signIn = await browser.post("/api/v1/auth/sign-in", {
      email: "ADA@example.com ",
      password: "analytical",
    });
    expect(signIn.status).toBe(200);
    expect(signIn.data.user.email).toBe("ada@example.com");
    expect((await browser.get("/api/v1/me")).data.user.email).toBe("ada@example.com");
  });

  it("creates exactly one profile per user and stores an argon2id hash at OWASP parameters", async () => {
    const user = await server.signUp({ name: "Grace" });
    const rows = await server.deps.db.select().from(profiles).where(eq(profiles.userId, user.user.id));
    expect(rows).toHaveLength(1);
    const [account] = await server.deps.db.select().from(accounts).where(eq(accounts.userId, user.user.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account?.password).not.toContain(user.password);
  });

  it("refuses a second account for the same e-mail in any letter case", async () => {
    await server.signUp({ email: "taken@example.com" });
    const again = await server
      .client()
      .post("/api/v1/auth/sign-up", { name: "Other", email: "TAKEN@example.com", password: "whatever1" });
    expect(again.status).toBe(409);
    expect(again.data.error).toEqual({
      code: "EMAIL_TAKEN",
      message: "This email is already registered. Please sign in instead.",
    });
  });

  it("answers a wrong password and an unknown e-mail with the same message", async () => {
    const user = await server.signUp();
    const wrongPassword = await server
      .client()
      .post("/api/v1/auth/sign-in", { email: user.user.email, password: "not-the-password" });
    const unknownEmail = await server
      .client()
      .post("/api/v1/auth/sign-in", { email: "nobody@example.com", password: "not-the-password" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.data).toEqual(unknownEmail.data);
    expect(wrongPassword.data.error.message).toBe(invalidCredentials);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it("gives the form's notices for invalid sign-up input", async () => {
    const cases = [
      [
        { name: "A", email: "no-at-sign", password: "secret1" },
        "email",
        "Please enter a valid email address.",
      ],
      [
        { name: "A", email: "a@b.co", password: "12345" },
        "password",
        "Password must be at least 6 characters.",
      ],
      [{ name: "   ", email: "a@b.co", password: "secret1" }, "name", "Please enter your name."],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await server.client().post("/api/v1/auth/sign-up", body);
      expect(response.status).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
      expect(response.data.error.fields[field]).toBe(message);
    }
  });

  it("limits sign-in attempts per e-mail and says when to retry", async () => {
    const user = await server.signUp();
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(
        await server
          .client()
          .post("/api/v1/auth/sign-in", { email: user.user.email, password: "wrong-password" }),
      );
    }
    expect(attempts.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const limited = attempts[5];
    expect(limited?.status).toBe(429);
    expect(limited?.data.error.code).toBe("RATE_LIMITED");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right password waits until the window has passed.
    const correct = await server
      .client()
      .post("/api/v1/auth/sign-in", { email: user.user.email, password: user.password });
    expect(correct.status).toBe(429);
  });

  it("keeps better-auth's own e-mail endpoints closed", async () => {
    const response = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "a@b.co", password: "secret12" });
    expect(response.status).toBe(404);
    const signUp = await server
      .client()
      .post("/api/auth/sign-up/email", { name: "x", email: "a@b.co", password: "secret12" });
    expect(signUp.status).toBe(404);
  });

  it("reports whether Google sign-in is configured", async () => {
    const response = await server.client().get("/api/v1/config");
    expect(response.data).toMatchObject({ googleEnabled: false, aiProvider: "offline" });
  });

  it("ignores identity claims in request headers: the session decides", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const me = await user.request("GET", "/api/v1/me", { headers: { "x-user-id": other.user.id } });
    expect(me.data.user.id).toBe(user.user.id);
  });
});
