import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { changePasswordSchema, deleteAccountSchema } from "../../domain/account-controls.ts";
import { signInSchema, signUpSchema } from "../../domain/auth.ts";
import { isValidTimeZone } from "../../domain/calendar.ts";
import {
  sessionSchema,
  signedInSchema,
  themeSettingSchema,
  timeZoneSettingSchema,
  userStatsSchema,
} from "../../domain/contract/account.ts";
import { accountOverviewSchema, dataExportSchema } from "../../domain/contract/billing.ts";
import { appConfigSchema } from "../../domain/contract/system.ts";
import { themes } from "../../domain/theme.ts";
import { sessionCacheOf } from "../auth/auth.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { getClientIp } from "../lib/client-ip.ts";
import { errorResponses, jsonBody, jsonResponse } from "../lib/openapi.ts";
import {
  changePassword,
  deleteAccount,
  expiredSessionCookies,
  exportUserData,
  getAccountOverview,
  signOutEverywhere,
} from "../services/account/account-controls.ts";
import { getSessionPayload, signIn, signOut, signUp } from "../services/account/auth-service.ts";
import type { AvatarStorage } from "../services/account/avatar-storage.ts";
import { getStats, saveTheme, saveTimeZone } from "../services/account/profile-service.ts";
import type { BillingDeps } from "../services/billing/billing-service.ts";
import { getAppConfig } from "../services/system/status.ts";

const themeBodySchema = z.object({
  theme: z.enum(themes, { error: "theme must be light, dark or system." }),
});

const timeZoneBodySchema = z.object({
  timeZone: z
    .string({ error: "timeZone must be text." })
    .refine(isValidTimeZone, { error: "timeZone must be an IANA time zone such as Europe/Stockholm." })
    .openapi({ example: "Europe/Stockholm" }),
});

function appendCookies(c: Context, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

export function createAccountRoutes(deps: AppDeps, billing: BillingDeps, avatarStorage: AvatarStorage) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/auth/sign-up",
      tags: ["account"],
      summary: "Create an account with name, e-mail and password, and sign in",
      "x-access": "public",
      request: { body: jsonBody(signUpSchema) },
      responses: {
        201: jsonResponse("Account created; the session cookie is set", signedInSchema),
        ...errorResponses(400, 409, 413, 415),
      },
    }),
    async (c) => {
      const { user, cookies } = await signUp(deps, c.req.valid("json"), c.req.raw.headers);
      appendCookies(c, cookies);
      return c.json({ user }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/auth/sign-in",
      tags: ["account"],
      summary: "Sign in with e-mail and password",
      "x-access": "public",
      request: { body: jsonBody(signInSchema) },
      responses: {
        200: jsonResponse("Signed in; the session cookie is set", signedInSchema),
        ...errorResponses(400, 401, 413, 415, 429),
      },
    }),
    async (c) => {
      const ip = getClientIp(c, deps.config.TRUST_PROXY) ?? "unknown";
      const { user, cookies } = await signIn(deps, c.req.valid("json"), c.req.raw.headers, ip);
      appendCookies(c, cookies);
      return c.json({ user }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/auth/sign-out",
      tags: ["account"],
      summary: "Sign out and clear the session cookie",
      "x-access": "public",
      responses: { 204: { description: "Signed out" } },
    }),
    async (c) => {
      appendCookies(c, await signOut(deps, c.req.raw.headers));
      // better-auth's delete hook has already dropped it from the session cache; this says so here.
      const sessionId = c.get("sessionId");
      if (sessionId) sessionCacheOf(deps.auth).deleteSession(sessionId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/auth/session",
      tags: ["account"],
      summary: "The current user, profile and roles (all null/empty when signed out)",
      "x-access": "public",
      responses: {
        200: jsonResponse("Session", sessionSchema),
      },
    }),
    async (c) => c.json(await getSessionPayload(deps, c.get("user")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me",
      tags: ["account"],
      summary: "The signed-in user (401 when signed out)",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Session", sessionSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getSessionPayload(deps, c.get("user")), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/theme",
      tags: ["account"],
      summary: "Save the signed-in user's theme (light, dark or system)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(themeBodySchema) },
      responses: {
        200: jsonResponse("Saved", themeSettingSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) => c.json({ theme: await saveTheme(deps, getUser(c).id, c.req.valid("json").theme) }, 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/time-zone",
      tags: ["account"],
      summary: "Save the browser's time zone; daily streaks and weekly scores follow it",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(timeZoneBodySchema) },
      responses: {
        200: jsonResponse("Saved", timeZoneSettingSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) =>
      c.json({ timeZone: await saveTimeZone(deps, getUser(c).id, c.req.valid("json").timeZone) }, 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/stats",
      tags: ["account"],
      summary: "Level, XP and current daily streak for the header badges",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Stats", userStatsSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getStats(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/account",
      tags: ["account"],
      summary: "The account page: e-mail, name, handle, whether a password is set, and my plan and billing",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Account", accountOverviewSchema), ...errorResponses(401, 404) },
    }),
    async (c) => c.json(await getAccountOverview(billing, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/password",
      tags: ["account"],
      summary: "Change my password (the current one required); every other session is signed out",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(changePasswordSchema) },
      responses: {
        204: { description: "Changed; this browser gets a new session cookie" },
        ...errorResponses(400, 401, 413, 415, 429),
      },
    }),
    async (c) => {
      appendCookies(c, await changePassword(deps, getUser(c).id, c.req.valid("json"), c.req.raw.headers));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/sign-out-everywhere",
      tags: ["account"],
      summary: "Sign out of every device, this one included",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        204: { description: "Every session ended; the cookie is cleared" },
        ...errorResponses(401),
      },
    }),
    async (c) => {
      await signOutEverywhere(deps, getUser(c).id);
      appendCookies(c, await expiredSessionCookies(deps));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/export",
      tags: ["account"],
      summary:
        "Download my data: profile, answers, review cards, lists, bookmarks, reflections, history and more, as JSON",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Everything stored about me", dataExportSchema),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const data = await exportUserData(deps, getUser(c).id);
      const day = data.exportedAt.slice(0, 10);
      c.header("Content-Disposition", `attachment; filename="earmark-data-${day}.json"`);
      c.header("Cache-Control", "no-store");
      return c.json(data, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/delete",
      tags: ["account"],
      summary:
        "Delete my account (type DELETE to confirm): the subscription is cancelled first, then every personal row goes in one transaction",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(deleteAccountSchema) },
      responses: {
        204: { description: "Deleted and signed out" },
        ...errorResponses(400, 401, 413, 415),
        502: { description: "The subscription could not be cancelled; nothing was deleted" },
        503: { description: "A subscription exists but billing is not configured; nothing was deleted" },
      },
    }),
    async (c) => {
      await deleteAccount({ ...billing, auth: deps.auth }, avatarStorage, getUser(c).id);
      appendCookies(c, await expiredSessionCookies(deps));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/config",
      tags: ["system"],
      summary: "Public client configuration",
      "x-access": "public",
      responses: { 200: jsonResponse("Which optional features are configured", appConfigSchema) },
    }),
    (c) => c.json(getAppConfig(deps.config), 200),
  );

  return router;
}
