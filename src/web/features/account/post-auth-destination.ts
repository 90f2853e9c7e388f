import { isSafeReturnPath } from "~/domain/routes";

/** sessionStorage key under which the invite page parks its token while the visitor signs in. */
export const PENDING_INVITE_TOKEN_KEY = "earmark.pendingInviteToken";

type TokenStorage = Pick<Storage, "getItem" | "removeItem">;

/**
 * Where to go after signing in or up (spec 2 §4): the stored invite first, then a safe
 * same-origin `redirect` return path, else home.
 */
export function resolvePostAuthDestination(options: {
  pendingInviteToken?: string | null;
  redirect?: string | null;
}): string {
  const token = options.pendingInviteToken?.trim();
  if (token) return `/invite/${encodeURIComponent(token)}`;
  if (isSafeReturnPath(options.redirect)) return options.redirect;
  return "/";
}

function readToken(storage: TokenStorage | undefined): string | null {
  try {
    return storage?.getItem(PENDING_INVITE_TOKEN_KEY) ?? null;
  } catch {
    return null; // storage can be unavailable (privacy modes)
  }
}

/** The destination, without touching storage. */
export function peekPostAuthDestination(redirect: string | undefined, storage?: TokenStorage): string {
  return resolvePostAuthDestination({ pendingInviteToken: readToken(storage), redirect });
}

/** The destination; a stored invite token is removed because it is being used now. */
export function takePostAuthDestination(redirect: string | undefined, storage?: TokenStorage): string {
  const pendingInviteToken = readToken(storage);
  if (pendingInviteToken !== null) {
    try {
      storage?.removeItem(PENDING_INVITE_TOKEN_KEY);
    } catch {
      // ignore
    }
  }
  return resolvePostAuthDestination({ pendingInviteToken, redirect });
}

/** sessionStorage when the browser allows it. */
export function browserSessionStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
