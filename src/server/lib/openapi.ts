import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import { errorBodySchema } from "./errors.ts";

const errorDescriptions = {
  400: "Invalid input: malformed JSON, a missing field or a wrong type",
  401: "Not signed in, or the credentials are wrong",
  402: "The Free plan's limit is reached: Plus lifts it",
  403: "Signed in without the required role",
  404: "Not found",
  409: "Conflicts with existing data",
  413: "The request body is too large",
  415: "The body is not JSON",
  422: "Well-formed but not processable",
  429: "Too many attempts; see Retry-After",
} as const;

type ErrorStatus = keyof typeof errorDescriptions;

type ErrorResponse = {
  description: string;
  content: { "application/json": { schema: typeof errorBodySchema } };
};

/** The error responses a route can give, all with the one error body. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  const responses: Partial<Record<S, ErrorResponse>> = {};
  for (const status of statuses) {
    responses[status] = {
      description: errorDescriptions[status],
      content: { "application/json": { schema: errorBodySchema } },
    };
  }
  // Every status asked for is now set.
  return responses as Record<S, ErrorResponse>;
}

export function jsonBody<T extends ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/** A response with a JSON body: `responses: { 200: jsonResponse("The quiz", quizSchema) }`. */
export function jsonResponse<T extends ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } } as const;
}

/** A path parameter holding a uuid, named for the OpenAPI document. */
export const uuidParam = (name: string) => z.uuid().openapi({ param: { name, in: "path" } });

/** The query of a keyset-paged list: `limit` items after `cursor` (the previous page's nextCursor). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(500).optional(),
});

/** A cached public read (lib/http-cache.ts) answers 304 without a body when If-None-Match holds its tag. */
export const notModified = {
  304: { description: "Not modified: the If-None-Match tag is current (no body)" },
} as const;
