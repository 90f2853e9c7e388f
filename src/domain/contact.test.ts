import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact.ts";

const valid = { name: "Mira", email: "mira@example.com", message: "Hello" };

describe("contactMessageSchema", () => {
  it("trims and lower-cases, and leaves role and podcast optional", () => {
    expect(
      contactMessageSchema.parse({ name: " Mira ", email: " Mira@Example.COM ", message: "  Hi  " }),
    ).toEqual({ name: "Mira", email: "mira@example.com", message: "Hi" });
    expect(contactMessageSchema.parse({ ...valid, role: null, podcast: null })).toMatchObject({
      role: null,
      podcast: null,
    });
    expect(contactMessageSchema.parse({ ...valid, role: "investor", podcast: "Show" })).toMatchObject({
      role: "investor",
      podcast: "Show",
    });
  });

  it("requires name, e-mail and message with the form's messages", () => {
    const result = contactMessageSchema.safeParse({ name: "  ", email: "nope", message: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Please enter your name."],
      ["email", "Please enter a valid email address."],
      ["message", "Please enter a message."],
    ]);
  });

  it("accepts only the four roles and bounds the lengths", () => {
    expect(contactMessageSchema.safeParse({ ...valid, role: "sponsor" }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...valid, message: "x".repeat(5000) }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, message: "x".repeat(5001) }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...valid, name: "n".repeat(101) }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...valid, podcast: "p".repeat(201) }).success).toBe(false);
  });
});
