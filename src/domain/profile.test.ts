import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "./contract/avatar.ts";
import {
  findAvatarFileProblem,
  isHttpsUrl,
  normalizeHandle,
  profileAccuracy,
  profileNotices,
  profilePoints,
  updateProfileSchema,
} from "./profile.ts";

const firstMessage = (input: unknown) => {
  const result = updateProfileSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("normalizeHandle", () => {
  it("lowercases and keeps only a-z, 0-9 and _", () => {
    expect(normalizeHandle("Ada_Lovelace")).toBe("ada_lovelace");
    expect(normalizeHandle("@ada.love-lace 1815!")).toBe("adalovelace1815");
    expect(normalizeHandle("Åsa Öberg")).toBe("saberg");
    expect(normalizeHandle("  ")).toBe("");
  });

  it("always yields only allowed characters and is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const handle = normalizeHandle(raw);
        expect(handle).toMatch(/^[a-z0-9_]*$/);
        expect(normalizeHandle(handle)).toBe(handle);
      }),
    );
  });
});

describe("updateProfileSchema", () => {
  it("trims the name and refuses a blank one", () => {
    expect(updateProfileSchema.parse({ name: "  Ada  " }).name).toBe("Ada");
    expect(firstMessage({ name: "   " })).toBe(profileNotices.nameEmpty);
    expect(firstMessage({ name: "a".repeat(101) })).toBe(profileNotices.nameTooLong);
  });

  it("normalises the handle; blank means none; fewer than 3 or more than 30 characters are refused", () => {
    expect(updateProfileSchema.parse({ name: "A", handle: "Ada.L" }).handle).toBe("adal");
    expect(updateProfileSchema.parse({ name: "A", handle: " !! " }).handle).toBeNull();
    expect(updateProfileSchema.parse({ name: "A", handle: null }).handle).toBeNull();
    expect(updateProfileSchema.parse({ name: "A" }).handle).toBeUndefined();
    expect(firstMessage({ name: "A", handle: "ab" })).toBe(profileNotices.handleTooShort);
    expect(firstMessage({ name: "A", handle: "a-b" })).toBe(profileNotices.handleTooShort);
    expect(updateProfileSchema.parse({ name: "A", handle: "abc" }).handle).toBe("abc");
    expect(updateProfileSchema.parse({ name: "A", handle: "a".repeat(30) }).handle).toHaveLength(30);
    expect(firstMessage({ name: "A", handle: "a".repeat(31) })).toBe(profileNotices.handleTooLong);
  });

  it("accepts only https avatar URLs, trimmed; blank means none", () => {
    expect(updateProfileSchema.parse({ name: "A", avatarUrl: " https://x.example/a.png " }).avatarUrl).toBe(
      "https://x.example/a.png",
    );
    expect(updateProfileSchema.parse({ name: "A", avatarUrl: "  " }).avatarUrl).toBeNull();
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:image/png;base64,AAAA",
      "http://x.example/a.png",
      "//x.example/a.png",
      "/avatars/a.png",
      "https://",
      "https://u:p@x.example/a.png",
      "not a url",
    ])
      expect(firstMessage({ name: "A", avatarUrl: url }), url).toBe(profileNotices.avatarUrl);
  });
});

describe("isHttpsUrl", () => {
  it("is true only for absolute https URLs with a host", () => {
    expect(isHttpsUrl("https://x.example")).toBe(true);
    expect(isHttpsUrl("HTTPS://X.EXAMPLE/a?b#c")).toBe(true);
    expect(isHttpsUrl("ftp://x.example")).toBe(false);
  });
});

describe("points and accuracy", () => {
  it("gives 10 points per correct answer", () => {
    expect(profilePoints(0)).toBe(0);
    expect(profilePoints(7)).toBe(70);
  });

  it("rounds the percent correct and has none before the first answer", () => {
    expect(profileAccuracy(0, 0)).toBeNull();
    expect(profileAccuracy(0, 3)).toBe(0);
    expect(profileAccuracy(2, 3)).toBe(67);
    expect(profileAccuracy(1, 3)).toBe(33);
    expect(profileAccuracy(1, 8)).toBe(13);
    expect(profileAccuracy(5, 5)).toBe(100);
  });
});

describe("findAvatarFileProblem", () => {
  it("accepts an image of at most 2 MB", () => {
    expect(findAvatarFileProblem({ type: "image/png", size: 10 })).toBeNull();
    expect(findAvatarFileProblem({ type: "image/jpeg", size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it("refuses other types first, then files over 2 MB", () => {
    expect(findAvatarFileProblem({ type: "text/plain", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please select an image file",
    });
    expect(findAvatarFileProblem({ type: "", size: 10 })).toEqual(profileNotices.invalidFileType);
    expect(findAvatarFileProblem({ type: "image/png", size: AVATAR_MAX_BYTES + 1 })).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 2MB",
    });
  });
});
