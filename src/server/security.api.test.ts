import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { authNotices } from "../domain/auth.ts";
import { textNotices } from "../domain/text.ts";
import { CROSS_ORIGIN_MESSAGE } from "./auth/origin-check.ts";
import { users } from "./db/schema/auth.ts";

/**
 * The request conventions of issue 14: text inputs, the e-mail rule, cross-site writes, security
 * headers, the sign-in lockout, better-auth's closed endpoints and the 429 messages.
 */
let server: TestServer;
const EVIL = "https://evil.example";
const sameOrigin = () => ({ origin: server.url });

beforeAll(async () => {
  // TRUST_PROXY: each test speaks from its own address (X-Forwarded-For), as behind our proxy.
  server = await startTestServer({
    TRUST_PROXY: "true",
    INGEST_FEEDS: "",
    GOOGLE_CLIENT_ID: "test-client-id",
    GOOGLE_CLIENT_SECRET: "test-client-secret",
  });
});
afterAll(() => server.stop());

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

function signIn(email: string, password: string, address: string, client: ApiClient = server.client()) {
  return client.request("POST", "/api/v1/auth/sign-in", {
    json: { email, password },
    headers: { "x-forwarded-for": address },
  });
}

describe("the e-mail rule decides before better-auth", () => {
  const refused = [
    "a@b",
    "a@localhost",
    "ä@x.test",
    "a@bücher.example",
    "a@example.com\u200b",
    "a b@example.com",
    "a@exa mple.com",
    "a..b@example.com",
    "a@[127.0.0.1]",
  ];

  it("answers every address it refuses with a 400 naming the e-mail field, on sign-up and sign-in", async () => {
    for (const email of refused) {
      for (const path of ["/api/v1/auth/sign-up", "/api/v1/auth/sign-in"]) {
        const response = await server.client().request("POST", path, {
          json: { name: "Ada", email, password: "analytical" },
          headers: { "x-forwarded-for": newAddress() },
        });
        expect(response.status, `${path} ${JSON.stringify(email)}`).toBe(400);
        expect(response.data.error.code).toBe("VALIDATION");
        expect(response.data.error.fields).toEqual({ email: authNotices.email.description });
      }
    }
  });

  it("accepts upper case and surrounding spaces, storing the address lower-cased", async () => {
    const signUp = await server.client().post("/api/v1/auth/sign-up", {
      name: "Upper",
      email: "  Upper.Case@Example.COM ",
      password: "analytical",
    });
    expect(signUp.status).toBe(201);
    expect(signUp.data.user.email).toBe("upper.case@example.com");
    expect((await signIn("UPPER.case@example.com", "analytical", newAddress())).status).toBe(200);
  });

  it("accepts an internationalised domain in its xn-- form, which better-auth accepts too", async () => {
    const response = await server.client().post("/api/v1/auth/sign-up", {
      name: "Bücher",
      email: "leser@xn--bcher-kva.example",
      password: "analytical",
    });
    expect(response.status).toBe(201);
  });
});

describe("text inputs reaching better-auth", () => {
  it("refuses a NUL in a better-auth body with the same 400", async () => {
    const response = await server.client().request("POST", "/api/auth/sign-in/social", {
      json: { provider: "goo\u0000gle", callbackURL: `${server.url}/` },
      headers: sameOrigin(),
    });
    expect(response.status).toBe(400);
    expect(response.data.error.fields).toEqual({ provider: textNotices.nul });
  });

  it("refuses a NUL or a lone surrogate in sign-up and contact fields with the field named", async () => {
    const signUp = await server
      .client()
      .post("/api/v1/auth/sign-up", { name: "Ada\uD800", email: "ada@example.com", password: "analytical" });
    expect(signUp.status).toBe(400);
    expect(signUp.data.error.fields).toEqual({ name: textNotices.loneSurrogate });
    const contact = await server.client().request("POST", "/api/v1/contact", {
      json: { name: "Mira", email: "mira@example.com", message: "Hello\u0000" },
      headers: { "x-forwarded-for": newAddress() },
    });
    expect(contact.status).toBe(400);
    expect(contact.data.error).toMatchObject({
      code: "VALIDATION",
      message: `message: ${textNotices.nul}`,
      fields: { message: textNotices.nul },
    });
  });
});

describe("cross-site writes", () => {
  async function seedQuizEpisode(): Promise<string> {
    const podcast = await query(
      "insert into podcasts (name, source_type) values ('CSRF Show', 'manual') returning id",
    );
    const episode = await query(
      `insert into episodes (podcast_id, title, summary, audio_url, duration)
       values ($1, 'An episode', 'About it', '/demo/audio/quiz.mp3', 600) returning id`,
      [podcast.rows[0].id],
    );
    const episodeId: string = episode.rows[0].id;
    await query(
      `insert into questions (episode_id, stem, choices, answer, explanation, timecode)
       values ($1, 'Why?', $2, 'Because', 'It is so.', 0)`,
      [episodeId, ["Because", "No", "Maybe", "Never"]],
    );
    return episodeId;
  }

  const countAttempts = async (episodeId: string) =>
    Number(
      (await query("select count(*) from quiz_attempts where episode_id = $1", [episodeId])).rows[0].count,
    );
  const countJobs = async (queue: string) =>
    Number((await query("select count(*) from pgboss.job where name = $1", [queue])).rows[0].count);

  it("refuses a body-less cross-origin sign-out, which still works from the app itself", async () => {
    const user = await server.signUp();
    const forged = await user.request("POST", "/api/v1/auth/sign-out", { headers: { origin: EVIL } });
    expect(forged.status).toBe(403);
    expect(forged.data.error).toEqual({ code: "FORBIDDEN", message: CROSS_ORIGIN_MESSAGE });
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect((await user.get("/api/v1/me")).status).toBe(200);

    const real = await user.request("POST", "/api/v1/auth/sign-out", { headers: sameOrigin() });
    expect(real.status).toBe(204);
    expect((await user.get("/api/v1/me")).status).toBe(401);
  });

  it("refuses a cross-origin start of a quiz attempt, by Origin or by Sec-Fetch-Site", async () => {
    const user = await server.signUp();
    const episodeId = await seedQuizEpisode();
    const path = `/api/v1/episodes/${episodeId}/quiz/attempts`;
    const headerSets: Record<string, string>[] = [
      { origin: EVIL },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: `${server.url}.evil.example` },
    ];
    for (const headers of headerSets) {
      const response = await user.request("POST", path, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await countAttempts(episodeId)).toBe(0);

    const started = await user.request("POST", path, { headers: sameOrigin() });
    expect(started.status).toBe(201);
    expect(await countAttempts(episodeId)).toBe(1);
  });

  it("lets through what a browser on the app's own origin sends, and programs that send neither header", async () => {
    const user = await server.signUp();
    const episodeId = await seedQuizEpisode();
    const path = `/api/v1/episodes/${episodeId}/quiz/attempts`;
    const headerSets: Record<string, string>[] = [
      { origin: server.url, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-origin" },
      // Referrer-Policy: no-referrer makes browsers send Origin: null even on same-origin requests.
      { origin: "null", "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of headerSets) {
      const response = await user.request("POST", path, { headers });
      expect([200, 201], JSON.stringify(headers)).toContain(response.status);
    }
  });

  it("refuses an admin's cross-origin catalog job, which queues from the app itself", async () => {
    const admin = await server.signUp({ role: "admin" });
    const queue = "catalog.sync-deltas";
    const before = await countJobs(queue);
    const forged = await admin.request("POST", `/api/v1/admin/jobs/${queue}`, { headers: { origin: EVIL } });
    expect(forged.status).toBe(403);
    expect(await countJobs(queue)).toBe(before);
    const real = await admin.request("POST", `/api/v1/admin/jobs/${queue}`, { headers: sameOrigin() });
    expect(real.status).toBe(202);
    expect(await countJobs(queue)).toBe(before + 1);
  });

  it("refuses every write method cross-origin but leaves reads alone", async () => {
    const user = await server.signUp();
    for (const [method, path] of [
      ["PUT", "/api/v1/me/theme"],
      ["PATCH", "/api/v1/lists/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/v1/lists/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const response = await user.request(method, path, {
        json: { theme: "light" },
        headers: { origin: EVIL },
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const read = await user.request("GET", "/api/v1/me", { headers: { origin: EVIL } });
    expect(read.status).toBe(200);
  });

  it("lets a bearer token through: scripts calling the Anki export are no forgery", async () => {
    const user = await server.signUp();
    const token = decodeURIComponent(user.cookieHeader.match(/earmark\.session_token=([^;]+)/)?.[1] ?? "");
    const episodeId = await seedQuizEpisode();
    const response = await server.client().request("POST", "/api/v1/exports/anki", {
      json: { episodeId },
      headers: { authorization: `Bearer ${token}`, origin: EVIL },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/csv/);
  });

  it("applies to better-auth too: Google sign-in starts only from the app, its callback is a plain GET", async () => {
    const body = { provider: "google", callbackURL: `${server.url}/` };
    const forged = await server
      .client()
      .request("POST", "/api/auth/sign-in/social", { json: body, headers: { origin: EVIL } });
    expect(forged.status).toBe(403);

    const browser = server.client();
    const started = await browser.request("POST", "/api/auth/sign-in/social", {
      json: body,
      headers: sameOrigin(),
    });
    expect(started.status).toBe(200);
    const googleUrl = new URL(started.data.url);
    expect(googleUrl.origin).toBe("https://accounts.google.com");
    expect(googleUrl.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/google`);

    // Google sends the browser back with a GET; a bad state ends on better-auth's error page.
    const callback = await browser.request(
      "GET",
      `/api/auth/callback/google?code=made-up&state=${googleUrl.searchParams.get("state")}x`,
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location") ?? "", server.url);
    expect(location.pathname).toBe("/api/auth/error");
    const errorPage = await browser.get(`${location.pathname}${location.search}`);
    expect(errorPage.status).toBe(200);
    expect(errorPage.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("keeps better-auth's callback-URL check: another site is no callback", async () => {
    const response = await server.client().request("POST", "/api/auth/sign-in/social", {
      json: { provider: "google", callbackURL: `${EVIL}/steal` },
      headers: sameOrigin(),
    });
    expect(response.status).toBe(403);
  });
});

describe("security headers", () => {
  const policyOf = (headers: Headers) =>
    Object.fromEntries(
      (headers.get("content-security-policy") ?? "")
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = "", ...sources]) => [name, sources]),
    );

  it("sends the Content-Security-Policy on the app, the API, its errors and /api/docs", async () => {
    for (const path of [
      "/",
      "/episode/123",
      "/api/health",
      "/api/v1/no-such-thing",
      "/api/docs",
      "/api/openapi.json",
    ]) {
      const response = await server.client().get(path);
      const policy = policyOf(response.headers);
      expect(policy["default-src"], path).toEqual(["'self'"]);
      expect(policy["script-src"], path).toEqual(["'self'"]);
      expect(policy["frame-ancestors"], path).toEqual(["'none'"]);
      expect(policy["object-src"], path).toEqual(["'none'"]);
      expect(policy["base-uri"], path).toEqual(["'self'"]);
      expect(policy["connect-src"], path).toEqual(["'self'"]);
      expect(policy["frame-src"], path).toEqual(["https://www.youtube-nocookie.com"]);
      expect(policy["media-src"], path).toEqual(expect.arrayContaining(["'self'", "https:"]));
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
    expect((await server.client().get("/api/docs")).status).toBe(200);
  });

  it("sends no HSTS while PUBLIC_URL is http", async () => {
    for (const path of ["/", "/api/health"]) {
      expect((await server.client().get(path)).headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("sign-in lockout", () => {
  it("limits an attacker's address, not the owner who signs in from elsewhere", async () => {
    const owner = await server.signUp();
    const attacker = newAddress();
    const attempts = [];
    for (let index = 0; index < 10; index++)
      attempts.push(await signIn(owner.user.email, `guess-${index}`, attacker));
    expect(attempts.map((attempt) => attempt.status)).toEqual(Array(10).fill(401));

    const limited = await signIn(owner.user.email, "guess-10", attacker);
    expect(limited.status).toBe(429);
    expect(limited.data.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(limited.data.error.message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The attacker stays limited even when the guess is right.
    expect((await signIn(owner.user.email, owner.password, attacker)).status).toBe(429);

    const ownerSignIn = await signIn(owner.user.email, owner.password, newAddress());
    expect(ownerSignIn.status).toBe(200);
    expect(ownerSignIn.data.user.id).toBe(owner.user.id);
    expect((await signIn(owner.user.email, "guess-11", attacker)).status).toBe(429);
  });

  it("stops guessing from many addresses at the per-e-mail ceiling of 100", async () => {
    const owner = await server.signUp();
    const addresses = Array.from({ length: 10 }, newAddress);
    const statuses = await Promise.all(
      addresses.map(async (address) => {
        const seen = [];
        for (let index = 0; index < 10; index++)
          seen.push((await signIn(owner.user.email, "wrong-guess", address)).status);
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array(100).fill(401));
    expect((await signIn(owner.user.email, owner.password, newAddress())).status).toBe(429);
  });

  it("uses the address our proxy appended, not one the client put first in X-Forwarded-For", async () => {
    const owner = await server.signUp();
    const attacker = newAddress();
    for (let index = 0; index < 10; index++) {
      const spoofed = `${newAddress()}, ${attacker}`;
      expect((await signIn(owner.user.email, "wrong-guess", spoofed)).status).toBe(401);
    }
    expect((await signIn(owner.user.email, "wrong-guess", `198.51.100.99, ${attacker}`)).status).toBe(429);
  });
});

describe("better-auth's own endpoints", () => {
  it("does not let /api/auth/update-user store what our rules refuse", async () => {
    const user = await server.signUp({ name: "Kept Name" });
    for (const body of [{ name: "" }, { name: "x".repeat(300_000) }, { image: "javascript:alert(1)" }]) {
      const response = await user.request("POST", "/api/auth/update-user", {
        json: body,
        headers: sameOrigin(),
      });
      expect([404, 413], JSON.stringify(body).slice(0, 40)).toContain(response.status);
    }
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row).toMatchObject({ name: "Kept Name", image: null });
  });

  it("closes every endpoint the app does not use, so no page script can read the session token", async () => {
    const user = await server.signUp();
    const token = decodeURIComponent(user.cookieHeader.match(/earmark\.session_token=([^;.]+)/)?.[1] ?? "");
    expect(token.length).toBeGreaterThan(10);
    for (const [method, path] of [
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/get-session"],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/auth/change-email"],
      ["POST", "/api/auth/change-password"],
      ["POST", "/api/auth/delete-user"],
      ["POST", "/api/auth/sign-out"],
      ["POST", "/api/auth/revoke-sessions"],
      ["GET", "/api/auth/list-accounts"],
      ["POST", "/api/auth/callback/google"],
    ] as const) {
      const response = await user.request(method, path, {
        ...(method === "POST" ? { json: {} } : {}),
        headers: sameOrigin(),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.data.error.code).toBe("NOT_FOUND");
      expect(response.text).not.toContain(token);
    }
    // The app's own session endpoint answers without the token.
    const session = await user.get("/api/v1/auth/session");
    expect(session.status).toBe(200);
    expect(session.text).not.toContain(token);
  });
});

describe("every 429 names what it limits", () => {
  it("the OPML import speaks of OPML imports", async () => {
    const user = await server.signUp();
    for (let index = 0; index < 10; index++) {
      const response = await user.post("/api/v1/me/podcasts/opml", { opml: "not an OPML file" });
      expect(response.status).not.toBe(429);
    }
    const limited = await user.post("/api/v1/me/podcasts/opml", { opml: "not an OPML file" });
    expect(limited.status).toBe(429);
    expect(limited.data.error.message).toMatch(
      /^Too many OPML imports\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});
