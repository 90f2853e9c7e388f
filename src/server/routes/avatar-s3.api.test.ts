import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, makeRotatedJpegWithGps } from "../../../tests/support/images.ts";
import { type ApiClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

/** The avatar routes with S3-compatible storage: a local s3rver stands in for S3, MinIO or R2. */

const BUCKET = "avatars";
let s3rver: S3rver;
let s3Directory: string;
let endpoint: string;
let s3: S3Client;
let server: TestServer;

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(os.tmpdir(), "earmark-s3rver-"));
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  });
  server = await startTestServer({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
});
afterAll(async () => {
  await server.stop();
  await s3rver.close().catch(() => {});
  await rm(s3Directory, { recursive: true, force: true });
});

const upload = (client: ApiClient, bytes: Uint8Array) =>
  client.request("PUT", "/api/v1/me/avatar", {
    body: new Uint8Array(bytes),
    headers: { "content-type": "image/jpeg" },
  });

async function listKeys(userId: string): Promise<string[]> {
  const result = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${userId}/` }));
  return (result.Contents ?? []).map((object) => object.Key ?? "").sort();
}

async function readObject(key: string) {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { object, bytes: Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array())) };
}

describe("avatars in S3-compatible storage", () => {
  it("uploads both sizes to {userId}/, removes other objects and links the bucket's public URL", async () => {
    const user = await server.signUp();
    const id = user.user.id;
    // An object a previous version of the app left (another extension) must go.
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${id}/avatar.png`, Body: "old" }));

    const response = await upload(user, await makeRotatedJpegWithGps());
    expect(response.status).toBe(200);
    expect(response.data.avatarUrl).toMatch(
      new RegExp(`^${endpoint}/${BUCKET}/${id}/avatar\\.webp\\?v=[0-9a-f]{16}$`),
    );
    expect(await listKeys(id)).toEqual([`${id}/avatar-256.webp`, `${id}/avatar.webp`]);

    const { object, bytes } = await readObject(`${id}/avatar.webp`);
    expect(object.ContentType).toBe("image/webp");
    expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      "webp",
      512,
      512,
      undefined,
    ]);
    const small = await readObject(`${id}/avatar-256.webp`);
    expect((await sharp(small.bytes).metadata()).width).toBe(256);

    const session = await user.get("/api/v1/auth/session");
    expect(session.data.profile.avatarUrl).toBe(response.data.avatarUrl);
    // The app serves no local files in this mode.
    expect((await fetch(`${server.url}/media/avatars/${id}/avatar.webp`)).status).toBe(404);
  });

  it("replaces the objects on a second upload with a new version", async () => {
    const user = await server.signUp();
    const first = await upload(user, await makePng(300, 300));
    const firstBytes = (await readObject(`${user.user.id}/avatar.webp`)).bytes;
    const second = await upload(
      user,
      await sharp(await makePng(300, 300))
        .negate()
        .png()
        .toBuffer(),
    );
    expect(second.status).toBe(200);
    expect(second.data.avatarUrl).not.toBe(first.data.avatarUrl);
    expect(await listKeys(user.user.id)).toEqual([
      `${user.user.id}/avatar-256.webp`,
      `${user.user.id}/avatar.webp`,
    ]);
    expect((await readObject(`${user.user.id}/avatar.webp`)).bytes.equals(firstBytes)).toBe(false);
  });

  it("empties the user's folder on DELETE and leaves other users' objects", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    await upload(owner, await makePng());
    await upload(other, await makePng());

    const response = await owner.request("DELETE", "/api/v1/me/avatar");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ avatarUrl: null });
    expect(await listKeys(owner.user.id)).toEqual([]);
    expect(await listKeys(other.user.id)).toHaveLength(2);
    await expect(
      s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${owner.user.id}/avatar.webp` })),
    ).rejects.toThrow();
  });

  it("answers 502 with a plain message and keeps the profile when the storage is down", async () => {
    const user = await server.signUp();
    const before = (await user.get("/api/v1/auth/session")).data.profile.avatarUrl;
    await s3rver.close();
    const response = await upload(user, await makePng());
    expect(response.status).toBe(502);
    expect(response.data.error.message).toBe(
      "We couldn't save your picture right now. Please try again in a moment.",
    );
    expect((await user.get("/api/v1/auth/session")).data.profile.avatarUrl).toBe(before);
  });
});
