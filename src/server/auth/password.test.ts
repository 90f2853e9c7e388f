import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("uses argon2id with 19 MiB, 2 iterations and a random salt", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it("verifies the right password and rejects others and garbage hashes", async () => {
    const digest = await hashPassword("correct horse");
    expect(await verifyPassword({ hash: digest, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash: digest, password: "Correct horse" })).toBe(false);
    expect(await verifyPassword({ hash: "not-a-hash", password: "correct horse" })).toBe(false);
  });
});
