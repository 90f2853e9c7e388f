import { describe, expect, it } from "vitest";
import { authNotices, getAuthNotice, signInSchema, signUpSchema } from "./auth.ts";

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
