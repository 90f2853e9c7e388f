import { describe, expect, it } from "vitest";
import { normalizeNumbers, wordsToNumber } from "./numbers.ts";

describe("normalizeNumbers", () => {
  it.each([
    ["It cost 2,800 dollars.", "It cost 2800 dollars."],
    ["About twenty-eight hundred people came.", "About 2800 people came."],
    ["She was seventy-two.", "She was 72."],
    ["three hundred and twelve pages", "312 pages"],
    ["two thousand and five", "2005"],
    ["1,000,000 listeners", "1000000 listeners"],
    ["a budget of 2.8 million", "a budget of 2800000"],
    ["5 thousand steps", "5000 steps"],
    ["three habits for checking", "3 habits for checking"],
    ["a hundred years", "a 100 years"],
    // Years said in pairs (Practical AI #36: "the nineteen eighty-one course" NeurIPS grew out of).
    ["the nineteen eighty-one course", "the 1981 course"],
    ["back in twenty twelve", "back in 2012"],
    ["nineteen oh five", "1905"],
    ["twenty twenty-five", "2025"],
    // Spoken decimals.
    ["two point five percent", "2.5 percent"],
    ["it was 3 point 5 miles", "it was 3.5 miles"],
    // Spans and counts in other units (Practical AI #289: "two decades" of painting, "the next 20 years").
    ["What did he do for two decades?", "What did he do for 20 years?"],
    ["a decade ago", "10 years ago"],
    ["a dozen eggs", "12 eggs"],
    ["three dozen", "36"],
    ["decades of work", "decades of work"],
  ])("%s → %s", (text, expected) => {
    expect(normalizeNumbers(text)).toBe(expected);
  });

  it("leaves lists, decimals, a lone 'one' and runs that are not one number alone", () => {
    expect(normalizeNumbers("pages 3, 4 and 1,2")).toBe("pages 3, 4 and 1,2");
    expect(normalizeNumbers("no one knew; the one who left")).toBe("no one knew; the one who left");
    expect(normalizeNumbers("one two three")).toBe("one two three");
    expect(normalizeNumbers("3.14 is pi")).toBe("3.14 is pi");
    expect(normalizeNumbers("Someone ninety-nine")).toBe("Someone 99");
    // A clock time is not a year; "point" without digits after it is a word.
    expect(normalizeNumbers("ten fifteen")).toBe("ten fifteen");
    expect(normalizeNumbers("the one point I make")).toBe("the one point I make");
  });

  it("matches a question's number with the transcript's, whichever way each is written", () => {
    const spoken = normalizeNumbers("the fab employs twenty-eight hundred engineers");
    expect(spoken).toContain(normalizeNumbers("2,800"));
    expect(normalizeNumbers("seventy two")).toBe(normalizeNumbers("72"));
    expect(normalizeNumbers("in 1981")).toBe(normalizeNumbers("in nineteen eighty-one"));
    expect(normalizeNumbers("2009")).toBe(normalizeNumbers("two thousand nine"));
  });

  it("reads a year said by its last two digits, and leaves other apostrophes alone", () => {
    // Practical AI #36 (CC BY-SA 4.0, Changelog Media): "…taught together in '81".
    expect(normalizeNumbers("taught together in '81, before I was born")).toContain("1981");
    expect(normalizeNumbers("in nineteen eighty-one")).toBe("in 1981");
    expect(normalizeNumbers("back in the ’90s")).toBe("back in the 1990s");
    expect(normalizeNumbers("in '05 we started")).toBe("in 2005 we started");
    expect(normalizeNumbers("rock 'n' roll in the 80s")).toBe("rock 'n' roll in the 80s");
    expect(normalizeNumbers("Jerod's 12 cats")).toBe("Jerod's 12 cats");
  });
});

describe("wordsToNumber", () => {
  it("reads compound numbers and refuses sequences", () => {
    expect(wordsToNumber("twenty-one")).toBe(21);
    expect(wordsToNumber("one hundred and one")).toBe(101);
    expect(wordsToNumber("four million two hundred thousand")).toBe(4_200_000);
    expect(wordsToNumber("twenty twelve")).toBeNull();
    expect(wordsToNumber("five six")).toBeNull();
  });

  it("refuses a word that is not a number word, object members included", () => {
    expect(wordsToNumber("twenty banana")).toBeNull();
    expect(wordsToNumber("constructor")).toBeNull();
    expect(wordsToNumber("__proto__ hundred")).toBeNull();
  });
});
