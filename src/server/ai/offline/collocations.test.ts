import { describe, expect, it } from "vitest";
import { completesCollocation } from "./collocations.ts";

describe("answers that complete a pair of words said together", () => {
  it("finds idioms that no hand list held (sentences of unseen Changelog transcripts)", () => {
    expect(completesCollocation("In ", "order", " to load eBPF programs, you do need privileges.")).toBe(
      true,
    );
    expect(
      completesCollocation("there's quite a bit of expense in a ", "variety", " of ways to doing that."),
    ).toBe(true);
    expect(completesCollocation("doing data science just for the ", "sake", " of doing data science.")).toBe(
      true,
    );
    expect(completesCollocation("You have to be able to inject a ", "gigantic amount", " of compute")).toBe(
      true,
    );
    expect(completesCollocation("Yes, of ", "course", ", we shipped it.")).toBe(true);
    expect(completesCollocation("It's a little ", "bit", " slower.")).toBe(true);
    // After an article only when the pair is near-certain: "under the hood", not "the internet".
    expect(completesCollocation("what happens under the ", "hood", " when it runs")).toBe(true);
    expect(completesCollocation("I read it on the ", "internet", " last week")).toBe(false);
  });

  it("keeps ordinary nouns and names", () => {
    expect(completesCollocation("with a ", "wavelength", " of thirteen and a half nanometres")).toBe(false);
    expect(completesCollocation("Only one ", "company", " in the world makes them")).toBe(false);
    expect(completesCollocation("he is the ", "creator", " of Node")).toBe(false);
    // A name's own article: "the United States" is asked as a name.
    expect(completesCollocation("In 2022 the ", "United States", " passed the CHIPS Act")).toBe(false);
  });

  it("needs the neighbour right beside the blank, with no mark between", () => {
    expect(completesCollocation("Yes, of, ", "course", " not")).toBe(false);
    expect(completesCollocation("", "course", "")).toBe(false);
    expect(completesCollocation("for the ", "sake", ". Of")).toBe(false);
  });
});
