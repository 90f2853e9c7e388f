import { expect, type Page, test } from "@playwright/test";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell";

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
});

const header = (page: Page) => page.getByRole("banner");

test.describe("header", () => {
  test("signed out: logo, search box, Episodes, Insights, About, Login and Get Started", async ({ page }) => {
    await page.goto("/faq");
    const bar = header(page);
    await expect(bar.getByRole("link", { name: "Earmark" })).toHaveAttribute("href", "/");
    const nav = bar.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Episodes", "Insights", "About"]);
    await expect(nav.getByRole("link", { name: "Episodes" })).toHaveAttribute("href", "/search");
    await expect(nav.getByRole("link", { name: "Insights" })).toHaveAttribute("href", "/feed");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    await expect(bar.getByRole("link", { name: "Login" })).toHaveAttribute("href", /^\/auth/);
    await expect(bar.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", /^\/auth/);
    await expect(bar.getByRole("radiogroup", { name: "Theme" })).toBeVisible();
    // No badges for visitors.
    await expect(bar.getByRole("progressbar")).toHaveCount(0);

    await bar.getByRole("searchbox", { name: "Search episodes" }).fill("stoicism");
    await bar.getByRole("searchbox", { name: "Search episodes" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=stoicism$/);
    // Hidden while on /search.
    await expect(header(page).getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search episodes" })).toHaveValue(
      "stoicism",
    );
  });

  test("signed in: Search, Insights, Progress, the level and streak badges", async ({ page }) => {
    await signUpViaApi(page, "Badge Holder");
    let releaseStats: () => void = () => {};
    const statsHeld = new Promise<void>((resolve) => {
      releaseStats = resolve;
    });
    await page.route("**/api/v1/me/stats", async (route) => {
      await statsHeld;
      await route.continue();
    });
    await page.goto("/faq");
    const bar = header(page);
    await expect(bar.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Search",
      "Insights",
      "Progress",
    ]);
    await expect(bar.getByRole("link", { name: "Progress" })).toHaveAttribute("href", "/knowledge");
    // Placeholders while the stats load.
    await expect(bar.getByTestId("stat-badges-loading")).toBeVisible();
    releaseStats();
    const level = bar.getByRole("progressbar", { name: "Level 1" });
    await expect(level).toHaveAttribute("aria-valuenow", "0");
    await expect(level).toHaveAttribute("aria-valuemax", "1000");
    await expect(bar.getByText("Lv 1")).toBeVisible();
    await expect(bar.getByText("0-day streak")).toBeAttached();
    await expect(bar.getByRole("navigation", { name: "Account" })).toContainText("Badge Holder");
  });

  test("beside the open sidebar at 1024 and 1280 px, every header control fits and none overlaps", async ({
    page,
  }) => {
    await signUpViaApi(page, "Alexandra Montgomery-Smith");
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 720 });
      await page.goto("/faq");
      await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
      const bar = header(page);
      await expect(bar.getByRole("button", { name: "Sign out" })).toBeVisible();
      await expect(bar.getByText("Lv 1")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      const layout = await bar.evaluate((banner) => {
        const controls = [...banner.querySelectorAll<HTMLElement>("a, button, input")].filter(
          (element) => element.offsetParent !== null && element.getBoundingClientRect().width > 0,
        );
        const rects = controls.map((element) => ({ element, rect: element.getBoundingClientRect() }));
        const overlaps: string[] = [];
        for (const [i, a] of rects.entries())
          for (const b of rects.slice(i + 1)) {
            if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
            const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            if (x > 1 && y > 1)
              overlaps.push(
                `${a.element.getAttribute("aria-label") ?? a.element.textContent} × ${b.element.getAttribute("aria-label") ?? b.element.textContent}`,
              );
          }
        // A name that does not fit is cut with an ellipsis, never drawn over the next control.
        const spills = [...banner.querySelectorAll<HTMLElement>("a span, button span")]
          .filter((span) => span.offsetParent !== null && span.scrollWidth > span.clientWidth + 1)
          .filter((span) => getComputedStyle(span).overflow !== "hidden")
          .map((span) => span.textContent);
        return {
          rightmost: Math.max(...rects.map(({ rect }) => rect.right)),
          overlaps,
          spills,
        };
      });
      expect(layout.rightmost, `header controls at ${width} px`).toBeLessThanOrEqual(width);
      expect(layout.overlaps, `overlapping header controls at ${width} px`).toEqual([]);
      expect(layout.spills, `text spilling out of its control at ${width} px`).toEqual([]);
    }
  });

  test("keyboard only: tab to the search box and search", async ({ page }) => {
    await page.goto("/faq");
    const box = header(page).getByRole("searchbox", { name: "Search episodes" });
    for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(box).toBeFocused();
    await page.keyboard.type("maps");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=maps$/);
    await expect(page.getByRole("link", { name: "How Maps Shaped Empires" })).toBeVisible();
  });
});

test.describe("sidebar", () => {
  test("groups and links exactly as specified, only when signed in", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
    await signUpViaApi(page);
    await page.goto("/faq");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toBeVisible();
    const groups = {
      Main: ["Home", "Search", "Knowledge Graph"],
      Library: ["Bookmarks", "Lists"],
      Community: ["Leaderboard", "Friends", "Achievements"],
    };
    for (const [group, links] of Object.entries(groups)) {
      await expect(sidebar.getByRole("group", { name: group }).getByRole("link")).toHaveText(links);
    }
    const nav = sidebar.getByRole("navigation", { name: "Sidebar navigation" });
    await expect(nav.getByRole("link")).toHaveText([...Object.values(groups).flat(), "Profile", "Account"]);
    await expect(nav.getByRole("link", { name: "Knowledge Graph" })).toHaveAttribute("href", "/knowledge");
    const width = await sidebar.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(256);
  });

  test("Ctrl+B and the button collapse it to icons; the cookie keeps it collapsed without a flash", async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    await page.goto("/faq");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toHaveAttribute("data-state", "expanded");

    await page.locator("body").click({ position: { x: 600, y: 400 } });
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(48);
    // Icons keep their names for assistive technology.
    await expect(sidebar.getByRole("link", { name: "Leaderboard" })).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Record the first state the sidebar is ever rendered with after a reload.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const aside = document.querySelector('aside[aria-label="Sidebar"]');
        if (aside) {
          (window as unknown as { firstSidebarState: string | null }).firstSidebarState =
            aside.getAttribute("data-state");
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    expect(
      await page.evaluate(() => (window as unknown as { firstSidebarState: string }).firstSidebarState),
    ).toBe("collapsed");

    // Keyboard only: the expand button.
    const toggle = sidebar.getByRole("button", { name: "Expand sidebar" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar.getByRole("button", { name: "Collapse sidebar" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  });

  test("mobile: a slide-in sheet of 18rem and the bottom tab bar", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpViaApi(page);
    await page.goto("/faq");
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();

    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await expect(tabs.getByRole("link")).toHaveText(["Home", "Discover", "Progress", "Friends", "Profile"]);
    await expect(tabs.getByRole("link", { name: "Discover" })).toHaveAttribute("href", "/search");
    await expect(tabs.getByRole("link", { name: "Progress" })).toHaveAttribute("href", "/knowledge");

    await page.getByRole("button", { name: "Open sidebar" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((el) => el.getBoundingClientRect().width)).toBe(288);
    await expect(sheet.getByRole("group", { name: "Library" }).getByRole("link")).toHaveText([
      "Bookmarks",
      "Lists",
    ]);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await page.keyboard.press("Control+b");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(sheet).toBeHidden();
    await expectNoHorizontalOverflow(page);

    // Escape and the shortcut straight after it: the sheet must not miss the second key while its
    // "close" event is still queued.
    await page.getByRole("button", { name: "Open sidebar" }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+b");
    await expect(sheet).toBeVisible();
  });
});

test.describe("theme", () => {
  test("starts dark, applies a choice at once and saves it to the profile when signed in", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto("/faq");
    const html = page.locator("html");
    await expect(html).toHaveClass(/dark/);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/v1/me/theme") && r.request().method() === "PUT",
    );
    await chooseTheme(page, "Light");
    await expect(html).toHaveClass(/light/);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(html).toHaveClass(/light/);
    await expect(page.getByRole("radio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
  });

  test("signed out, a choice applies but is not stored", async ({ page }) => {
    let saves = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/me/theme")) saves++;
    });
    await page.goto("/faq");
    await chooseTheme(page, "Light");
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(saves).toBe(0);
  });

  test("'system' follows the operating system live; arrow keys move the choice", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/faq");
    const html = page.locator("html");
    await chooseTheme(page, "System");
    await expect(html).toHaveClass(/light/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).toHaveClass(/light/);

    await page.getByRole("radio", { name: "System" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("radio", { name: "Dark" })).toBeFocused();
    await expect(html).toHaveClass(/dark/);
  });
});

test.describe("footer", () => {
  test("Explore, Social, Legal and Help with Contact Support by mail, social links and copyright", async ({
    page,
  }) => {
    await page.goto("/faq");
    const footer = page.getByRole("contentinfo");
    const column = (name: string) =>
      footer
        .locator("div", { has: page.getByRole("heading", { name, exact: true }) })
        .last()
        .getByRole("listitem");
    await expect(column("Explore")).toHaveText(["Browse Episodes", "Leaderboard", "About"]);
    await expect(column("Social")).toHaveText(["Friends", "Achievements", "Profile"]);
    await expect(column("Legal and Help")).toHaveText([
      "Privacy Policy",
      "Terms of Service",
      "FAQ",
      "Partner With Us",
      "Contact Support",
    ]);
    await expect(footer.getByRole("link", { name: "Browse Episodes" })).toHaveAttribute("href", "/search");
    await expect(footer.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "mailto:support@earmark.app",
    );
    await expect(footer.getByRole("list", { name: "Social links" }).getByRole("link")).toHaveCount(4);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Earmark. All rights reserved.`);
  });
});

test.describe("documents and layout", () => {
  test("each screen sets its title and description", async ({ page }) => {
    await page.goto("/search?q=maps");
    await expect(page).toHaveTitle("Search: maps — Earmark");
    await page.goto("/search");
    await expect(page).toHaveTitle("Search — Earmark");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(
      "Search podcast episodes",
    );
    await page.goto("/");
    await expect(page).toHaveTitle("Earmark — learn from the world's best conversations");
    await signUpViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
    await expect(page).toHaveTitle("Your learning hub — Earmark");
  });

  for (const width of [360, 768, 1280]) {
    test(`no horizontal overflow at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/search", "/search?q=attention", "/auth", "/faq"]) {
        await page.goto(path);
        await expect(page.getByRole("main")).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(page);
      }
      await signUpViaApi(page);
      for (const path of ["/", "/search", "/faq"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(page);
      }
    });
  }

  for (const theme of ["Dark", "Light"] as const) {
    test(`axe: landing, search and /auth have no serious or critical violations (${theme})`, async ({
      page,
    }) => {
      for (const path of ["/", "/search?q=stoicism", "/auth"]) {
        await page.goto(path);
        await chooseTheme(page, theme);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
        await page.waitForLoadState("networkidle");
        await expectAccessible(page, `${path} (${theme})`);
      }
    });
  }
});
