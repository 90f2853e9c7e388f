import { describe, expect, it } from "vitest";
import {
  createTextField,
  findTextProblem,
  findTextProblemIn,
  hasLoneSurrogate,
  textNotices,
} from "./text.ts";

const HIGH = "\uD83D";
const LOW = "\uDE00";

describe("findTextProblem", () => {
  it("accepts ordinary text, emoji and other astral characters", () => {
    for (const text of ["", "Road trip", "Straße 😀", "𝄞 music", "línea\ttab\nnewline"]) {
      expect(findTextProblem(text), text).toBeNull();
    }
  });

  it("refuses a NUL character anywhere", () => {
    expect(findTextProblem("a\u0000b")).toBe(textNotices.nul);
    expect(findTextProblem("\u0000")).toBe(textNotices.nul);
  });

  it("refuses a high or low surrogate without its partner", () => {
    expect(hasLoneSurrogate(`${HIGH}${LOW}`)).toBe(false);
    for (const text of [HIGH, LOW, `a${HIGH}`, `${LOW}a`, `${LOW}${HIGH}`, `${HIGH}${HIGH}${LOW}`]) {
      expect(findTextProblem(text), JSON.stringify(text)).toBe(textNotices.loneSurrogate);
    }
  });
});

describe("createTextField", () => {
  const field = createTextField("Please enter a name.").trim().min(1, { error: "Please enter a name." });

  it("behaves like z.string() for good text", () => {
    expect(field.parse("  Ada ")).toBe("Ada");
    expect(field.safeParse(12).error?.issues[0]?.message).toBe("Please enter a name.");
  });

  it("names the problem in a message a person can act on", () => {
    expect(field.safeParse("A\u0000da").error?.issues[0]?.message).toBe(textNotices.nul);
    expect(field.safeParse(`Ada${HIGH}`).error?.issues[0]?.message).toBe(textNotices.loneSurrogate);
  });
});

describe("findTextProblemIn", () => {
  it("finds nothing in well-formed JSON", () => {
    expect(findTextProblemIn({ a: "x", b: [1, "y", { c: null, d: true }] })).toBeNull();
    expect(findTextProblemIn(null)).toBeNull();
  });

  it("gives the path of the first bad string, in field order", () => {
    expect(findTextProblemIn({ name: "ok", items: [{ title: "ok" }, { title: "b\u0000d" }] })).toEqual({
      path: "items.1.title",
      message: textNotices.nul,
    });
    expect(findTextProblemIn({ first: HIGH, second: "\u0000" })?.path).toBe("first");
    expect(findTextProblemIn("\u0000")).toEqual({ path: "body", message: textNotices.nul });
  });

  it("checks object keys too, and shows a bad key without its bad character", () => {
    expect(findTextProblemIn({ settings: { "a\u0000b": 1 } })).toEqual({
      path: "settings.a\uFFFDb",
      message: textNotices.nul,
    });
    expect(findTextProblemIn({ [`😀${HIGH}x`]: 1 })).toEqual({
      path: "😀\uFFFDx",
      message: textNotices.loneSurrogate,
    });
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    let nested: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(findTextProblemIn(nested)?.message).toBe(textNotices.nul);
  });
});
