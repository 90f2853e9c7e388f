import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/shell.ts";

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

/** The one visible toast (sonner). */
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** Signs up through the API; the browser context shares the session cookie. */
async function signUp(page: Page, name = "Page Tester") {
  const response = await page.request.post("/api/v1/auth/sign-up", {
    data: { name, email: uniqueEmail("pages"), password: "secret-pass" },
  });
  expect(response.status()).toBe(201);
}

async function supportEmail(page: Page): Promise<string> {
  const response = await page.request.get("/api/v1/config");
  const config = (await response.json()) as { supportEmail?: string };
  return config.supportEmail ?? "support@earmark.app";
}

async function expectMeta(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} — Earmark`);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0).toBeGreaterThan(40);
}

const heading = (page: Page, name: string, level?: number) =>
  page.getByRole("heading", { name, exact: true, ...(level ? { level } : {}) });

test.describe("about", () => {
  test("renders every section, with the signed-out buttons", async ({ page }) => {
    await page.goto("/about");
    await expect(heading(page, "From Listening to Learning", 1)).toBeVisible();
    await expectMeta(page, "About");

    const hero = page.getByRole("region", { name: "From Listening to Learning" });
    const startLearning = hero.getByRole("link", { name: "Start Learning" });
    await expect(startLearning).toHaveAttribute("href", "/auth");
    await expect(hero.getByRole("link", { name: "Browse Mindmaps" })).toHaveAttribute("href", "/");
    await expect(hero.getByRole("link", { name: "Browse Episodes" })).toHaveCount(0);
    await expect(hero.getByRole("link", { name: "Your Progress" })).toHaveCount(0);

    for (const name of [
      "Great conversations deserve to be remembered",
      "Four ideas behind everything we build",
      "Five steps from episode to expertise",
      "Built on how memory actually works",
      "Better for listeners, better for creators",
      "Why I started Earmark",
      "We measure success in what you remember",
    ]) {
      await expect(heading(page, name, 2)).toBeVisible();
    }
    for (const step of [
      "Import and parse",
      "Mindmaps",
      "Learning checkpoints",
      "Spaced repetition",
      "Social learning",
    ]) {
      await expect(heading(page, step, 3)).toBeVisible();
    }
    await expect(heading(page, "For listeners")).toBeVisible();
    await expect(heading(page, "For creators")).toBeVisible();
    await expect(page.getByRole("link", { name: /Connect on LinkedIn/ })).toHaveAttribute(
      "href",
      /linkedin\.com/,
    );

    // The learning-science accordion opens one topic at a time.
    const curve = page.getByRole("button", { name: "The forgetting curve" });
    const spacing = page.getByRole("button", { name: "Spacing" });
    await curve.click();
    await expect(curve).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/Hermann Ebbinghaus/)).toBeVisible();
    await spacing.click();
    await expect(spacing).toHaveAttribute("aria-expanded", "true");
    await expect(curve).toHaveAttribute("aria-expanded", "false");

    await startLearning.click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signed in, the hero offers Browse Episodes and Your Progress", async ({ page }) => {
    await signUp(page);
    await page.goto("/about");
    const hero = page.getByRole("region", { name: "From Listening to Learning" });
    await expect(hero.getByRole("link", { name: "Browse Episodes" })).toHaveAttribute("href", "/search");
    const progress = hero.getByRole("link", { name: "Your Progress" });
    await expect(progress).toHaveAttribute("href", "/knowledge");
    await expect(hero.getByRole("link", { name: "Start Learning" })).toHaveCount(0);
    await expect(hero.getByRole("link", { name: "Browse Mindmaps" })).toHaveCount(0);
    await progress.click();
    await expect(page).toHaveURL(/\/knowledge$/);
    await expect(heading(page, "Knowledge", 1)).toBeVisible();
  });

  test("the statistics count up to 50-80%, 24 hrs and 3x once scrolled into view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto("/about");
    const values = page.getByTestId("count-up-value");
    await expect(values).toHaveCount(3);
    const box = await values.first().boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(560);

    // Out of view: nothing has started.
    await page.waitForTimeout(400);
    await expect(values).toHaveText(["0-0%", "0 hrs", "0x"]);

    await values.first().scrollIntoViewIfNeeded();
    // Half-way through the 2 s run the numbers are between zero and the final values.
    await page.waitForTimeout(600);
    const midway = await values.nth(1).textContent();
    expect(midway).not.toBe("0 hrs");
    await expect(values).toHaveText(["50-80%", "24 hrs", "3x"], { timeout: 4000 });
    // The final values are also what assistive technology reads.
    await expect(page.getByRole("term")).toHaveText(["50-80%", "24 hrs", "3x"]);
  });

  test("with reduced motion the statistics show their final values at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto("/about");
    await expect(page.getByTestId("count-up-value")).toHaveText(["50-80%", "24 hrs", "3x"]);
  });
});

test.describe("faq", () => {
  const questions = [
    "What is Earmark?",
    "How does Earmark work?",
    "Is Earmark free?",
    "Is there a mobile app?",
    "Which podcasts are supported?",
    "What are milestones?",
    "How do points and progress tracking work?",
    "How do you use my data?",
  ];

  test("eight questions in a single-open, collapsible accordion", async ({ page }) => {
    await page.goto("/faq");
    await expect(heading(page, "Frequently Asked Questions", 1)).toBeVisible();
    await expectMeta(page, "FAQ");
    const triggers = page.locator("[data-radix-collection-item]");
    await expect(triggers).toHaveCount(8);
    for (const [index, question] of questions.entries()) {
      await expect(triggers.nth(index)).toHaveAccessibleName(question);
      await expect(triggers.nth(index)).toHaveAttribute("aria-expanded", "false");
    }

    const free = page.getByRole("button", { name: "Is Earmark free?" });
    const milestones = page.getByRole("button", { name: "What are milestones?" });
    await free.click();
    await expect(free).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByText(/Plus costs SEK 79 per month, and your first 2 weeks are free/),
    ).toBeVisible();

    await milestones.click();
    await expect(milestones).toHaveAttribute("aria-expanded", "true");
    await expect(free).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(/Bronze, Silver, Gold and Platinum/)).toBeVisible();
    await expect(page.getByText(/Plus costs SEK 79/)).toBeHidden();

    await milestones.click();
    await expect(milestones).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(/Bronze, Silver, Gold and Platinum/)).toBeHidden();

    for (const [question, text] of [
      ["Is there a mobile app?", /Not yet\. Earmark is a web app designed to work well on phones/],
      ["Which podcasts are supported?", /Any podcast with a public RSS feed/],
      [
        "How do points and progress tracking work?",
        /bonus points when you answer correctly with\s+high confidence/,
      ],
      ["How do you use my data?", /We never sell your data/],
    ] as const) {
      await page.getByRole("button", { name: question }).click();
      await expect(page.getByText(text)).toBeVisible();
    }

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the accordion works from the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const first = page.getByRole("button", { name: questions[0] });
    const second = page.getByRole("button", { name: questions[1] });
    // Tab from the back link reaches the first question.
    await page.getByRole("link", { name: "Back to Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/Earmark is a learning app for podcast listeners/)).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("End");
    await expect(page.getByRole("button", { name: questions[7] })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "false");

    // The focus ring is visible on the focused trigger.
    const outline = await second.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.boxShadow !== "none" || (style.outlineStyle !== "none" && style.outlineWidth !== "0px");
    });
    expect(outline).toBe(true);
  });
});

for (const { path, title, text } of [
  { path: "/privacy", title: "Privacy Policy", text: /We do not sell your data/ },
  { path: "/terms", title: "Terms of Service", text: /These terms are governed by Swedish law/ },
]) {
  test(`${path} is dated October 2025 with the support address and a way home`, async ({ page }) => {
    await page.goto(path);
    await expect(heading(page, title, 1)).toBeVisible();
    await expectMeta(page, title);
    await expect(page.getByText("Last updated: October 2025")).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    const email = await supportEmail(page);
    const mail = page.locator(`a[href="mailto:${email}"]`);
    expect(await mail.count()).toBeGreaterThan(0);
    await expect(mail.first()).toHaveText(email);

    // The contents list jumps to its section.
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator("#contact-title")).toBeInViewport();

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test.describe("partner", () => {
  test("renders its sections, and the hero buttons scroll to the flow and the form", async ({ page }) => {
    await page.goto("/partner");
    await expect(heading(page, "Turn your listeners into learners", 1)).toBeVisible();
    await expectMeta(page, "Partner With Us");
    for (const name of [
      "Podcasts are made to be heard, not remembered",
      "Episodes your audience can learn from",
      "Live in four steps",
      "Built for everyone who makes or teaches with podcasts",
      "A huge audience, a memory problem",
      "Let's build something together",
    ]) {
      await expect(heading(page, name, 2)).toBeVisible();
    }
    await expect(page.locator("#how-it-works ol > li")).toHaveCount(4);
    for (const audience of ["Podcast creators", "Podcast networks", "Educators"]) {
      await expect(heading(page, audience, 3)).toBeVisible();
    }

    await page.getByRole("button", { name: "Learn How It Works" }).click();
    await expect(heading(page, "Live in four steps")).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Partner With Us" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toBeInViewport();
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  });

  test("the form validates, shows Sending..., stores the message and thanks the sender", async ({ page }) => {
    let contactRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/contact")) contactRequests++;
    });
    await page.goto("/partner");
    const send = page.getByRole("button", { name: "Send Message" });

    await send.click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Name", { exact: true }).fill("Mira Holm");
    await expect(page.getByText("Please enter your name.")).toHaveCount(0);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    await send.click();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    expect(contactRequests).toBe(0);

    await page.getByLabel("Email", { exact: true }).fill("mira@example.com");
    await page.getByLabel("I am a", { exact: true }).selectOption("network");
    await page.getByLabel("Podcast", { exact: true }).fill("The Long View");
    await page
      .getByLabel("Message", { exact: true })
      .fill("We run six shows and would like to add mindmaps to all of them.");

    const stored = page.waitForResponse(
      (response) => response.url().endsWith("/api/v1/contact") && response.request().method() === "POST",
    );
    await send.click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeVisible();
    const response = await stored;
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.request().postDataJSON()).toEqual({
      name: "Mira Holm",
      email: "mira@example.com",
      role: "network",
      podcast: "The Long View",
      message: "We run six shows and would like to add mindmaps to all of them.",
    });

    await expect(toast(page)).toContainText("Thanks for reaching out!");
    await expect(toast(page)).toContainText("We'll get back to you within 24 hours.");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    expect(contactRequests).toBe(1);
  });
});

test.describe("pricing", () => {
  test("shows both plans; signed out, Upgrade to Plus asks to sign in", async ({ page }) => {
    await page.goto("/pricing");
    await expectMeta(page, "Pricing");
    const free = page.getByRole("region", { name: "Free" });
    const plus = page.getByRole("region", { name: "Plus" });
    await expect(free).toContainText("SEK 0");
    await expect(free).toContainText("Import podcasts and transcripts");
    await expect(plus).toContainText("SEK 79");
    await expect(plus).toContainText("/month");
    await expect(plus).toContainText("First 2 weeks free");
    await expect(plus).toContainText("Popular");
    for (const feature of [
      "Unlimited podcasts and checkpoints",
      "Personal spaced repetition",
      "Notion and Readwise export",
      "Full Deep Dives",
      "Advanced mindmaps",
      "Detailed analytics",
      "AI questions about episodes",
      "Priority support",
    ]) {
      await expect(plus).toContainText(feature);
    }
    await expect(page.getByText("All plans include a 14-day money-back guarantee")).toBeVisible();

    await plus.getByRole("button", { name: "Upgrade to Plus" }).click();
    await expect(toast(page)).toContainText("Please sign in to upgrade");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fpricing$/);

    await page.goto("/pricing");
    await free.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/auth/);
  });
});

const scanned = ["/about", "/faq", "/pricing", "/partner"];

for (const theme of ["dark", "light"] as const) {
  for (const path of scanned) {
    test(`axe finds no serious or critical violation on ${path} (${theme})`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.evaluate((resolved) => {
        const root = document.documentElement;
        root.classList.toggle("dark", resolved === "dark");
        root.classList.toggle("light", resolved === "light");
        root.style.colorScheme = resolved;
      }, theme);
      if (path === "/faq") await page.getByRole("button", { name: "Is Earmark free?" }).click();
      if (path === "/about") {
        await page.getByTestId("count-up-value").first().scrollIntoViewIfNeeded();
        await expect(page.getByTestId("count-up-value").first()).toHaveText("50-80%", { timeout: 4000 });
      }
      // After the colours' transitions from the theme switch above have ended: mid-transition, a
      // link's colour is between the two themes' and fails contrast (a flake seen on /pricing).
      await expectAccessible(page, `${path} (${theme})`);
    });
  }
}

const overflowPages = ["/about", "/faq", "/privacy", "/terms", "/partner", "/pricing", "/leaderboard"];

for (const width of [360, 768, 1280]) {
  test(`no horizontal overflow at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of overflowPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
