import { useQuery } from "@tanstack/react-query";
import { configQueryOptions } from "~/web/lib/session";
import { useIsHydrated } from "./use-is-hydrated";

/** Used until GET /api/v1/config answers, and when it names no address. */
export const FALLBACK_SUPPORT_EMAIL = "support@earmark.app";

/** The configured support address (SUPPORT_EMAIL, served as `supportEmail` by GET /api/v1/config). */
export function readSupportEmail(config: unknown): string {
  const value =
    config && typeof config === "object" && "supportEmail" in config ? config.supportEmail : undefined;
  return typeof value === "string" && value.includes("@") ? value : FALLBACK_SUPPORT_EMAIL;
}

/**
 * The one place the web app reads the support address; shows the fallback while loading, and while
 * prerendered markup (which has the fallback) hydrates.
 */
export function useSupportEmail(): string {
  const { data } = useQuery({ ...configQueryOptions, select: readSupportEmail });
  const isHydrated = useIsHydrated();
  return (isHydrated && data) || FALLBACK_SUPPORT_EMAIL;
}
