import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { AvatarStorageConfig } from "../../config.ts";
import type { AvatarStorage } from "./avatar-storage.ts";

type S3Config = Extract<AvatarStorageConfig, { kind: "s3" }>;

/**
 * Avatars in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), addressed path-style
 * (`endpoint/bucket/key`), which all three accept. Checksums are sent only where the API requires
 * them: the SDK's default extra checksum headers are refused by several S3-compatible servers.
 * Objects are public through `publicUrl` (a public bucket, an R2 custom domain or a CDN); the app
 * never proxies them.
 */
export function createS3AvatarStorage(config: S3Config): AvatarStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
  });
  return {
    async put({ key, body, contentType, cacheControl }) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControl,
          ContentLength: body.length,
        }),
      );
    },
    async list(prefix) {
      const result = await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, MaxKeys: 100 }),
      );
      return (result.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    },
    async remove(keys) {
      // One DELETE per key: a user has two or three objects, and DeleteObjects needs a Content-MD5
      // or checksum that not every S3-compatible server computes the same way.
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicUrl: (key) => `${config.publicUrl}/${key.split("/").map(encodeURIComponent).join("/")}`,
  };
}
