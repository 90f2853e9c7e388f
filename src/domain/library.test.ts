import { describe, expect, it } from "vitest";
import {
  ALREADY_IN_LIST_MESSAGE,
  createListSchema,
  deleteListConfirmation,
  moveItem,
  updateListSchema,
} from "./library.ts";

describe("list schemas", () => {
  it("trim the name, default to private and turn a blank description into null", () => {
    expect(createListSchema.parse({ name: "  Road trip  ", description: "  " })).toEqual({
      name: "Road trip",
      description: null,
      isPublic: false,
    });
    expect(updateListSchema.parse({})).toEqual({});
  });

  it("require a name after trimming with the spec's message, ≤ 100; description ≤ 500", () => {
    const messages = (input: unknown) =>
      createListSchema.safeParse(input).error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages({ name: "   " })).toEqual([["name", "Please enter a list name"]]);
    expect(messages({})).toEqual([["name", "Please enter a list name"]]);
    expect(messages({ name: "x".repeat(101) })).toEqual([
      ["name", "List name must be at most 100 characters."],
    ]);
    expect(messages({ name: "ok", description: "d".repeat(501) })).toEqual([
      ["description", "Description must be at most 500 characters."],
    ]);
    expect(createListSchema.safeParse({ name: "x".repeat(100), description: "d".repeat(500) }).success).toBe(
      true,
    );
  });
});

describe("library texts", () => {
  it("are the spec's exact strings", () => {
    expect(deleteListConfirmation("Road trip")).toBe(
      'Delete "Road trip"? This will remove all episodes from this list.',
    );
    expect(ALREADY_IN_LIST_MESSAGE).toBe("Already in list - This episode is already in that list");
  });
});

describe("moveItem", () => {
  it("moves one item and clamps the target", () => {
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 2, 9)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
  });
});
