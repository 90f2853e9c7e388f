import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AvatarStorageConfig } from "../../config.ts";
import { createS3AvatarStorage } from "./avatar-storage-s3.ts";

/** One file to store: its key (`{userId}/avatar.webp`), bytes and the headers it is served with. */
export type AvatarObject = { key: string; body: Buffer; contentType: string; cacheControl: string };

/**
 * Where avatar files live. Keys are `{userId}/{file}`; a user's files are exactly the keys under
 * `{userId}/`. Local disk by default, any S3-compatible bucket by configuration.
 */
export interface AvatarStorage {
  /** Stores the object, replacing any object with the same key. */
  put(object: AvatarObject): Promise<void>;
  /** The keys under a prefix (`{userId}/`), at most a page's worth: a user has a few files. */
  list(prefix: string): Promise<string[]>;
  /** Removes the keys; keys that do not exist are not an error. */
  remove(keys: string[]): Promise<void>;
  /** The URL a browser loads the object from (a path on this server, or the bucket's public URL). */
  publicUrl(key: string): string;
}

/** The local store also reads files back: the app serves them under LOCAL_AVATAR_URL_PATH. */
export interface LocalAvatarStorage extends AvatarStorage {
  /** The file's bytes, or null for any key that is not a stored avatar file. */
  read(key: string): Promise<Buffer | null>;
}

export const LOCAL_AVATAR_URL_PATH = "/media/avatars";

/** `{uuid}/{name}.webp` and nothing else: no `..`, no separators, no other extensions. */
const LOCAL_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[a-z0-9-]{1,40}\.webp$/;
const USER_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/;

export const isLocalAvatarKey = (key: string) => LOCAL_KEY.test(key);

function assertKey(key: string): void {
  if (!isLocalAvatarKey(key)) throw new Error(`Not an avatar key: ${JSON.stringify(key)}`);
}

/**
 * Files under `<DATA_DIR>/avatars/{userId}/`. Writes go to a temporary file that is renamed into
 * place, so a reader sees the old file or the new one, never half of one. Every key is checked
 * against LOCAL_KEY before it becomes a path, so no key can leave the directory.
 */
export function createLocalAvatarStorage(directory: string): LocalAvatarStorage {
  const toPath = (key: string) => {
    assertKey(key);
    return path.join(directory, ...key.split("/"));
  };
  return {
    async put({ key, body }) {
      const target = toPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async list(prefix) {
      if (!USER_PREFIX.test(prefix)) throw new Error(`Not a user prefix: ${JSON.stringify(prefix)}`);
      try {
        const names = await readdir(path.join(directory, prefix));
        return names.map((name) => `${prefix}${name}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    async remove(keys) {
      for (const key of keys) {
        // Listing can return stray temporary files from a crashed write: those go too.
        const [userId = "", name = ""] = key.split("/");
        if (!USER_PREFIX.test(`${userId}/`) || !/^[\w.-]+$/.test(name) || name.startsWith(".")) continue;
        await rm(path.join(directory, userId, name), { force: true });
      }
    },
    publicUrl: (key) => `${LOCAL_AVATAR_URL_PATH}/${key}`,
    async read(key) {
      if (!isLocalAvatarKey(key)) return null;
      try {
        return await readFile(toPath(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw error;
      }
    },
  };
}

/** The configured store: local disk unless the four S3 variables are set. */
export function createAvatarStorage(config: AvatarStorageConfig): AvatarStorage {
  return config.kind === "local" ? createLocalAvatarStorage(config.directory) : createS3AvatarStorage(config);
}
