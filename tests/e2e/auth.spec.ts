import { expect, type Page, test } from "@playwright/test";

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

/** The one visible toast (sonner renders toasts as list items in a region named Notifications). */
const toast = (page: Page) => page.locator("[data-sonner-toast]");

async function signUp(
  page: Page,
  { name, email, password }: { name: string; email: string; password: string },
) {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign up, keep the session across reloads, sign out, sign in again", async ({ page }) => {
  const email = uniqueEmail("journey");
  await signUp(page, { name: "Ada Lovelace", email, password: "analytical" });
  await expect(toast(page)).toContainText("Welcome to Earmark");
  await expect(toast(page)).toContainText("Your account has been created successfully.");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText("Ada Lovelace");

  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out on the landing page: its top bar offers Get Started (spec 1 §2 landing top bar).
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toHaveCount(0);

  await signIn(page, email, "analytical");
  await expect(toast(page)).toContainText("Welcome back!");
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
});

test.describe("validation notices", () => {
  const cases = [
    {
      mode: "sign-in",
      fill: { Email: "not-an-email", Password: "secret1" },
      title: "Invalid email",
      text: "Please enter a valid email address.",
      field: "Email",
    },
    {
      mode: "sign-in",
      fill: { Email: "", Password: "secret1" },
      title: "Invalid email",
      text: "Please enter a valid email address.",
      field: "Email",
    },
    {
      mode: "sign-in",
      fill: { Email: "a@b.co", Password: "12345" },
      title: "Password too short",
      text: "Password must be at least 6 characters.",
      field: "Password",
    },
    {
      mode: "sign-up",
      fill: { Name: "   ", Email: "a@b.co", Password: "secret1" },
      title: "Name required",
      text: "Please enter your name.",
      field: "Name",
    },
  ] as const;

  for (const { mode, fill, title, text, field } of cases) {
    test(`${mode}: ${title} (${JSON.stringify(fill)})`, async ({ page }) => {
      let authRequests = 0;
      page.on("request", (request) => {
        if (request.url().includes("/api/v1/auth/sign-")) authRequests++;
      });
      await page.goto(`/auth?mode=${mode}`);
      for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
      await page.getByRole("button", { name: mode === "sign-in" ? "Sign in" : "Create account" }).click();
      await expect(toast(page)).toContainText(title);
      await expect(toast(page)).toContainText(text);
      await expect(page.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
      expect(authRequests).toBe(0);
    });
  }
});

test("a second sign-up with the same e-mail is refused with the spec's message", async ({ page }) => {
  const email = uniqueEmail("duplicate");
  await signUp(page, { name: "First", email, password: "secret-one" });
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out on the landing page: its top bar offers Get Started (spec 1 §2 landing top bar).
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();

  await signUp(page, { name: "Second", email: email.toUpperCase(), password: "secret-two" });
  await expect(toast(page)).toContainText("Error");
  await expect(toast(page)).toContainText("This email is already registered. Please sign in instead.");
  await expect(page).toHaveURL(/\/auth/);
});

test("a wrong password and an unknown e-mail get the same message", async ({ page }) => {
  const email = uniqueEmail("wrong");
  await signUp(page, { name: "Grace", email, password: "right-password" });
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out on the landing page: its top bar offers Get Started (spec 1 §2 landing top bar).
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();

  await signIn(page, email, "wrong-password");
  await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
  const wrongPasswordText = await toast(page).textContent();

  await signIn(page, uniqueEmail("nobody"), "wrong-password");
  await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
  expect(await toast(page).textContent()).toBe(wrongPasswordText);
});

test("the mode toggle, Back and the redirect query", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByLabel("Name")).toHaveCount(0);
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await expect(page.getByLabel("Name")).toBeVisible();
  await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
  await expect(page.getByLabel("Name")).toHaveCount(0);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth?mode=sign-up&redirect=%2Fabout");
  await page.getByLabel("Name").fill("Redirected");
  await page.getByLabel("Email").fill(uniqueEmail("redirect"));
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("an invite token stored in the session wins over the redirect", async ({ page }) => {
  await page.goto("/auth?mode=sign-up&redirect=%2Fabout");
  await page.evaluate(() => sessionStorage.setItem("earmark.pendingInviteToken", "a".repeat(48)));
  await page.getByLabel("Name").fill("Invited");
  await page.getByLabel("Email").fill(uniqueEmail("invited"));
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(new RegExp(`/invite/${"a".repeat(48)}$`));
  expect(await page.evaluate(() => sessionStorage.getItem("earmark.pendingInviteToken"))).toBeNull();
});

test("Continue with Google explains itself when Google is not configured", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(toast(page)).toContainText("Please try again or use email/password.");
  await expect(page).toHaveURL(/\/auth/);
});

test("only one toast is visible at a time", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page)).toContainText("Invalid email");
  await page.getByLabel("Email").fill("a@b.co");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page).filter({ hasText: "Password too short" })).toBeVisible();
  await expect(toast(page).filter({ visible: true })).toHaveCount(1);
});
