import { expect, test } from "@playwright/test";

// The e2e server is only ready once the demo catalog is loaded, so the start-up window is played by
// answering the health check as a first start would: preparing, then ready.
test("a page opened while the demo catalog is being prepared says so, and the notice goes once it is ready", async ({
  page,
}) => {
  let catalog: "preparing" | "ready" = "preparing";
  let healthChecks = 0;
  await page.route("**/api/health", (route) => {
    healthChecks++;
    return route.fulfill({ json: { status: "ok", database: "ok", catalog } });
  });
  await page.goto("/search");
  const notice = page.getByRole("status").filter({ hasText: "Preparing the demo catalog" });
  await expect(notice).toBeVisible();
  catalog = "ready";
  await expect(notice).toBeHidden();
  // It asked again while preparing (the notice went away on a later answer).
  expect(healthChecks).toBeGreaterThanOrEqual(2);
});
