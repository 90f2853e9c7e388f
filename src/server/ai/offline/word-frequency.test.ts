import { describe, expect, it } from "vitest";
import { specificity, spokenRank } from "./word-frequency.ts";

describe("how specific a word is in everyday speech", () => {
  it("ranks words by how often they are spoken", () => {
    expect(spokenRank("the")).toBeLessThan(10);
    expect(spokenRank("wrong")).toBeLessThan(spokenRank("salary") ?? 0);
    expect(spokenRank("matcha")).toBeNull();
  });

  it("weighs an everyday word's absence least and a specific word's most", () => {
    expect(specificity("wrong")).toBeCloseTo(0.3);
    expect(specificity("People")).toBeCloseTo(0.3);
    expect(specificity("salary")).toBeGreaterThan(specificity("wrong"));
    expect(specificity("salary")).toBeLessThan(1);
    expect(specificity("warehouses")).toBe(1);
    expect(specificity("matcha")).toBe(1);
    expect(specificity("401")).toBe(1);
  });
});
