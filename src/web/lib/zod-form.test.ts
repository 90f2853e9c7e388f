import { zodResolver } from "@hookform/resolvers/zod";
import type { ErrorOption, FieldErrors } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { contactMessageSchema, contactNotices } from "~/domain/contact";
import { createListSchema, libraryNotices } from "~/domain/library";
import { ApiError } from "./api-client";
import { describeFieldError, findFirstFieldError, showServerFieldErrors } from "./zod-form";

type ListValues = { name: string; description?: string | null; isPublic?: boolean };

function recordSetError() {
  const calls: { field: string; error: ErrorOption; shouldFocus: boolean | undefined }[] = [];
  const setError = (field: string, error: ErrorOption, options?: { shouldFocus: boolean }) => {
    calls.push({ field, error, shouldFocus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe("the domain schemas through the form resolver", () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it("gives each invalid field its own message, the schema's", async () => {
    const result = await zodResolver(contactMessageSchema)(
      { name: "  ", email: "not-an-email", message: "" },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe(contactNotices.name);
    expect(result.errors.email?.message).toBe(contactNotices.email);
    expect(result.errors.message?.message).toBe(contactNotices.message);
    expect(result.errors.role).toBeUndefined();
  });

  it("hands the submit handler the schema's output: trimmed, blanks and defaults applied", async () => {
    const result = await zodResolver(createListSchema)(
      { name: "  Road trip  ", description: "   " },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: "Road trip", description: null, isPublic: false });
  });
});

describe("findFirstFieldError", () => {
  const errors: FieldErrors<ListValues> = {
    description: { type: "too_big", message: libraryNotices.descriptionTooLong },
    name: { type: "too_small", message: libraryNotices.listName },
  };

  it("follows the form's order, not the errors'", () => {
    expect(findFirstFieldError(errors, ["name", "description"])).toEqual({
      field: "name",
      message: libraryNotices.listName,
    });
    expect(findFirstFieldError(errors, ["description", "name"])?.field).toBe("description");
  });

  it("looks only at the fields the form shows", () => {
    expect(findFirstFieldError<ListValues>({ description: errors.description }, ["name"])).toBeUndefined();
  });
});

describe("showServerFieldErrors", () => {
  it("puts the server's messages on the listed fields in form order and focuses the first", () => {
    const { calls, setError } = recordSetError();
    const error = new ApiError(400, "VALIDATION", "Please check the form.", {
      description: "Description must be at most 500 characters.",
      name: "Please enter a list name",
      unknownField: "ignored",
    });
    const first = showServerFieldErrors<ListValues>(setError, error, ["name", "description"]);
    expect(first).toEqual({ field: "name", message: "Please enter a list name" });
    expect(calls).toEqual([
      { field: "name", error: { type: "server", message: "Please enter a list name" }, shouldFocus: true },
      {
        field: "description",
        error: { type: "server", message: "Description must be at most 500 characters." },
        shouldFocus: false,
      },
    ]);
  });

  it("leaves the form alone for errors without field messages, or for fields it does not show", () => {
    const { calls, setError } = recordSetError();
    expect(
      showServerFieldErrors<ListValues>(setError, new ApiError(409, "CONFLICT", "Taken"), ["name"]),
    ).toBe(undefined);
    expect(showServerFieldErrors<ListValues>(setError, new Error("offline"), ["name"])).toBe(undefined);
    const onlyDescription = new ApiError(400, "VALIDATION", "Check", { description: "Too long" });
    expect(showServerFieldErrors<ListValues>(setError, onlyDescription, ["name"])).toBe(undefined);
    expect(calls).toEqual([]);
  });
});

describe("describeFieldError", () => {
  it("marks an invalid field and points at its message first", () => {
    expect(describeFieldError({ message: "Please enter your name." }, "name-error", "name-hint")).toEqual({
      "aria-invalid": true,
      "aria-describedby": "name-error name-hint",
    });
  });

  it("says nothing of a valid field but keeps its other descriptions", () => {
    expect(describeFieldError(undefined, "name-error")).toEqual({
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
    expect(describeFieldError(undefined, "name-error", undefined, "count")["aria-describedby"]).toBe("count");
  });
});
