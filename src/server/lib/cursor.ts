import { AppError } from "./errors.ts";

/**
 * The cursor of a keyset-paged list ordered by a time, newest first, and an id as tie-breaker: the
 * last item's (at, id), opaque to the client (base64url JSON). A cursor that does not decode to that
 * shape is a 400 asking to start again.
 */
export type PageCursor = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodePageCursor = (cursor: PageCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodePageCursor(value: string | undefined): PageCursor | null {
  if (!value) return null;
  try {
    const cursor: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (isPageCursor(cursor)) return cursor;
  } catch {
    // Not base64url JSON: refused below like any other malformed cursor.
  }
  throw new AppError("VALIDATION", "The cursor is not valid; start again from the first page.", {
    cursor: "Invalid cursor.",
  });
}

function isPageCursor(value: unknown): value is PageCursor {
  if (typeof value !== "object" || value === null) return false;
  const { at, id } = value as Record<string, unknown>;
  return typeof at === "string" && !Number.isNaN(Date.parse(at)) && typeof id === "string" && UUID.test(id);
}
