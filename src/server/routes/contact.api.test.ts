import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { users } from "../db/schema/auth.ts";
import { contactMessages } from "../db/schema/contact.ts";

let server: TestServer;
// TRUST_PROXY lets each test speak from its own address (X-Forwarded-For), so rate limits stay apart.
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => server.stop());

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

function send(json: unknown, address = newAddress(), client = server.client()) {
  return client.request("POST", "/api/v1/contact", { json, headers: { "x-forwarded-for": address } });
}

const valid = {
  name: "Mira Holm",
  email: "mira@example.com",
  role: "creator",
  podcast: "The Long View",
  message: "We would love to offer Earmark mind maps to our listeners.",
};

describe("POST /api/v1/contact", () => {
  it("stores the message with the sender's address, trimmed and normalised", async () => {
    const response = await send(
      { ...valid, name: "  Mira Holm ", email: " Mira@Example.com ", message: "  Hello there  " },
      "198.51.100.7",
    );
    expect(response.status).toBe(201);
    expect(response.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.data.createdAt).getTime()).not.toBeNaN();

    const [row] = await server.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.data.id));
    expect(row).toMatchObject({
      name: "Mira Holm",
      email: "mira@example.com",
      role: "creator",
      podcast: "The Long View",
      message: "Hello there",
      ip: "198.51.100.7",
      userId: null,
    });
  });

  it("needs only name, e-mail and message; empty optional fields are stored as null", async () => {
    const minimal = await send({ name: "Ola", email: "ola@example.com", message: "Hi!" });
    expect(minimal.status).toBe(201);
    const withEmpties = await send({
      name: "Ola",
      email: "ola@example.com",
      message: "Hi again",
      role: null,
      podcast: "  ",
    });
    expect(withEmpties.status).toBe(201);
    const rows = await server.deps.db
      .select({ role: contactMessages.role, podcast: contactMessages.podcast })
      .from(contactMessages)
      .where(eq(contactMessages.email, "ola@example.com"));
    expect(rows).toEqual([
      { role: null, podcast: null },
      { role: null, podcast: null },
    ]);
  });

  it("links the message to the signed-in user, and keeps it when the account goes", async () => {
    const user = await server.signUp({ name: "Signed In" });
    const response = await send(valid, newAddress(), user);
    expect(response.status).toBe(201);
    const [row] = await server.deps.db
      .select({ userId: contactMessages.userId })
      .from(contactMessages)
      .where(eq(contactMessages.id, response.data.id));
    expect(row?.userId).toBe(user.user.id);

    await server.deps.db.delete(users).where(eq(users.id, user.user.id));
    const [kept] = await server.deps.db
      .select({ userId: contactMessages.userId, name: contactMessages.name })
      .from(contactMessages)
      .where(eq(contactMessages.id, response.data.id));
    expect(kept).toEqual({ userId: null, name: "Mira Holm" });
  });

  it("answers invalid input with the form's messages and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: "   " }, "name", "Please enter your name."],
      [{ ...valid, email: "not-an-email" }, "email", "Please enter a valid email address."],
      [{ ...valid, message: "" }, "message", "Please enter a message."],
      [{ ...valid, message: "x".repeat(5001) }, "message", "Message must be at most 5000 characters."],
      [{ ...valid, role: "sponsor" }, "role", "Please choose one of the listed roles."],
      [{ ...valid, podcast: "p".repeat(201) }, "podcast", "Podcast must be at most 200 characters."],
      [{ ...valid, name: "n".repeat(101) }, "name", "Name must be at most 100 characters."],
    ];
    const before = await server.deps.db.$count(contactMessages);
    for (const [body, field, message] of cases) {
      const response = await send(body);
      expect(response.status, field).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
      expect(response.data.error.fields[field]).toBe(message);
      expect(response.data.error.message).toBe(`${field}: ${message}`);
    }
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(missing.data.error.fields).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      message: "Please enter a message.",
    });
    expect(await server.deps.db.$count(contactMessages)).toBe(before);
  });

  it("limits each address to 5 messages an hour with 429 and Retry-After", async () => {
    const address = "192.0.2.55";
    for (let i = 0; i < 5; i++) expect((await send(valid, address)).status).toBe(201);
    const limited = await send(valid, address);
    expect(limited.status).toBe(429);
    expect(limited.data.error.code).toBe("RATE_LIMITED");
    expect(limited.data.error.message).toBe(
      "You have sent several messages already. Please wait 60 minutes before sending another.",
    );
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await server.deps.db.$count(contactMessages, eq(contactMessages.ip, address));
    expect(stored).toBe(5);

    // Another address is not affected.
    expect((await send(valid, "192.0.2.56")).status).toBe(201);
  });
});
