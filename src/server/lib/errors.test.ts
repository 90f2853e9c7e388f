import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { AppError, errorStatus, toAppError } from "./errors.ts";

describe("AppError", () => {
  it("answers with the status its code maps to", () => {
    expect(new AppError("NOT_FOUND", "No such episode.").status).toBe(404);
    expect(new AppError("EMAIL_TAKEN", "Taken.").status).toBe(409);
    expect(new AppError("RATE_LIMITED", "Slow down.").status).toBe(429);
  });

  it("maps every code to an error status", () => {
    for (const status of Object.values(errorStatus)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe("toAppError", () => {
  it("keeps Hono's malformed-JSON 400 with a readable message", () => {
    const error = toAppError(new HTTPException(400, { message: "Malformed JSON in request body" }));
    expect([error.status, error.code, error.message]).toEqual([
      400,
      "BAD_REQUEST",
      "The request body is not valid JSON.",
    ]);
  });

  it("keeps the status of Hono exceptions that have a code", () => {
    const error = toAppError(new HTTPException(413));
    expect([error.status, error.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });

  it("turns other Hono statuses into a 400, or a 500 when the server failed", () => {
    expect(toAppError(new HTTPException(405)).status).toBe(400);
    expect(toAppError(new HTTPException(503)).status).toBe(500);
  });

  it("hides unknown errors behind a 500", () => {
    const error = toAppError(new Error("connection reset by pg"));
    expect([error.status, error.code]).toEqual([500, "INTERNAL"]);
    expect(error.message).not.toContain("pg");
  });
});
