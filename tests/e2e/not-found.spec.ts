import { expect, test } from "@playwright/test";

test("an unknown path shows the 404 page, answers 404 and logs the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  expect(errors.some((text) => text.includes("/no/such/page"))).toBe(true);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the 404 page appears in place: nothing loads in later and moves its link", async ({ page }) => {
  // A slow device (CPU slowed down 6×) stretches the first load. The header and footer used to appear
  // a few hundred milliseconds after the page, moving its centred link under the pointer, and a click
  // made in that moment was lost.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.addInitScript(() => {
    const positions: number[] = [];
    Object.assign(window, { __linkPositions: positions });
    const sample = () => {
      const link = [...document.querySelectorAll("main a")].find((a) => a.textContent === "Return to Home");
      const top = link ? Math.round(link.getBoundingClientRect().top) : undefined;
      if (top !== undefined && top !== positions.at(-1)) positions.push(top);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto("/no/such/page");
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  const positions = await page.evaluate(
    () => (window as unknown as { __linkPositions: number[] }).__linkPositions,
  );
  expect(positions).toHaveLength(1);
});

test("the app starts in the dark theme and works at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveClass(/dark/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("while the session is still loading, the top bar fits 360 px", async ({ page }) => {
  await page.route("**/api/v1/auth/session", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
