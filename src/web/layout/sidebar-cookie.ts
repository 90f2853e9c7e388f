/** Spec 1 §9: the sidebar's expanded/collapsed state is kept in a cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";

/**
 * Read synchronously, before the first render, so the sidebar never flashes. Apart from the store
 * (sidebar-state.ts) so the root layout can size the sidebar's place without loading zustand.
 */
export function readSidebarCookie(cookie = typeof document === "undefined" ? "" : document.cookie): boolean {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "false";
}
