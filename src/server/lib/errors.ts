import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one mapping from error code to HTTP status: a code always answers with the same status. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  // A Plus feature or a Free plan limit: the message says what Plus unlocks.
  PLAN_LIMIT: 402,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  NOT_CONFIGURED: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/** The one error body of the API. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi("Error");

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** An expected failure with a message a person can act on; services throw it, the app renders it. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Please sign in to continue.");
export const forbidden = (message = "You do not have permission to do this.") =>
  new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", message);

/** Field → first message, for forms; the top-level message is the first issue. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return new AppError("VALIDATION", `${where}${first?.message ?? "Invalid request."}`, fields);
}

export function renderError(c: Context, error: AppError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}

const httpStatusCodes: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/** Hono's own exceptions (malformed JSON 400, body limit 413) keep their status when it has a code. */
function codeForHttpStatus(status: number): ErrorCode {
  return httpStatusCodes[status] ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
}

/** Maps anything thrown to an AppError; unknown errors become a 500 without internals. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  if (error instanceof HTTPException) {
    const message =
      error.message === "Malformed JSON in request body"
        ? "The request body is not valid JSON."
        : error.message || "The request could not be processed.";
    return new AppError(codeForHttpStatus(error.status), message);
  }
  return new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
}
