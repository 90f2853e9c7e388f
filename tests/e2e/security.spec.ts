import { expect, type Page, test } from "@playwright/test";
import { miniPlayer } from "./support/player.ts";
import { findEpisode, signUpViaApi, waitForCatalog } from "./support/shell.ts";

/**
 * The Content-Security-Policy and the cross-site write check (issue 14) in a real browser: the
 * built app must run under the policy without a single violation, and its own writes must pass.
 */

const CHIPS = "Who Makes the Chips?";

/** Collects CSP violations (the DOM event and Chrome's console report) and API answers of 403. */
async function watchSecurity(page: Page) {
  const violations: string[] = [];
  const forbidden: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void })
          .reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
        );
      },
      true,
    );
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith("/api/"))
      forbidden.push(`${response.request().method()} ${response.url()}`);
  });
  return { violations, forbidden };
}

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
});

test("the landing page runs under the Content-Security-Policy without a violation", async ({ page }) => {
  const { violations } = await watchSecurity(page);
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The sections below the fold and the footer hydrate after the first load: bring them in.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  // A client-side navigation loads a lazy screen.
  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("textbox", { name: /email/i })).toBeVisible();
  expect(violations).toEqual([]);
});

test("an episode page with playback and the app's own writes: no violation, no 403", async ({ page }) => {
  const { id } = await findEpisode(page.request, CHIPS);
  await signUpViaApi(page, "Policy Listener");
  const { violations, forbidden } = await watchSecurity(page);
  await page.goto(`/episode/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: CHIPS })).toBeVisible();
  await page.getByRole("button", { name: "Play episode" }).click();
  await expect(miniPlayer(page).getByRole("button", { name: "Pause", exact: true })).toBeVisible();

  // A write from the page (the queue is saved to the account) passes the same-origin check.
  const queueSaved = page.waitForResponse(
    (response) => response.url().endsWith("/api/v1/me/queue") && response.request().method() === "PUT",
  );
  await page.getByRole("button", { name: "Add to queue" }).click();
  expect((await queueSaved).status()).toBe(200);

  // A notification (sonner injects its styles at run time) and the expanded player.
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await expect(page.getByRole("dialog", { name: "Now Playing" })).toBeVisible();
  expect(violations).toEqual([]);
  expect(forbidden).toEqual([]);
});
