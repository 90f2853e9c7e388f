import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { loadSession } from "./auth/middleware.ts";
import { rejectCrossOriginWrites } from "./auth/origin-check.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { renderApiDocs } from "./lib/api-docs.ts";
import { compress } from "./lib/compress.ts";
import { AppError, notFound, renderError, toAppError } from "./lib/errors.ts";
import { prebuilt } from "./lib/prebuilt.ts";
import { createSecurityHeaders } from "./lib/security-headers.ts";
import { rejectMalformedText } from "./lib/text-inputs.ts";
import { createAccountRoutes } from "./routes/account.ts";
import { createAchievementRoutes } from "./routes/achievements.ts";
import { createAdminRoutes } from "./routes/admin.ts";
import {
  AVATAR_FILE_CSP,
  createAvatarFileRoutes,
  createAvatarRoutes,
  isAvatarUpload,
} from "./routes/avatar.ts";
import { createBillingDeps, createBillingRoutes } from "./routes/billing.ts";
import { createCatalogRoutes } from "./routes/catalog.ts";
import { createContactRoutes } from "./routes/contact.ts";
import { createEpisodeRoutes } from "./routes/episodes.ts";
import { createFeedRoutes } from "./routes/feed.ts";
import { createKnowledgeRoutes } from "./routes/knowledge.ts";
import { createLeaderboardRoutes } from "./routes/leaderboard.ts";
import { createLeagueRoutes } from "./routes/leagues.ts";
import { createLearningRoutes } from "./routes/learning.ts";
import { createLibraryRoutes } from "./routes/library.ts";
import { createMindmapRoutes } from "./routes/mindmap.ts";
import { createPeopleRoutes } from "./routes/people.ts";
import { createPlayerRoutes } from "./routes/player.ts";
import { createPodcastRoutes } from "./routes/podcasts.ts";
import { createProfileRoutes } from "./routes/profile.ts";
import { createQuizRoutes } from "./routes/quiz.ts";
import { createReviewRoutes } from "./routes/review.ts";
import { createSocialRoutes } from "./routes/social.ts";
import { createSubscriptionRoutes } from "./routes/subscriptions.ts";
import { createSystemRoutes } from "./routes/system.ts";
import { createTodayRoutes } from "./routes/today.ts";
import {
  createAvatarStorage,
  createLocalAvatarStorage,
  LOCAL_AVATAR_URL_PATH,
} from "./services/account/avatar-storage.ts";
import { episodePageHead } from "./services/catalog/episodes.ts";
import { createResponseCache } from "./services/catalog/response-cache.ts";
import { postPageHead, renderPostsRss } from "./services/feed/rss.ts";
import { mountWebApp } from "./static.ts";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const READS = new Set(["GET", "HEAD"]);

const hasBody = (c: Context) =>
  Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;

/**
 * The only better-auth endpoints reachable over HTTP: Google sign-in starts at POST
 * /api/auth/sign-in/social, Google returns to GET /api/auth/callback/google, and better-auth shows
 * OAuth failures at GET /api/auth/error. Everything else it offers answers 404: e-mail sign-in and
 * sign-up, update-user and change-email (which would store what our rules refuse), get-session and
 * list-sessions (which hand the raw session token to page scripts), change-password, delete-user and
 * the rest. The app does those through /api/v1, with our validation and rate limits.
 */
const OPEN_AUTH_ENDPOINTS = [
  { method: "POST", path: "/api/auth/sign-in/social" },
  { method: "GET", path: "/api/auth/callback/:providerId" },
  { method: "GET", path: "/api/auth/error" },
] as const;

export function createApp(deps: AppDeps, options: { webDistDir?: string } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  // A log system wants every request; a person at a terminal wants them out of the way (LOG_LEVEL=debug
  // shows them there too).
  const accessLogLevel = deps.config.logFormat === "json" ? "info" : "debug";

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ requestId: c.get("requestId") });
    c.set("logger", logger);
    c.set("user", null);
    c.set("sessionId", null);
    await next();
    logger[accessLogLevel](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // Before the security headers, so this runs after them and its stricter policy wins.
  app.use(`${LOCAL_AVATAR_URL_PATH}/*`, async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", AVATAR_FILE_CSP);
  });
  app.use(createSecurityHeaders(deps.config.publicUrl));
  app.use(compress());

  app.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.status >= 500) c.get("logger")?.error({ err: error }, "unhandled error");
    return renderError(c, appError);
  });

  // Before anything reads the request: a forged cross-site write is refused outright.
  app.use("/api/*", rejectCrossOriginWrites(deps.config.publicUrl));
  const jsonBodyLimit = bodyLimit({
    maxSize: deps.config.BODY_LIMIT_BYTES,
    onError: (c) =>
      renderError(
        c,
        new AppError(
          "PAYLOAD_TOO_LARGE",
          `The request body is larger than ${Math.round(deps.config.BODY_LIMIT_BYTES / 1024)} KB.`,
        ),
      ),
  });
  // The avatar upload is the one raw-bytes body: it has its own 2 MB limit (routes/avatar.ts), is
  // not JSON, and holds no text to check. Every other request keeps all three rules.
  // A GET or HEAD without Content-Length or Transfer-Encoding has no body (HTTP/1.1 framing), and no
  // route reads one: skipping the limit saves @hono/node-server building a full Request just to find
  // the body empty. Writes keep the limit whatever their headers say.
  app.use("/api/*", (c, next) =>
    isAvatarUpload(c) || (READS.has(c.req.method) && !hasBody(c)) ? next() : jsonBodyLimit(c, next),
  );
  app.use("/api/v1/*", async (c, next) => {
    if (isAvatarUpload(c)) return next();
    const type = c.req.header("content-type") ?? "";
    if (METHODS_WITH_BODY.has(c.req.method) && hasBody(c) && !/^application\/json\b/i.test(type)) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the request body as JSON (Content-Type: application/json).",
      );
    }
    await next();
  });
  app.use("/api/*", (c, next) => (isAvatarUpload(c) ? next() : rejectMalformedText(c, next)));
  app.use("/api/v1/*", loadSession(deps));
  const billing = createBillingDeps(deps);

  app.route("/api", createSystemRoutes(deps));
  const avatars = createAvatarStorage(deps.config.avatarStorage);
  for (const routes of [createAccountRoutes(deps, billing, avatars), createAdminRoutes(deps)])
    app.route("/api/v1", routes);
  app.route("/api/v1", createContactRoutes(deps));
  // One per server, shared: the catalog's public answers, and the home lists a post's write forgets.
  const catalogCache = createResponseCache({ ttlSeconds: deps.config.CATALOG_CACHE_SECONDS });
  app.route("/api/v1", createCatalogRoutes(deps, catalogCache));
  app.route("/api/v1", createSubscriptionRoutes(deps));
  app.route("/api/v1", createPlayerRoutes(deps));
  app.route("/api/v1", createEpisodeRoutes(deps));
  app.route("/api/v1", createPeopleRoutes(deps));
  app.route("/api/v1", createPodcastRoutes(deps));
  app.route("/api/v1", createLibraryRoutes(deps));
  app.route("/api/v1", createQuizRoutes(deps));
  app.route("/api/v1", createReviewRoutes(deps));
  app.route("/api/v1", createTodayRoutes(deps));
  app.route("/api/v1", createLearningRoutes(deps));
  app.route("/api/v1", createMindmapRoutes(deps));
  app.route("/api/v1", createKnowledgeRoutes(deps));
  app.route("/api/v1", createLeagueRoutes(deps));
  app.route("/api/v1", createAvatarRoutes(deps, avatars));
  app.route("/api/v1", createProfileRoutes(deps));
  app.route("/api/v1", createAchievementRoutes(deps));
  app.route("/api/v1", createSocialRoutes(deps));
  app.route("/api/v1", createLeaderboardRoutes(deps));
  app.route("/api/v1", createFeedRoutes(deps, catalogCache));
  app.route("/api/v1", createBillingRoutes(billing));

  for (const { method, path } of OPEN_AUTH_ENDPOINTS)
    app.on(method, path, (c) => deps.auth.handler(c.req.raw));
  app.all("/api/auth/*", (c) =>
    renderError(
      c,
      notFound(
        `There is no API endpoint ${c.req.method} ${c.req.path}. Sign-in, sign-up, sign-out, the session and your profile are under /api/v1.`,
      ),
    ),
  );

  const documentConfig = {
    openapi: "3.1.0",
    info: { title: "Earmark", version: "1", description: "Learn from the world's best conversations." },
  };
  // Built on first request, when every route above is registered, and then served as it is.
  const openApiDocument = () => app.getOpenAPI31Document(documentConfig);
  app.get(
    "/api/openapi.json",
    prebuilt("application/json; charset=UTF-8", () => JSON.stringify(openApiDocument())),
  );
  app.get(
    "/api/docs",
    prebuilt("text/html; charset=UTF-8", () => renderApiDocs(openApiDocument())),
  );

  app.all("/api/*", (c) =>
    renderError(c, notFound(`There is no API endpoint ${c.req.method} ${c.req.path}.`)),
  );

  const { avatarStorage } = deps.config;
  if (avatarStorage.kind === "local") {
    app.route(
      LOCAL_AVATAR_URL_PATH,
      createAvatarFileRoutes(createLocalAvatarStorage(avatarStorage.directory)),
    );
  }

  // Deep Dives in any feed reader (decision 029); outside /api, beside the web app it links from.
  app.get("/feed.xml", async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(await renderPostsRss(deps), 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
  });

  const episodeHead = episodePageHead(deps);
  const postHead = postPageHead(deps);
  mountWebApp(app, options.webDistDir, {
    pageHead: async (pathname) => (await postHead(pathname)) ?? episodeHead(pathname),
  });
  return app;
}
