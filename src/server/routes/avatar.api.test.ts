import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HTML_PAGE,
  makeGif,
  makeNoisePng,
  makePng,
  makePngBomb,
  makeRotatedJpegWithGps,
  makeWebp,
  PDF_FILE,
  SVG_IMAGE,
} from "../../../tests/support/images.ts";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { CROSS_ORIGIN_MESSAGE } from "../auth/origin-check.ts";
import {
  NOT_AN_IMAGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from "../services/account/avatar-image.ts";
import {
  AVATAR_UPLOADS_PER_HOUR,
  avatarRateLimitKey,
  EMPTY_UPLOAD_MESSAGE,
} from "../services/account/avatar-service.ts";
import { FILE_TOO_LARGE_MESSAGE } from "./avatar.ts";

let server: TestServer;
let avatarsDir: string;

beforeAll(async () => {
  server = await startTestServer();
  const storage = server.deps.config.avatarStorage;
  if (storage.kind !== "local") throw new Error("the default storage is local");
  avatarsDir = storage.directory;
});
afterAll(() => server.stop());

const AVATAR = "/api/v1/me/avatar";

function upload(client: ApiClient, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return client.request("PUT", AVATAR, {
    body: new Uint8Array(bytes),
    headers: { "content-type": "application/octet-stream", ...headers },
  });
}

const listFiles = async (userId: string) => {
  try {
    return (await readdir(path.join(avatarsDir, userId))).sort();
  } catch {
    return [];
  }
};

const readProfileUrl = async (client: ApiClient) =>
  (await client.get("/api/v1/auth/session")).data.profile.avatarUrl as string | null;

/** GET on a stored avatar URL (a path on this server), as a browser would load it. */
const fetchAvatar = (url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, server.url), { headers });

describe("PUT /me/avatar", () => {
  it("stores a PNG as 512 and 256 px WebP and shows it on the profile, cached for a year", async () => {
    const user = await server.signUp();
    const response = await upload(user, await makePng(640, 480), { "content-type": "image/png" });
    expect(response.status).toBe(200);
    const url: string = response.data.avatarUrl;
    expect(url).toMatch(new RegExp(`^/media/avatars/${user.user.id}/avatar\\.webp\\?v=[0-9a-f]{16}$`));

    expect(await listFiles(user.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
    const large = await sharp(await readFile(path.join(avatarsDir, user.user.id, "avatar.webp"))).metadata();
    const small = await sharp(
      await readFile(path.join(avatarsDir, user.user.id, "avatar-256.webp")),
    ).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 512, 512]);
    expect([small.format, small.width, small.height]).toEqual(["webp", 256, 256]);

    expect(await readProfileUrl(user)).toBe(url);
    expect((await user.get("/api/v1/me")).data.profile.avatarUrl).toBe(url);

    const served = await fetchAvatar(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*sandbox$/);
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(await readFile(path.join(avatarsDir, user.user.id, "avatar.webp")))).toBe(true);

    const small256 = await fetchAvatar(url.replace("avatar.webp", "avatar-256.webp"));
    expect((await sharp(Buffer.from(await small256.arrayBuffer())).metadata()).width).toBe(256);
  });

  it("strips EXIF with GPS from a JPEG and turns it upright", async () => {
    const user = await server.signUp();
    const response = await upload(user, await makeRotatedJpegWithGps(), { "content-type": "image/jpeg" });
    expect(response.status).toBe(200);
    const stored = await readFile(path.join(avatarsDir, user.user.id, "avatar.webp"));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from("Secret Model 9"))).toBe(false);
  });

  it("accepts WebP and GIF, whatever Content-Type the browser sends (even none or JSON)", async () => {
    const user = await server.signUp();
    for (const [bytes, type] of [
      [await makeWebp(), "image/webp"],
      [await makeGif(), "application/octet-stream"],
      [await makePng(), "application/json"],
      [await makePng(90, 90), ""],
    ] as const) {
      const response = await upload(user, bytes, { "content-type": type });
      expect(response.status, type).toBe(200);
    }
    expect(await listFiles(user.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
  });

  it("replaces the previous picture: new content, a new URL version, no old files left", async () => {
    const user = await server.signUp();
    const first = await upload(user, await makePng(300, 300));
    const firstBytes = await readFile(path.join(avatarsDir, user.user.id, "avatar.webp"));
    // A file an older version left behind (another format) goes too.
    await writeFile(path.join(avatarsDir, user.user.id, "avatar-legacy.webp"), "old");

    const second = await upload(
      user,
      await sharp(await makePng(300, 300))
        .negate()
        .png()
        .toBuffer(),
    );
    expect(second.status).toBe(200);
    expect(second.data.avatarUrl).not.toBe(first.data.avatarUrl);
    expect(second.data.avatarUrl.split("?")[0]).toBe(first.data.avatarUrl.split("?")[0]);
    expect(await listFiles(user.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
    const secondBytes = await readFile(path.join(avatarsDir, user.user.id, "avatar.webp"));
    expect(secondBytes.equals(firstBytes)).toBe(false);
    expect(await readProfileUrl(user)).toBe(second.data.avatarUrl);
  });

  it("passes the cross-site check the way the web app sends it, and refuses another site", async () => {
    const user = await server.signUp();
    const fromApp = await upload(user, await makePng(), {
      "content-type": "image/png",
      origin: server.url,
      "sec-fetch-site": "same-origin",
    });
    expect(fromApp.status).toBe(200);

    const before = await listFiles(user.user.id);
    const forged = await upload(user, await makeWebp(), {
      "content-type": "image/webp",
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(forged.status).toBe(403);
    expect(forged.data.error.message).toBe(CROSS_ORIGIN_MESSAGE);
    const forgedByFetchMetadata = await upload(user, await makeWebp(), { "sec-fetch-site": "cross-site" });
    expect(forgedByFetchMetadata.status).toBe(403);
    expect(await readProfileUrl(user)).toBe(fromApp.data.avatarUrl);
    expect(await listFiles(user.user.id)).toEqual(before);
  });

  it("is described in the API reference as a raw image body", async () => {
    const docs = await server.client().get("/api/docs");
    expect(docs.text).toContain("Request body: <code>image/*</code>, <code>application/octet-stream</code>.");
  });

  it("answers 401 to a signed-out upload and stores nothing", async () => {
    const response = await upload(server.client(), await makePng());
    expect(response.status).toBe(401);
    expect(response.data.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("refused uploads store nothing and keep the current picture", () => {
  let user: SignedInClient;
  let currentUrl: string;

  beforeAll(async () => {
    user = await server.signUp();
    currentUrl = (await upload(user, await makePng(200, 200))).data.avatarUrl;
  });

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string,
  ): Promise<void> {
    expect(response.status).toBe(status);
    expect(response.data.error.message).toBe(message);
    expect(await readProfileUrl(user)).toBe(currentUrl);
    expect(await listFiles(user.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
    expect((await fetchAvatar(currentUrl)).status).toBe(200);
  }

  it("refuses text, SVG, PDF and an HTML page sent as image/png", async () => {
    for (const [bytes, type] of [
      [Buffer.from("hello, this is not a picture"), "text/plain"],
      [SVG_IMAGE, "image/svg+xml"],
      [SVG_IMAGE, "image/png"],
      [PDF_FILE, "application/pdf"],
      [HTML_PAGE, "image/png"],
    ] as const) {
      await expectRefused(await upload(user, bytes, { "content-type": type }), 422, NOT_AN_IMAGE_MESSAGE);
    }
  });

  it("refuses a file over 2 MB with 413, declared or streamed without a length", async () => {
    const noise = await makeNoisePng();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    await expectRefused(
      await upload(user, noise, { "content-type": "image/png" }),
      413,
      FILE_TOO_LARGE_MESSAGE,
    );

    // Chunked: no Content-Length, so the limit is counted while reading.
    const chunks = [noise.subarray(0, 1024 * 1024), noise.subarray(1024 * 1024)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(new Uint8Array(chunk));
        else controller.close();
      },
    });
    const streamed = await fetch(`${server.url}${AVATAR}`, {
      method: "PUT",
      body: stream,
      headers: { cookie: user.cookieHeader, "content-type": "image/png" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await readProfileUrl(user)).toBe(currentUrl);
  });

  it("refuses a decompression bomb without decoding it", async () => {
    const started = performance.now();
    await expectRefused(await upload(user, await makePngBomb()), 422, TOO_MANY_PIXELS_MESSAGE);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("refuses a damaged image", async () => {
    const png = await makePng(600, 400);
    await expectRefused(await upload(user, png.subarray(0, png.length / 2)), 422, UNREADABLE_IMAGE_MESSAGE);
  });

  it("refuses an empty body with 400", async () => {
    await expectRefused(await upload(user, new Uint8Array(0)), 400, EMPTY_UPLOAD_MESSAGE);
    const withoutBody = await user.request("PUT", AVATAR);
    expect(withoutBody.status).toBe(400);
    expect(withoutBody.data.error.message).toBe(EMPTY_UPLOAD_MESSAGE);
  });

  it("limits uploads per user with a 429 that says when to try again", async () => {
    const other = await server.signUp();
    await server.deps.db.$client.query(
      `insert into rate_limits (key, count, window_start) values ($1, $2, now())
       on conflict (key) do update set count = excluded.count, window_start = now()`,
      [avatarRateLimitKey(user.user.id), AVATAR_UPLOADS_PER_HOUR],
    );
    const response = await upload(user, await makePng());
    expect(response.status).toBe(429);
    expect(response.data.error.message).toMatch(
      /^Too many picture uploads\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await readProfileUrl(user)).toBe(currentUrl);
    // Another user's limit is their own.
    expect((await upload(other, await makePng())).status).toBe(200);
  });
});

describe("DELETE /me/avatar", () => {
  it("removes the files and the profile's URL, and only the caller's", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const url = (await upload(owner, await makePng())).data.avatarUrl;
    const otherUrl = (await upload(other, await makeWebp())).data.avatarUrl;

    const response = await owner.request("DELETE", AVATAR);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ avatarUrl: null });
    expect(await readProfileUrl(owner)).toBeNull();
    expect(await listFiles(owner.user.id)).toEqual([]);
    expect((await fetchAvatar(url)).status).toBe(404);

    expect(await readProfileUrl(other)).toBe(otherUrl);
    expect(await listFiles(other.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
    expect((await owner.request("DELETE", AVATAR)).data).toEqual({ avatarUrl: null });
  });

  it("answers 401 when signed out and 403 from another site", async () => {
    expect((await server.client().request("DELETE", AVATAR)).status).toBe(401);
    const user = await server.signUp();
    await upload(user, await makePng());
    const forged = await user.request("DELETE", AVATAR, { headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect(await listFiles(user.user.id)).toEqual(["avatar-256.webp", "avatar.webp"]);
  });
});

describe("GET /media/avatars", () => {
  it("answers 404 for unknown users, other files and any path outside the folder", async () => {
    const user = await server.signUp();
    await upload(user, await makePng());
    await writeFile(path.join(server.deps.config.dataDir, "secret.webp"), "secret");
    await mkdir(path.join(avatarsDir, user.user.id, "nested"), { recursive: true });
    const id = user.user.id;
    for (const target of [
      "/media/avatars/00000000-0000-4000-8000-000000000000/avatar.webp",
      `/media/avatars/${id}/avatar.png`,
      `/media/avatars/${id}/nested`,
      `/media/avatars/${id}/..%2F..%2Fsecret.webp`,
      `/media/avatars/%2e%2e/secret.webp`,
      `/media/avatars/${id}/%2e%2e%2f%2e%2e%2fsecret.webp`,
      `/media/avatars/..%5C..%5Csecret.webp`,
      `/media/avatars/${id}`,
      `/media/avatars/${id}/avatar.webp/x`,
    ]) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.status, target).toBe(404);
      expect(await response.text(), target).not.toContain("secret");
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const user = await server.signUp();
    const url: string = (await upload(user, await makePng())).data.avatarUrl;
    const head = await fetch(new URL(url, server.url), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(await head.text()).toBe("");
  });

  it("revalidates a request without the version, with an ETag", async () => {
    const user = await server.signUp();
    const url: string = (await upload(user, await makePng())).data.avatarUrl;
    const bare = await fetchAvatar(url.split("?")[0] ?? url);
    expect(bare.status).toBe(200);
    expect(bare.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = bare.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect((await fetchAvatar(url, { "if-none-match": etag })).status).toBe(304);
  });
});
