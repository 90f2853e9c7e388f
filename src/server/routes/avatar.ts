import { createHash } from "node:crypto";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AVATAR_MAX_BYTES, avatarSchema } from "../../domain/contract/avatar.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, type AppEnv, createRouter, getUser } from "../context.ts";
import { AppError, renderError } from "../lib/errors.ts";
import { errorResponses, jsonResponse } from "../lib/openapi.ts";
import { removeAvatar, uploadAvatar } from "../services/account/avatar-service.ts";
import {
  type AvatarStorage,
  createAvatarStorage,
  type LocalAvatarStorage,
} from "../services/account/avatar-storage.ts";

/** The one API route whose body is raw bytes, not JSON; app.ts exempts it from the JSON-only rules. */
export const AVATAR_UPLOAD_PATH = "/api/v1/me/avatar";

export const isAvatarUpload = (c: Context) => c.req.method === "PUT" && c.req.path === AVATAR_UPLOAD_PATH;

export const FILE_TOO_LARGE_MESSAGE = `File too large: please select an image smaller than ${AVATAR_MAX_BYTES / 1024 / 1024}MB.`;

/** The upload's own limit (the app-wide JSON limit is smaller), checked before the body is read. */
const avatarBodyLimit = bodyLimit({
  maxSize: AVATAR_MAX_BYTES,
  onError: (c) => {
    // Answered before the body is read: the rest of it is still on the connection, so the client
    // must not reuse it for its next request.
    c.header("Connection", "close");
    return renderError(c, new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE_MESSAGE));
  },
});

const imageBody = z.string().openapi({ type: "string", format: "binary" });

export function createAvatarRoutes(
  deps: AppDeps,
  storage: AvatarStorage = createAvatarStorage(deps.config.avatarStorage),
) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/avatar",
      tags: ["account"],
      summary: "Upload a new profile picture (PNG, JPEG, WebP, GIF or AVIF, at most 2 MB)",
      description:
        "The body is the image file's raw bytes with any Content-Type; the server tells the format from the bytes. The picture is cropped to a square, re-encoded as WebP without metadata and replaces the previous one.",
      "x-access": "user",
      middleware: [requireUser, avatarBodyLimit] as const,
      request: {
        body: {
          required: true,
          content: { "image/*": { schema: imageBody }, "application/octet-stream": { schema: imageBody } },
        },
      },
      responses: {
        200: jsonResponse("Stored; the profile shows the new picture", avatarSchema),
        ...errorResponses(400, 401, 413, 422, 429),
        502: { description: "The picture storage (disk or bucket) could not be reached" },
      },
    }),
    async (c) => {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await c.req.arrayBuffer());
      } catch {
        throw new AppError("BAD_REQUEST", "The upload was interrupted. Please try again.");
      }
      return c.json(await uploadAvatar(deps, storage, getUser(c).id, bytes), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/me/avatar",
      tags: ["account"],
      summary: "Remove the profile picture",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Removed", avatarSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await removeAvatar(deps, storage, getUser(c).id), 200),
  );

  return router;
}

/**
 * The policy of an avatar file opened on its own: nothing may load or run, and the document is
 * sandboxed. app.ts sets it after the app-wide security headers so that it wins.
 */
export const AVATAR_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Serves locally stored avatars at /media/avatars/{userId}/{file}.webp (only with local storage; an
 * S3 bucket serves its own). A request with the version (`?v=`, as the stored URL has it) is cached
 * for a year; without it, it is revalidated by ETag. Only keys the store accepts are read, so no path
 * reaches outside its directory; anything else is 404.
 */
export function createAvatarFileRoutes(storage: LocalAvatarStorage) {
  const files = new OpenAPIHono<AppEnv>();
  files.get("/:userId/:file", async (c) => {
    const bytes = await storage.read(`${c.req.param("userId")}/${c.req.param("file")}`);
    if (!bytes) return c.text("Not found", 404);
    const etag = `"${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}"`;
    c.header("ETag", etag);
    c.header(
      "Cache-Control",
      c.req.query("v") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    );
    c.header("X-Content-Type-Options", "nosniff");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", "image/webp");
    c.header("Content-Length", String(bytes.length));
    return c.body(new Uint8Array(bytes), 200);
  });
  files.all("*", (c) => c.text("Not found", 404));
  return files;
}
