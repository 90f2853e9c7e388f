import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalAvatarStorage, type LocalAvatarStorage } from "./avatar-storage.ts";

const USER = "0a1b2c3d-1111-4222-8333-444455556666";
let root: string;
let storage: LocalAvatarStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "earmark-avatars-"));
  storage = createLocalAvatarStorage(path.join(root, "avatars"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const put = (key: string, text: string) =>
  storage.put({ key, body: Buffer.from(text), contentType: "image/webp", cacheControl: "public" });

describe("local avatar storage", () => {
  it("stores, lists, reads, replaces and removes a user's files", async () => {
    await put(`${USER}/avatar.webp`, "one");
    await put(`${USER}/avatar-256.webp`, "small");
    await put(`${USER}/avatar.webp`, "two");
    expect((await storage.list(`${USER}/`)).sort()).toEqual([
      `${USER}/avatar-256.webp`,
      `${USER}/avatar.webp`,
    ]);
    expect((await storage.read(`${USER}/avatar.webp`))?.toString()).toBe("two");
    expect(storage.publicUrl(`${USER}/avatar.webp`)).toBe(`/media/avatars/${USER}/avatar.webp`);
    await storage.remove(await storage.list(`${USER}/`));
    expect(await storage.list(`${USER}/`)).toEqual([]);
    expect(await storage.read(`${USER}/avatar.webp`)).toBeNull();
  });

  it("lists nothing for a user without files", async () => {
    expect(await storage.list(`${USER}/`)).toEqual([]);
  });

  it("reads nothing outside the avatars directory, whatever the key", async () => {
    await writeFile(path.join(root, "secret.webp"), "secret");
    await mkdir(path.join(root, "avatars", USER), { recursive: true });
    for (const key of [
      `../secret.webp`,
      `${USER}/../../secret.webp`,
      `${USER}/..%2Fsecret.webp`,
      `/etc/passwd`,
      `${USER}/avatar.png`,
      `${USER}/`,
      `not-a-user/avatar.webp`,
      `${USER}/avatar.webp\u0000.png`,
    ]) {
      expect(await storage.read(key), key).toBeNull();
    }
    await expect(put("../secret.webp", "overwritten")).rejects.toThrow(/Not an avatar key/);
    await expect(storage.list("../")).rejects.toThrow(/Not a user prefix/);
    await storage.remove(["../secret.webp", `${USER}/../../secret.webp`]);
    expect(await readdir(root)).toContain("secret.webp");
  });
});
