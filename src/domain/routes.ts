/**
 * Every screen path of the product (spec 3 §2, full route table). The server uses it to answer
 * unknown paths with HTTP 404 (and log them) while still serving the SPA, which shows its 404 page.
 */
export const appRoutePatterns = [
  "/",
  "/auth",
  "/episode/:id",
  "/quiz",
  "/quiz/:id",
  "/results/:id",
  "/review",
  "/mindmap/:id",
  "/ask/:id",
  "/leagues",
  "/lists",
  "/lists/:id",
  "/bookmarks",
  "/guest/:id",
  "/host/:id",
  "/podcast/:id",
  "/profile",
  "/profile/edit",
  "/admin",
  "/search",
  "/leaderboard",
  "/friends",
  "/invite/:token",
  "/achievements",
  "/knowledge",
  "/faq",
  "/privacy",
  "/terms",
  "/about",
  "/partner",
  "/pricing",
  "/account",
  "/feed",
  "/feed/:slug",
] as const;

const matchers = appRoutePatterns.map((pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/g, "[^/]+")}/?$`));

export function isAppRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}

/** A post-auth return path is only honoured when it stays on this origin. */
export function isSafeReturnPath(path: string | undefined | null): path is string {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}
