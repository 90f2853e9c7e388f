import { describe, expect, it } from "vitest";
import { initialsFor } from "./social.ts";

describe("initialsFor", () => {
  it("takes the first letters of the first two words, in capitals", () => {
    expect(initialsFor("ivy inviter")).toBe("II");
    expect(initialsFor("  Ada   Lovelace King ")).toBe("AL");
    expect(initialsFor("Zoë")).toBe("Z");
  });

  it("keeps a letter outside the basic plane whole", () => {
    expect(initialsFor("𝒜lice Smith")).toBe("𝒜S");
  });

  it("falls back to a question mark without a name", () => {
    for (const name of [null, undefined, "", "   "]) expect(initialsFor(name)).toBe("?");
  });
});
