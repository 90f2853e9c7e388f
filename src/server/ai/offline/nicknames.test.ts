import { describe, expect, it } from "vitest";
import { givenNamePattern, nameVariants, questionGivenNames } from "./nicknames.ts";

describe("nicknames", () => {
  it("maps a short form to its full name and back", () => {
    expect(nameVariants("Mike")).toContain("michael");
    expect(nameVariants("Michael")).toEqual(expect.arrayContaining(["mike", "mikey"]));
    expect(nameVariants("Bill")).toContain("william");
    for (const [short, full] of [
      ["Bob", "Robert"],
      ["Liz", "Elizabeth"],
      ["Kate", "Katherine"],
      ["Kate", "Catherine"],
      ["Jim", "James"],
      ["Tom", "Thomas"],
      ["Dan", "Daniel"],
      ["Chris", "Christopher"],
    ]) {
      expect(nameVariants(short as string)).toContain((full as string).toLowerCase());
      expect(nameVariants(full as string)).toContain((short as string).toLowerCase());
    }
  });

  it("never makes two full names one, nor matches unrelated names", () => {
    expect(nameVariants("Christopher")).not.toContain("christina");
    expect(nameVariants("Christina")).not.toContain("christopher");
    expect(nameVariants("Mike")).not.toContain("daniel");
    expect(nameVariants("Anima")).toEqual([]);
  });

  it("reads the given names a question calls someone by, not its first word", () => {
    expect(questionGivenNames("What did Michael do for a living before AI?")).toEqual([
      { name: "michael", variants: expect.arrayContaining(["mike"]) },
    ]);
    expect(questionGivenNames("What does Dan's company sell?")[0]?.name).toBe("dan");
    expect(questionGivenNames("Will the guest come back?")).toEqual([]);
    expect(questionGivenNames("who pays the bill?")).toEqual([]);
  });

  it("finds a name in a transcript sentence only when it is written as a name", () => {
    expect(givenNamePattern(["mike", "mikey"])?.test("And yeah, it's great to have you here, Mike.")).toBe(
      true,
    );
    expect(givenNamePattern(["bill"])?.test("We split the bill at lunch.")).toBe(false);
    expect(givenNamePattern(["bill"])?.test("Bill Dally joins us.")).toBe(true);
    expect(givenNamePattern([])).toBeNull();
  });
});
