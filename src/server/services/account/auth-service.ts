import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { authNotices, type SignInInput, type SignUpInput } from "../../../domain/auth.ts";
import type { Session } from "../../../domain/contract/account.ts";
import type { AppDeps, SessionUser } from "../../context.ts";
import { profiles, userRoles } from "../../db/schema/account.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimits, resetRateLimit } from "./rate-limit.ts";

type AuthResult = { user: SessionUser; cookies: string[] };

function toSessionUser(user: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}): SessionUser {
  return { id: user.id, name: user.name, email: user.email, image: user.image ?? null };
}

function isUserExistsError(error: unknown): boolean {
  return error instanceof APIError && String(error.body?.code ?? "").startsWith("USER_ALREADY_EXISTS");
}

/** Creates the account (the database trigger adds the profile) and signs the user in. */
export async function signUp(
  deps: Pick<AppDeps, "auth">,
  input: SignUpInput,
  headers: Headers,
): Promise<AuthResult> {
  try {
    const result = await deps.auth.api.signUpEmail({ body: input, headers, returnHeaders: true });
    return { user: toSessionUser(result.response.user), cookies: result.headers.getSetCookie() };
  } catch (error) {
    if (isUserExistsError(error)) throw new AppError("EMAIL_TAKEN", authNotices.duplicateEmail);
    // Our schema runs first and is stricter than better-auth's, so this is a safety net: whatever
    // else better-auth refuses is the caller's input, not our failure.
    if (error instanceof APIError && error.statusCode < 500) {
      throw new AppError("BAD_REQUEST", `The account could not be created: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Every failure says the same thing, whether the e-mail is unknown or the password wrong, so the
 * answer reveals no accounts.
 *
 * Attempts are counted before the password is checked, in three fixed windows of
 * SIGN_IN_WINDOW_SECONDS (15 minutes), and any one over its limit answers 429:
 * - per address (SIGN_IN_LIMIT_PER_IP, 30): one client guessing across many accounts;
 * - per e-mail and address (SIGN_IN_LIMIT_PER_EMAIL_AND_IP, 10): one client guessing one account's
 *   password. A successful sign-in clears it. It is the limit that stops a guesser without touching
 *   the owner, who signs in from an address that has not failed;
 * - per e-mail from anywhere (SIGN_IN_LIMIT_PER_EMAIL, 100): a ceiling on guessing from many
 *   addresses, high enough that locking the owner out takes ten addresses' worth of failures.
 */
export async function signIn(
  deps: Pick<AppDeps, "auth" | "db" | "config">,
  input: SignInInput,
  headers: Headers,
  clientIp: string,
): Promise<AuthResult> {
  const { config } = deps;
  const windowSeconds = config.SIGN_IN_WINDOW_SECONDS;
  const emailAndIpKey = `sign-in:email-ip:${input.email}:${clientIp}`;
  await consumeRateLimits(
    deps.db,
    [
      { key: `sign-in:ip:${clientIp}`, limit: config.SIGN_IN_LIMIT_PER_IP, windowSeconds },
      { key: emailAndIpKey, limit: config.SIGN_IN_LIMIT_PER_EMAIL_AND_IP, windowSeconds },
      { key: `sign-in:email:${input.email}`, limit: config.SIGN_IN_LIMIT_PER_EMAIL, windowSeconds },
    ],
    (wait) => `Too many sign-in attempts. Please wait ${wait} and try again.`,
  );
  try {
    const result = await deps.auth.api.signInEmail({ body: input, headers, returnHeaders: true });
    await resetRateLimit(deps.db, emailAndIpKey);
    return { user: toSessionUser(result.response.user), cookies: result.headers.getSetCookie() };
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw new AppError("INVALID_CREDENTIALS", authNotices.invalidCredentials);
    }
    throw error;
  }
}

export async function signOut(deps: Pick<AppDeps, "auth">, headers: Headers): Promise<string[]> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // Signing out without a valid session is already the desired state.
    if (error instanceof APIError && error.statusCode < 500) return [];
    throw error;
  }
}

export async function getSessionPayload(
  deps: Pick<AppDeps, "db">,
  user: SessionUser | null,
): Promise<Session> {
  if (!user) return { user: null, profile: null, roles: [] as string[] };
  const [profileRows, roleRows] = await Promise.all([
    deps.db
      .select({
        name: profiles.name,
        handle: profiles.handle,
        avatarUrl: profiles.avatarUrl,
        theme: profiles.theme,
        xp: profiles.xp,
        level: profiles.level,
        timeZone: profiles.timeZone,
      })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .limit(1),
    deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id)),
  ]);
  return { user, profile: profileRows[0] ?? null, roles: roleRows.map((row) => row.role) };
}
