import { z } from "zod";
import { createTextField, textNotices } from "./text.ts";

/**
 * One schema validates the /auth form in the browser and the sign-in/sign-up handlers on the server.
 * Each issue carries the spec's notice: `message` is the title, `params.description` the body
 * (spec 1 §5).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const authNotices = {
  email: { title: "Invalid email", description: "Please enter a valid email address." },
  password: { title: "Password too short", description: "Password must be at least 6 characters." },
  name: { title: "Name required", description: "Please enter your name." },
  signUpSuccess: { title: "Welcome to Earmark", description: "Your account has been created successfully." },
  signInSuccess: { title: "Welcome back!" },
  duplicateEmail: "This email is already registered. Please sign in instead.",
  invalidCredentials: "Invalid email or password. Please try again.",
  googleFailed: "Please try again or use email/password.",
} as const;

/**
 * The e-mail rule (issue 14; see the decision record on request conventions). After surrounding
 * white space is trimmed and letters are lower-cased, an address is accepted when:
 * - it has one "@" and is at most 254 characters;
 * - the local part (before "@") is 1–64 ASCII characters: letters, digits and _ ' + - in runs
 *   separated by single dots (no dot first, last or twice in a row), and does not end in ';
 * - the domain is two or more labels separated by dots, each 1–63 ASCII letters, digits or
 *   hyphens, beginning and ending with a letter or digit, the last (the top-level domain) 2–63
 *   letters.
 * Refused, with the same notice: non-ASCII anywhere (internationalised domains must be typed in
 * their xn-- form: we neither convert nor store Unicode domains), quoted local parts, IP-address
 * and single-label domains (a@localhost, a@b), and invisible characters such as a zero-width space.
 * Every address accepted here is also accepted by better-auth (zod's z.email(), which it checks
 * again), so it never refuses what passed this rule; auth.test.ts checks that.
 */
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?:[a-z0-9_'+-]+\.)*[a-z0-9_'+-]*[a-z0-9_+-]@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(address: string): boolean {
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address);
}

export const emailField = z
  .string({ error: authNotices.email.description })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: authNotices.email.description });

export const passwordField = createTextField(authNotices.password.description)
  .min(PASSWORD_MIN_LENGTH, { error: authNotices.password.description })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

export const nameField = createTextField(authNotices.name.description)
  .trim()
  .min(1, { error: authNotices.name.description })
  .max(100, { error: "Name must be at most 100 characters." });

export const signInSchema = z.object({ email: emailField, password: passwordField });
export const signUpSchema = z.object({ name: nameField, email: emailField, password: passwordField });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The notice (title + description) for the first invalid field, in form order. */
export function getAuthNotice(error: z.ZodError): { title: string; description: string } {
  const issue = error.issues[0];
  const field = issue?.path[0];
  if (issue && isTextNotice(issue.message)) return { title: "Invalid character", description: issue.message };
  if (field === "name")
    return { ...authNotices.name, description: issue?.message ?? authNotices.name.description };
  if (field === "password") {
    if (issue?.code === "too_big") return { title: "Password too long", description: issue.message };
    return authNotices.password;
  }
  return authNotices.email;
}

function isTextNotice(message: string): boolean {
  return Object.values<string>(textNotices).includes(message);
}
