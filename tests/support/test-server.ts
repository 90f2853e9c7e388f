import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import pg from "pg";
import { inject } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { createAuth } from "../../src/server/auth/auth.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { AppDeps } from "../../src/server/context.ts";
import { createDatabase } from "../../src/server/db/client.ts";
import { getFreePort } from "../../src/server/db/embedded.ts";
import { userRoles } from "../../src/server/db/schema/account.ts";
import { startJobs } from "../../src/server/jobs/jobs.ts";
import { createLogger } from "../../src/server/lib/logger.ts";
import { TEMPLATE_DATABASE } from "./api-global-setup.ts";
import { createResponseCheck, type ResponseCheck } from "./response-contract.ts";

export type TestServer = {
  url: string;
  /** The web build the server serves (a stub index.html and one asset; tests may add files). */
  webDir: string;
  deps: AppDeps;
  /** A fresh HTTP client with its own cookie jar (one browser). */
  client: () => ApiClient;
  /** A signed-up, signed-in client; role "admin" also gets the admin role row. */
  signUp: (options?: {
    role?: "user" | "admin";
    name?: string;
    email?: string;
    password?: string;
  }) => Promise<SignedInClient>;
  stop: () => Promise<void>;
};

export type SignedInClient = ApiClient & {
  user: { id: string; name: string; email: string };
  password: string;
};

type Body = unknown;

export class ApiClient {
  private readonly cookies = new Map<string, string>();
  /** `checkResponse` validates each answer against its operation's declared responses. */
  constructor(
    private readonly baseUrl: string,
    private readonly checkResponse: ResponseCheck = () => {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Sends JSON when `json` is given; `body` is sent raw (malformed input tests, file uploads). */
  async request(
    method: string,
    pathname: string,
    init: { json?: Body; body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: string | Uint8Array<ArrayBuffer> | undefined = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${this.baseUrl}${pathname}`, { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired = attributes.some((a) => /^\s*max-age=0/i.test(a)) || value === "";
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: each test asserts the shape of the body it expects.
    let data: any = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    this.checkResponse(
      { method, pathname: new URL(pathname, this.baseUrl).pathname },
      { status: response.status, contentType: response.headers.get("content-type") ?? "", data },
    );
    return { status: response.status, headers: response.headers, data, text };
  }

  get = (pathname: string) => this.request("GET", pathname);
  post = (pathname: string, json?: Body) =>
    this.request("POST", pathname, json === undefined ? {} : { json });
}

export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject("pgAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

let emailCounter = 0;

/** A real HTTP server on a free port over this test file's own database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const url = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `earmark-test-data-${randomBytes(4).toString("hex")}`);
  const webDir = path.join(dataDir, "web");
  await mkdir(webDir, { recursive: true });
  await mkdir(path.join(webDir, "assets"), { recursive: true });
  await writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Earmark</title><div id=app></div>");
  await writeFile(
    path.join(webDir, "assets", "app-3f2a1b.js"),
    `console.log(${JSON.stringify("earmark ".repeat(400))});`,
  );

  const port = await getFreePort();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret!",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JOBS_POLL_SECONDS: "0.5",
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const db = createDatabase(url, { max: 5 });
  const jobs = await startJobs({ url, db, logger, config, isWorking: true });
  const auth = createAuth({ db, config, logger, secret: config.AUTH_SECRET ?? "" });
  const deps: AppDeps = { db, auth, config, logger, jobs };
  const app = createApp(deps, { webDistDir: webDir });
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(instance));
  });
  const baseUrl = config.publicUrl;
  const checkResponse = createResponseCheck(app);

  return {
    url: baseUrl,
    webDir,
    deps,
    client: () => new ApiClient(baseUrl, checkResponse),
    async signUp(options = {}) {
      emailCounter += 1;
      const client = new ApiClient(baseUrl, checkResponse);
      const password = options.password ?? "correct-horse";
      const email = options.email ?? `user${emailCounter}-${randomBytes(3).toString("hex")}@example.com`;
      const response = await client.post("/api/v1/auth/sign-up", {
        name: options.name ?? "Test User",
        email,
        password,
      });
      if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
      const user = response.data.user;
      if (options.role === "admin") await db.insert(userRoles).values({ userId: user.id, role: "admin" });
      return Object.assign(client, { user, password });
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await jobs.stop();
      await db.$client.end();
    },
  };
}
