import { describe, expect, it } from "vitest";
import { FALLBACK_SUPPORT_EMAIL, readSupportEmail } from "./support-email";

describe("readSupportEmail", () => {
  it("uses the configured address", () => {
    expect(readSupportEmail({ googleEnabled: false, supportEmail: "help@example.org" })).toBe(
      "help@example.org",
    );
  });

  it("falls back while the config is missing or names no address", () => {
    expect(readSupportEmail(undefined)).toBe(FALLBACK_SUPPORT_EMAIL);
    expect(readSupportEmail({ googleEnabled: false })).toBe(FALLBACK_SUPPORT_EMAIL);
    expect(readSupportEmail({ supportEmail: "" })).toBe(FALLBACK_SUPPORT_EMAIL);
    expect(FALLBACK_SUPPORT_EMAIL).toBe("support@earmark.app");
  });
});
