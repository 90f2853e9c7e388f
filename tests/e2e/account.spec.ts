import { type Browser, expect, type Page, test } from "@playwright/test";
import { toast } from "./support/quiz.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  uniqueEmail,
  waitForCatalog,
} from "./support/shell.ts";

/**
 * /pricing and /account (spec 3 §2, §4, §8; decision 030) against the Stripe stand-in the e2e
 * server starts (tests/e2e/support/serve.ts): Checkout and the billing portal are its pages.
 */
const PASSWORD = "secret-pass";

/** A new account signed in through the API in its own browser context. */
async function newUser(browser: Browser, name = "Billing Tester") {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("account");
  const response = await page.request.post("/api/v1/auth/sign-up", {
    data: { name, email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return { context, page, email };
}

const card = (page: Page, title: string) =>
  page.getByRole("main").getByRole("region", { name: title, exact: true });
const dangerZone = (page: Page) => page.getByRole("region", { name: "Danger Zone" });

test("signed out, Upgrade to Plus asks to sign in and comes back to /pricing", async ({ page, browser }) => {
  const { context, email } = await newUser(browser, "Returning Reader");
  await context.close();
  await page.goto("/pricing");
  await page.getByRole("region", { name: "Plus" }).getByRole("button", { name: "Upgrade to Plus" }).click();
  await expect(toast(page)).toContainText("Please sign in to upgrade");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fpricing$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("region", { name: "Free" })).toContainText("Your current plan");
});

test("upgrade: Loading..., Stripe Checkout, back on /account as Plus, then the billing portal", async ({
  browser,
}) => {
  const { context, page } = await newUser(browser, "Plus Hopeful");
  await page.goto("/pricing");
  const plus = page.getByRole("region", { name: "Plus" });
  await expect(page.getByRole("region", { name: "Free" })).toContainText("Your current plan");

  // Hold the checkout answer until the button has said it is working.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/billing/checkout", async (route) => {
    await held;
    await route.continue();
  });
  await plus.getByRole("button", { name: "Upgrade to Plus" }).click();
  await expect(plus.getByRole("button", { name: "Loading..." })).toBeDisabled();
  release();

  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  await expect(page.getByText("14 days free, then SEK 79 per month")).toBeVisible();
  await page.getByRole("button", { name: "Start trial" }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(toast(page)).toContainText("Welcome to Plus!");
  const plan = card(page, "Plan");
  await expect(plan.getByText("Plus", { exact: true })).toBeVisible();
  await expect(plan.getByText("Trial", { exact: true })).toBeVisible();
  await expect(plan).toContainText(/Trial ends [A-Z][a-z]+ \d{1,2}, \d{4}/);

  await page.goto("/pricing");
  await expect(plus).toContainText("Your current plan");
  await expect(plus.getByRole("button", { name: "Upgrade to Plus" })).toHaveCount(0);

  await page.goto("/account");
  await card(page, "Plan").getByRole("button", { name: "Manage billing" }).click();
  await expect(page.getByRole("heading", { name: "Stand-in billing portal" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Earmark" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(card(page, "Plan").getByText("Trial", { exact: true })).toBeVisible();
  await context.close();
});

test("failures say 'Failed to start checkout', 'Failed to open billing portal' and 'Failed to load account data'", async ({
  browser,
}) => {
  const { context, page } = await newUser(browser);
  await page.route("**/api/v1/billing/checkout", (route) =>
    route.fulfill({
      status: 502,
      json: {
        error: {
          code: "UPSTREAM_FAILED",
          message: "Failed to start checkout. Please try again in a moment.",
        },
      },
    }),
  );
  await page.goto("/pricing");
  await page.getByRole("region", { name: "Plus" }).getByRole("button", { name: "Upgrade to Plus" }).click();
  await expect(toast(page)).toContainText("Failed to start checkout");
  await expect(page).toHaveURL(/\/pricing$/);

  await page.route("**/api/v1/account", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Something went wrong." } } }),
  );
  await page.goto("/account");
  await expect(page.getByRole("alert")).toContainText("Failed to load account data");
  await page.unroute("**/api/v1/account");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(card(page, "Profile")).toBeVisible();

  // A customer exists once a checkout was started (and abandoned): billing can be managed.
  await page.unroute("**/api/v1/billing/checkout");
  expect((await page.request.post("/api/v1/billing/checkout")).status()).toBe(200);
  await page.route("**/api/v1/billing/portal", (route) =>
    route.fulfill({
      status: 502,
      json: {
        error: {
          code: "UPSTREAM_FAILED",
          message: "Failed to open billing portal. Please try again in a moment.",
        },
      },
    }),
  );
  await page.reload();
  await card(page, "Plan").getByRole("button", { name: "Manage billing" }).click();
  await expect(toast(page)).toContainText("Failed to open billing portal");
  await expect(page).toHaveURL(/\/account$/);
  await context.close();
});

test("the account page: signed out goes to /auth; profile, plan and Danger Zone; accessible at 360 px", async ({
  page,
  browser,
}) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);

  const { context, page: signedIn, email } = await newUser(browser, "Casey Account");
  await signedIn.goto("/account");
  await expect(signedIn).toHaveTitle("Account — Earmark");
  const profile = card(signedIn, "Profile");
  await expect(profile).toContainText("Casey Account");
  await expect(profile).toContainText(email);
  await expect(profile).toContainText("not-set");
  const plan = card(signedIn, "Plan");
  await expect(plan.getByText("Free", { exact: true })).toBeVisible();
  await expect(plan.getByRole("link", { name: "Upgrade to Plus" })).toHaveAttribute("href", "/pricing");
  await expect(plan.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
  await expect(dangerZone(signedIn).getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();

  await signedIn.setViewportSize({ width: 360, height: 780 });
  for (const theme of ["Dark", "Light"] as const) {
    await chooseTheme(signedIn, theme);
    await expectNoHorizontalOverflow(signedIn);
    await expectAccessible(signedIn, `account at 360 px (${theme})`);
  }

  await profile.getByRole("link", { name: "Edit Profile" }).click();
  await expect(signedIn).toHaveURL(/\/profile\/edit$/);
  await context.close();
});

test("change the password, download my data, then delete the account for good", async ({ browser }) => {
  const { context, page, email } = await newUser(browser, "Leaving Lee");
  await page.goto("/account");
  const password = card(page, "Password");
  await password.getByLabel("Current password").fill("wrong-password");
  await password.getByLabel("New password").fill("another-secret");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Your current password is not correct.")).toBeVisible();
  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page)).toContainText("Password changed");

  const download = page.waitForEvent("download");
  await card(page, "Your data").getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^earmark-data-\d{4}-\d{2}-\d{2}\.json$/);

  const danger = dangerZone(page);
  await danger.getByRole("button", { name: "Delete account" }).click();
  const confirm = danger.getByRole("button", { name: "Delete my account permanently" });
  await expect(confirm).toBeDisabled();
  await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
  await confirm.click();
  await expect(toast(page)).toContainText("Your account and your data have been deleted.");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("another-secret");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page)).toContainText("Invalid email or password");
  await context.close();
});

test("a Free user at the Ask AI daily limit is told so and offered Plus", async ({ browser, request }) => {
  await waitForCatalog(request);
  const episode = await findEpisode(request, "Why Language Models Make Things Up");
  const { context, page } = await newUser(browser, "Curious Free");
  // The limit itself is enforced and tested on the server (learning.api.test.ts); here, its answer.
  const message =
    "You've asked 10 questions in the last day, the Free plan's limit. Upgrade to Plus for unlimited questions, or ask again in 23 hours.";
  await page.route(`**/api/v1/episodes/${episode.id}/ask`, (route) =>
    route.fulfill({ status: 402, json: { error: { code: "PLAN_LIMIT", message } } }),
  );
  await page.goto(`/ask/${episode.id}`);
  await page.getByRole("textbox", { name: "Your question" }).fill("Why do models hallucinate?");
  await page.getByRole("button", { name: "Send" }).click();
  const limit = page.getByRole("region", { name: "Free plan limit" });
  await expect(limit).toContainText(message);
  await limit.getByRole("link", { name: "Upgrade to Plus" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await context.close();
});

test("Sign out everywhere ends the session on every device", async ({ browser }) => {
  const { context, page, email } = await newUser(browser, "Two Devices");
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  const signIn = await laptopPage.request.post("/api/v1/auth/sign-in", {
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await laptopPage.goto("/account");
  await expect(card(laptopPage, "Profile")).toContainText(email);

  await page.goto("/account");
  await dangerZone(page).getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(toast(page)).toContainText("Signed out on every device.");
  await expect(page).toHaveURL(/\/auth/);

  await laptopPage.goto("/account");
  await expect(laptopPage).toHaveURL(/\/auth\?redirect=%2Faccount$/);
  await Promise.all([context.close(), laptop.close()]);
});
