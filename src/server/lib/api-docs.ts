import type { OpenAPIHono } from "@hono/zod-openapi";

/** The OpenAPI 3.1 document the app serves at /api/openapi.json. */
type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
type Operation = NonNullable<NonNullable<Document["paths"]>[string]["get"]>;

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

function renderOperation(method: string, path: string, operation: Operation): string {
  const content =
    operation.requestBody && "content" in operation.requestBody ? operation.requestBody.content : {};
  const body = content["application/json"]?.schema;
  // A body that is not JSON (the avatar upload's raw bytes): its media types and description.
  const rawBody = body
    ? ""
    : Object.keys(content)
        .map((type) => `<code>${escapeHtml(type)}</code>`)
        .join(", ");
  const params = (operation.parameters ?? [])
    .flatMap((p) => ("name" in p ? [`<code>${escapeHtml(p.name)}</code> (${p.in})`] : []))
    .join(", ");
  const responses = Object.entries(operation.responses ?? {})
    .map(
      ([status, response]: [string, { description?: string }]) =>
        `<li><b>${status}</b> ${escapeHtml(response.description ?? "")}</li>`,
    )
    .join("");
  const access = String(operation["x-access"] ?? "");
  return `<section class="op">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="access">${escapeHtml(access)}</span></h3>
  <p>${escapeHtml(operation.summary ?? "")}</p>
  ${params ? `<p>Parameters: ${params}</p>` : ""}
  ${rawBody ? `<p>Request body: ${rawBody}. ${escapeHtml(operation.description ?? "")}</p>` : ""}
  ${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ""}
  <ul>${responses}</ul>
</section>`;
}

/** A readable, self-contained API reference (no CDN scripts) rendered from the OpenAPI document. */
export function renderApiDocs(document: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${operations.join("")}`)
    .join("");
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<details><summary>${escapeHtml(name)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} — API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2330;background:#fbfaf7}
h1{margin-bottom:0}h2{margin-top:2em;border-bottom:1px solid #ddd;text-transform:capitalize}
.op{border:1px solid #e3e0d8;border-radius:8px;padding:8px 16px;margin:12px 0;background:#fff}
.op h3{font-size:15px;margin:8px 0}.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2f6fdb}.post{background:#2c9a5a}.put,.patch{background:#b7791f}.delete{background:#c53030}
.access{font-weight:normal;color:#666;font-size:12px;margin-left:8px}pre{background:#f4f2ec;padding:8px;overflow:auto;font-size:12px}
</style></head><body>
<h1>${escapeHtml(document.info.title)} API</h1><p>Version ${escapeHtml(document.info.version)} · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.
Errors always have the body <code>{"error":{"code","message","fields"?}}</code>. Access: <i>public</i>, <i>user</i> (signed in), <i>admin</i>.</p>
${sections}<h2>Schemas</h2>${schemas}</body></html>`;
}
