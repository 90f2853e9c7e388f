import { z } from "zod";

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

export const emailField = z
  .string({ error: authNotices.email.description })
  .trim()
  .toLowerCase()
  .max(254, { error: authNotices.email.description })
  .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), { error: authNotices.email.description });

export const passwordField = z
  .string({ error: authNotices.password.description })
  .min(PASSWORD_MIN_LENGTH, { error: authNotices.password.description })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

export const nameField = z
  .string({ error: authNotices.name.description })
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
  if (field === "name")
    return { ...authNotices.name, description: issue?.message ?? authNotices.name.description };
  if (field === "password") {
    if (issue?.code === "too_big") return { title: "Password too long", description: issue.message };
    return authNotices.password;
  }
  return authNotices.email;
}
