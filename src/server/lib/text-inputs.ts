import { createMiddleware } from "hono/factory";
import { findTextProblem, findTextProblemIn, type TextProblem } from "../../domain/text.ts";
import type { AppEnv } from "../context.ts";
import { AppError } from "./errors.ts";

/** The media types Hono's JSON validator parses (application/json and application/*+json). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const MAYBE_MALFORMED_JSON_TEXT = /\\u(?:0000|[dD][89a-fA-F])/;

const UNDECODABLE_QUERY =
  "This value is not valid text: its percent-encoding is not UTF-8. Encode it with encodeURIComponent.";

function toValidationError({ path, message }: TextProblem): AppError {
  return new AppError("VALIDATION", `${path}: ${message}`, { [path]: message });
}

/** The first query parameter that is not well-formed text (NUL, or percent-encoding that is not UTF-8). */
function findQueryProblem(search: string): TextProblem | null {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (!pair) continue;
    const [rawName = "", ...rest] = pair.split("=");
    const name = safeDecode(rawName) ?? rawName;
    const value = safeDecode(rest.join("="));
    const path = findTextProblem(name) ? "query" : name;
    if (value === null) return { path, message: UNDECODABLE_QUERY };
    const message = findTextProblem(name) ?? findTextProblem(value);
    if (message) return { path, message };
  }
  return null;
}

function safeDecode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** A path segment with a NUL (`%00`): answered here, before any route reads it as a parameter. */
function findPathProblem(pathname: string): TextProblem | null {
  for (const segment of pathname.split("/")) {
    const decoded = safeDecode(segment);
    const message = decoded === null ? null : findTextProblem(decoded);
    if (message) return { path: "path", message };
  }
  return null;
}

/**
 * Refuses, with 400 VALIDATION naming the field, any request to the API whose query parameters,
 * path or JSON body (every string value and key, at any depth) hold a NUL character or an unpaired
 * surrogate — the same rule as the shared text schema in src/domain/text.ts, applied centrally so
 * that no route can let such text reach PostgreSQL (which answered 500) or better-auth.
 *
 * The body is read once through `c.req.text()`: Hono caches that text, and the route's JSON
 * validator (`c.req.json()`) parses the cached text again rather than reading the stream. Handlers
 * that pass the raw Request on (better-auth) get a fresh copy with the same body. A body that is not
 * valid JSON is left to the validator, which answers its own 400.
 */
export const rejectMalformedText = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const problem = findPathProblem(url.pathname) ?? findQueryProblem(url.search);
  if (problem) throw toValidationError(problem);

  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  // The media type first: reading `c.req.raw.body` makes @hono/node-server build a full Request.
  if (JSON_MEDIA_TYPE.test(mediaType) && c.req.raw.body) {
    const text = await c.req.text();
    c.req.raw = new Request(c.req.raw, { body: text });
    // In JSON text a NUL or a surrogate can only be written as a \u escape (raw control characters
    // are not JSON, and undecodable bytes arrive as U+FFFD): without one, the body is fine and is
    // not parsed a second time.
    if (!MAYBE_MALFORMED_JSON_TEXT.test(text)) return next();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return next();
    }
    const bodyProblem = findTextProblemIn(parsed);
    if (bodyProblem) throw toValidationError(bodyProblem);
  }
  await next();
});
