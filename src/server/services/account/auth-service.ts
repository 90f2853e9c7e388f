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
    throw error;
  }
}

/**
 * Every failure says the same thing, whether the e-mail is unknown or the password wrong, so the
 * answer reveals no accounts. Attempts are limited per IP and per e-mail address.
 */
export async function signIn(
  deps: Pick<AppDeps, "auth" | "db" | "config">,
  input: SignInInput,
  headers: Headers,
  clientIp: string,
): Promise<AuthResult> {
  const { config } = deps;
  const emailKey = `sign-in:email:${input.email}`;
  await consumeRateLimits(deps.db, [
    {
      key: `sign-in:ip:${clientIp}`,
      limit: config.SIGN_IN_LIMIT_PER_IP,
      windowSeconds: config.SIGN_IN_WINDOW_SECONDS,
    },
    { key: emailKey, limit: config.SIGN_IN_LIMIT_PER_EMAIL, windowSeconds: config.SIGN_IN_WINDOW_SECONDS },
  ]);
  try {
    const result = await deps.auth.api.signInEmail({ body: input, headers, returnHeaders: true });
    await resetRateLimit(deps.db, emailKey);
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
