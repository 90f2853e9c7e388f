import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./support/shell.ts";

/**
 * The avatar upload as the web app sends it, in a real browser: a `File` as the raw body of a
 * same-origin PUT (what `apiFetch` does with a Blob body) passes the cross-site write check, and the
 * stored picture loads in an <img> under the page's Content-Security-Policy.
 */

type UploadResult = { status: number; avatarUrl: string | null; width: number };

test("a File uploaded with fetch becomes the profile picture, and removing it clears it", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to load/i.test(message.text())) violations.push(message.text());
  });
  await signUpViaApi(page, "Avatar Tester");
  await page.goto("/about");

  const uploaded = await page.evaluate(async (): Promise<UploadResult> => {
    // A 300×200 PNG drawn on a canvas, as a File the way an <input type="file"> hands it over.
    const canvas = document.createElement("canvas");
    canvas.width = 300;
    canvas.height = 200;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = "#2a9d8f";
    context.fillRect(0, 0, 300, 200);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("no PNG");
    const file = new File([blob], "me.png", { type: "image/png" });

    const response = await fetch("/api/v1/me/avatar", {
      method: "PUT",
      body: file,
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    const { avatarUrl } = (await response.json()) as { avatarUrl: string | null };
    const image = new Image();
    image.alt = "";
    const loaded = new Promise<number>((resolve) => {
      image.onload = () => resolve(image.naturalWidth);
      image.onerror = () => resolve(0);
    });
    image.src = avatarUrl ?? "";
    document.body.append(image);
    return { status: response.status, avatarUrl, width: await loaded };
  });
  expect(uploaded.status).toBe(200);
  expect(uploaded.avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\/avatar\.webp\?v=[0-9a-f]{16}$/);
  expect(uploaded.width).toBe(512);

  const session = await (await page.request.get("/api/v1/auth/session")).json();
  expect(session.profile.avatarUrl).toBe(uploaded.avatarUrl);

  const removed = await page.evaluate(async () => {
    const response = await fetch("/api/v1/me/avatar", { method: "DELETE", credentials: "include" });
    return { status: response.status, body: await response.json() };
  });
  expect(removed).toEqual({ status: 200, body: { avatarUrl: null } });
  expect(violations).toEqual([]);
});
