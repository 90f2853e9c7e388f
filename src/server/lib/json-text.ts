import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

/**
 * JSON text that remembers the type of the value it was serialised from, so a route can answer
 * cached text (serialised once, sent many times) and still be checked against its declared schema.
 * Only `toJsonText` makes one.
 */
export type JsonText<T> = string & { readonly jsonOf: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/** Answers JSON text typed as `c.json(value, status)` would be for the value it was made from. */
export function respondJsonText<T, U extends ContentfulStatusCode>(
  c: Context,
  text: JsonText<T>,
  status: U,
): Response & TypedResponse<JSONParsed<T>, U, "json"> {
  const response: Response = c.body(text, status, { "content-type": "application/json" });
  return response as Response & TypedResponse<JSONParsed<T>, U, "json">;
}
