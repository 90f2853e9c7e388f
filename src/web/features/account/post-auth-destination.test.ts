import { describe, expect, it } from "vitest";
import {
  PENDING_INVITE_TOKEN_KEY,
  peekPostAuthDestination,
  resolvePostAuthDestination,
  takePostAuthDestination,
} from "./post-auth-destination";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

describe("resolvePostAuthDestination", () => {
  it("goes home by default", () => {
    expect(resolvePostAuthDestination({})).toBe("/");
    expect(resolvePostAuthDestination({ pendingInviteToken: null, redirect: null })).toBe("/");
  });

  it("prefers a pending invite over a redirect", () => {
    expect(resolvePostAuthDestination({ pendingInviteToken: "abc123", redirect: "/friends" })).toBe(
      "/invite/abc123",
    );
  });

  it("encodes the invite token as one path segment", () => {
    expect(resolvePostAuthDestination({ pendingInviteToken: "a/b?c" })).toBe("/invite/a%2Fb%3Fc");
  });

  it("ignores a blank invite token", () => {
    expect(resolvePostAuthDestination({ pendingInviteToken: "  ", redirect: "/friends" })).toBe("/friends");
  });

  it("honours safe same-origin redirects, including search and hash", () => {
    expect(resolvePostAuthDestination({ redirect: "/invite/xyz" })).toBe("/invite/xyz");
    expect(resolvePostAuthDestination({ redirect: "/search?q=stoicism#top" })).toBe("/search?q=stoicism#top");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "friends",
    "",
  ])("rejects the unsafe redirect %j", (redirect) => {
    expect(resolvePostAuthDestination({ redirect })).toBe("/");
  });
});

describe("takePostAuthDestination", () => {
  it("uses and removes the stored invite token", () => {
    const storage = memoryStorage({ [PENDING_INVITE_TOKEN_KEY]: "tok-1", other: "kept" });
    expect(takePostAuthDestination("/friends", storage)).toBe("/invite/tok-1");
    expect(storage.values.has(PENDING_INVITE_TOKEN_KEY)).toBe(false);
    expect(storage.values.get("other")).toBe("kept");
    expect(takePostAuthDestination("/friends", storage)).toBe("/friends");
  });

  it("falls back to the redirect, then home, without storage", () => {
    expect(takePostAuthDestination("/leaderboard", memoryStorage())).toBe("/leaderboard");
    expect(takePostAuthDestination(undefined, undefined)).toBe("/");
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(takePostAuthDestination("/friends", broken)).toBe("/friends");
  });
});

describe("peekPostAuthDestination", () => {
  it("reads the invite token without removing it", () => {
    const storage = memoryStorage({ [PENDING_INVITE_TOKEN_KEY]: "tok-2" });
    expect(peekPostAuthDestination(undefined, storage)).toBe("/invite/tok-2");
    expect(storage.values.get(PENDING_INVITE_TOKEN_KEY)).toBe("tok-2");
  });
});
