import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isBareNounSlot, isMostlyCountable, isMostlyUncountable } from "./countability.ts";

describe("countability from how speakers use a noun", () => {
  it("knows nouns that take no 'a' (readers found 'a _chaos_', 'a _good stuff_', 'a _room service_')", () => {
    expect(isMostlyUncountable("chaos")).toBe(true);
    expect(isMostlyUncountable("good stuff")).toBe(true);
    expect(isMostlyUncountable("feedback")).toBe(true);
    expect(isMostlyUncountable("maintenance")).toBe(true);
    // Countable, or used both ways: "a story", "a time", "an example".
    expect(isMostlyUncountable("long story")).toBe(false);
    expect(isMostlyUncountable("time")).toBe(false);
    expect(isMostlyUncountable("example")).toBe(false);
  });

  it("knows nouns that cannot stand bare ('evidence of _caveat_', 'emotions are _marathon_')", () => {
    expect(isMostlyCountable("caveat")).toBe(true);
    expect(isMostlyCountable("marathon")).toBe(true);
    expect(isMostlyCountable("long story")).toBe(true);
    expect(isMostlyCountable("engineer")).toBe(true);
    // "for example" is a fixed phrase, not a bare use: "example" still counts as countable.
    expect(isMostlyCountable("classic example")).toBe(true);
    expect(isMostlyCountable("software")).toBe(false);
    expect(isMostlyCountable("anxiety")).toBe(false);
    expect(isMostlyCountable("open source")).toBe(true);
  });

  it("says nothing of words it has rarely heard", () => {
    expect(isMostlyCountable("zyzzyva")).toBe(false);
    expect(isMostlyUncountable("zyzzyva")).toBe(false);
  });

  it("finds the blanks where a singular noun stands bare", () => {
    expect(isBareNounSlot("I think that as well everybody's evidence of ")).toBe(true);
    expect(isBareNounSlot("I think if you can hold on to the fact that emotions are ")).toBe(true);
    expect(isBareNounSlot("I know it's probably ")).toBe(true);
    expect(isBareNounSlot("You start your collective, you get some ")).toBe(true);
    expect(isBareNounSlot("That’s really ")).toBe(true);
    // After an article, a possessive, a verb that takes an object, or "kind of".
    expect(isBareNounSlot("I don't think it's ultimately gonna make the Apple TV a ")).toBe(false);
    expect(isBareNounSlot("we wanna understand the ")).toBe(false);
    expect(isBareNounSlot("you're making up your own ")).toBe(false);
    expect(isBareNounSlot("We have sponsors that want to give ")).toBe(false);
    expect(isBareNounSlot("be around people; that's a kind of ")).toBe(false);
    expect(isBareNounSlot("")).toBe(false);
  });

  it("finds a bare singular anywhere when the answer is a mass noun with no determiner before it", () => {
    expect(isBareNounSlot("We have sponsors that want to give ", "money")).toBe(true);
    expect(isBareNounSlot("you need to be doing ", "research")).toBe(true);
    // A determiner or a possessive in the two words before, a mark, or a countable answer.
    expect(isBareNounSlot("and put your own ", "money")).toBe(false);
    expect(isBareNounSlot("I think the real ", "money")).toBe(false);
    expect(isBareNounSlot("I love Google's ", "software")).toBe(false);
    expect(isBareNounSlot("So, ", "money")).toBe(false);
    expect(isBareNounSlot("want to give ", "platform")).toBe(false);
  });

  it("keeps its table in the form the builder writes: word, uses after 'a', bare uses", () => {
    const lines = readFileSync(new URL("./data/countability.tsv", import.meta.url), "utf8")
      .trim()
      .split("\n");
    expect(lines.length).toBeGreaterThan(5000);
    for (const line of lines) expect(line).toMatch(/^[a-z]{3,}\t\d+\t\d+$/);
  });
});
