import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authNotices, emailField, getAuthNotice, signInSchema, signUpSchema } from "./auth.ts";
import { seededRandom } from "./seeded-random.ts";
import { textNotices } from "./text.ts";

function noticeFor(schema: typeof signInSchema | typeof signUpSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  return getAuthNotice(result.error);
}

describe("auth form validation", () => {
  it("accepts a valid sign-up and normalises the e-mail and name", () => {
    const result = signUpSchema.parse({ name: "  Ada ", email: " Ada@Example.COM ", password: "secret" });
    expect(result).toEqual({ name: "Ada", email: "ada@example.com", password: "secret" });
  });

  it("requires an at sign in the e-mail", () => {
    expect(noticeFor(signInSchema, { email: "ada.example.com", password: "secret" })).toEqual(
      authNotices.email,
    );
    expect(noticeFor(signInSchema, { email: "", password: "secret" })).toEqual({
      title: "Invalid email",
      description: "Please enter a valid email address.",
    });
  });

  it("requires at least 6 password characters", () => {
    expect(noticeFor(signInSchema, { email: "a@b.co", password: "12345" })).toEqual({
      title: "Password too short",
      description: "Password must be at least 6 characters.",
    });
    expect(noticeFor(signInSchema, { email: "a@b.co", password: "123456" })).toBeNull();
  });

  it("says a too-long password is too long", () => {
    expect(noticeFor(signInSchema, { email: "a@b.co", password: "x".repeat(129) })?.title).toBe(
      "Password too long",
    );
  });

  it("requires a non-blank name on sign-up only", () => {
    expect(noticeFor(signUpSchema, { name: "   ", email: "a@b.co", password: "secret" })).toEqual({
      title: "Name required",
      description: "Please enter your name.",
    });
    expect(noticeFor(signInSchema, { email: "a@b.co", password: "secret" })).toBeNull();
  });

  it("reports the first invalid field in form order", () => {
    expect(noticeFor(signUpSchema, { name: "", email: "bad", password: "1" })?.title).toBe("Name required");
    expect(noticeFor(signUpSchema, { name: "A", email: "bad", password: "1" })?.title).toBe("Invalid email");
  });
});

describe("the e-mail rule", () => {
  const accepted = [
    "ada@example.com",
    "a@b.co",
    "first.last+tag@sub.example.org",
    "o'brien@example.ie",
    "under_score-dash@ex-ample.io",
    "a@xn--bcher-kva.example",
    "x@a.b.c.d.museum",
  ];
  const refused = [
    "a@b",
    "a@localhost",
    "ä@x.test",
    "a@bücher.example",
    "a@example.com\u200b",
    "\u200ba@example.com",
    "a b@example.com",
    "a@exa mple.com",
    "a@@example.com",
    "a@example.com@example.com",
    ".a@example.com",
    "a.@example.com",
    "a..b@example.com",
    "a'@example.com",
    "a@-example.com",
    "a@example-.com",
    "a@example..com",
    "a@example.c",
    "a@example.c0m",
    "a@[127.0.0.1]",
    "a@127.0.0.1",
    '"a b"@example.com',
    "a\u0000@example.com",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(64)}.com`,
    `a@${Array.from({ length: 5 }, () => "b".repeat(60)).join(".")}.com`,
  ];

  it("accepts plain ASCII addresses with a dotted domain, trimmed and lower-cased", () => {
    for (const address of accepted) expect(emailField.safeParse(address).success, address).toBe(true);
    expect(emailField.parse("  Ada.Lovelace@Example.COM \n")).toBe("ada.lovelace@example.com");
    expect(emailField.parse("\u00a0ada@example.com\u00a0")).toBe("ada@example.com");
  });

  it("refuses the rest with the form's notice", () => {
    for (const address of refused) {
      const result = emailField.safeParse(address);
      expect(result.success, JSON.stringify(address)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(authNotices.email.description);
    }
  });

  it("never accepts what better-auth (zod's z.email()) would refuse", () => {
    const betterAuthEmail = z.email();
    const random = seededRandom(14);
    const pick = (alphabet: string, max: number) =>
      Array.from(
        { length: 1 + Math.floor(random() * max) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
    // Mostly address-shaped strings, with the characters the two rules might disagree on.
    const generated = Array.from(
      { length: 4000 },
      () => `${pick("abZ09._'+-ä\u200b\" ", 6)}@${pick("ab09-.ü_", 8)}.${pick("abcZ0-", 4)}`,
    );
    let acceptedCount = 0;
    for (const address of [...accepted, ...refused, ...generated]) {
      const result = emailField.safeParse(address);
      if (!result.success) continue;
      acceptedCount += 1;
      expect(betterAuthEmail.safeParse(result.data).success, JSON.stringify(address)).toBe(true);
    }
    expect(acceptedCount).toBeGreaterThan(accepted.length);
  });
});

describe("text in the auth fields", () => {
  it("refuses a NUL or a lone surrogate in the name and password with its own notice", () => {
    expect(noticeFor(signUpSchema, { name: "A\u0000", email: "a@b.co", password: "secret" })).toEqual({
      title: "Invalid character",
      description: textNotices.nul,
    });
    expect(noticeFor(signInSchema, { email: "a@b.co", password: "secret\uD800" })).toEqual({
      title: "Invalid character",
      description: textNotices.loneSurrogate,
    });
  });
});
