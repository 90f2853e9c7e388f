import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import { errorBodySchema } from "../../src/server/lib/errors.ts";

/**
 * Checks every API response a test receives against what its operation declares, so a handler that
 * answers an undeclared status or shape fails the test that calls it — not a reader of the docs later.
 *
 * - a success status (2xx/3xx) must be declared by the route, and its JSON body must parse with the
 *   declared schema *and* carry no key the schema does not declare (zod strips unknown keys, so the
 *   parsed value is compared with the raw one);
 * - an error status must carry the one error body; the route must declare it unless the app answers
 *   it for every route (bad input, CSRF, body limits, rate limits, server errors).
 */
export type ResponseCheck = (
  request: { method: string; pathname: string },
  response: CheckedResponse,
) => void;
type CheckedResponse = { status: number; contentType: string; data: unknown };

/** Statuses the app's middleware can give any operation, whether or not the route lists them. */
const APP_WIDE_ERROR_STATUSES = new Set([400, 403, 404, 413, 415, 429, 500]);

type RouteResponses = Record<string, { content?: Record<string, { schema?: ZodType }> }>;
type Operation = { method: string; pattern: RegExp; template: string; responses: RouteResponses };

export function createResponseCheck(app: Pick<OpenAPIHono, "openAPIRegistry">): ResponseCheck {
  const operations: Operation[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, responses } = definition.route;
    const pattern = new RegExp(
      `^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
    );
    operations.push({
      method: method.toUpperCase(),
      pattern,
      template: path,
      responses: responses as RouteResponses,
    });
  }
  // Literal segments beat parameters: /lists/mine before /lists/{id}.
  operations.sort((a, b) => countParameters(a.template) - countParameters(b.template));

  return ({ method, pathname }, response) => {
    const operation = operations.find((o) => o.method === method && o.pattern.test(pathname));
    if (!operation) return; // better-auth, static files, unknown paths: not part of the contract
    const where = `${method} ${operation.template} answered ${response.status}`;
    const declared = operation.responses[String(response.status)];
    if (response.status >= 400) {
      if (!declared && !APP_WIDE_ERROR_STATUSES.has(response.status))
        throw new Error(`${where}, a status its route does not declare`);
      assertMatches(errorBodySchema, response.data, where);
      return;
    }
    if (!declared) throw new Error(`${where}, a status its route does not declare`);
    const schema = declared.content?.["application/json"]?.schema;
    if (!schema) return; // no JSON body declared (204, redirects, files)
    if (!response.contentType.includes("json"))
      throw new Error(`${where} with ${response.contentType}, not JSON`);
    assertMatches(schema, response.data, where);
  };
}

function countParameters(template: string): number {
  return template.split("{").length - 1;
}

function assertMatches(schema: ZodType, data: unknown, where: string): void {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `  ${i.path.join(".") || "(body)"}: ${i.message}`)
      .join("\n");
    throw new Error(`${where} with a body its declared schema refuses:\n${issues}`);
  }
  const extra = findUndeclaredKeys(data, parsed.data, "");
  if (extra.length) throw new Error(`${where} with keys its schema does not declare: ${extra.join(", ")}`);
}

/** Keys present in the raw body but dropped by the schema's parse (i.e. not declared). */
function findUndeclaredKeys(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((item, index) => findUndeclaredKeys(item, parsed[index], `${path}[${index}]`));
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    key in parsed
      ? findUndeclaredKeys(raw[key], parsed[key], path ? `${path}.${key}` : key)
      : [path ? `${path}.${key}` : key],
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
