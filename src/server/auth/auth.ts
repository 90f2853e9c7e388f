import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/auth.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { accounts, sessions, users, verifications } from "../db/schema/auth.ts";
import type { Logger } from "../lib/logger.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { SessionCache } from "./session-cache.ts";

export type Auth = ReturnType<typeof createAuth>;

export const SESSION_COOKIE_PREFIX = "earmark";

const sessionCaches = new WeakMap<object, SessionCache>();

/** The in-process session cache of this better-auth instance (auth/session-cache.ts). */
export function sessionCacheOf(auth: Auth): SessionCache {
  const cache = sessionCaches.get(auth);
  if (!cache) throw new Error("This auth instance was not made by createAuth.");
  return cache;
}

/**
 * AUTH_SECRET signs session cookies. Without it, a random secret is kept in DATA_DIR so that a
 * restart keeps everyone signed in; several servers behind one database must share AUTH_SECRET.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function createAuth({
  db,
  config,
  secret,
  logger,
}: {
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
}) {
  const authLogger = logger.child({ component: "better-auth" });
  const isHttps = config.publicUrl.startsWith("https://");
  const sessionCache = new SessionCache({ ttlMs: config.SESSION_CACHE_SECONDS * 1000 });
  const auth = betterAuth({
    appName: "Earmark",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {},
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Whatever better-auth deletes or changes in this process leaves the session cache at once
    // (sign-out, revoked sessions, a changed or deleted user).
    databaseHooks: {
      session: {
        delete: { after: async (session) => sessionCache.deleteSession(session.id) },
      },
      user: {
        update: { after: async (user) => sessionCache.deleteUser(user.id) },
        delete: { after: async (user) => sessionCache.deleteUser(user.id) },
      },
    },
    // Sign-in is limited by our own per-IP and per-email limiter in front of it (services/account).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      // better-auth turns its origin and callback-URL checks off when NODE_ENV is "test"; the tests
      // run the production behaviour (our own check in auth/origin-check.ts comes first).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isHttps },
      database: { generateId: "uuid" },
    },
    // Failed sign-ins are expected traffic: keep them at debug, out of the warning stream.
    logger: {
      level: "info",
      log: (level, message) =>
        level === "error" ? authLogger.error(message) : authLogger.debug({ level }, message),
    },
  });
  sessionCaches.set(auth, sessionCache);
  return auth;
}
