import { secureHeaders } from "hono/secure-headers";

/** The only third-party frame: YouTube's privacy-enhanced player (web/features/episode/components/episode-media.tsx). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The Content-Security-Policy of every response (the SPA, the landing page, /api/docs and the JSON
 * API alike), as directive → sources:
 * - scripts only from this origin: the build has no inline script and no eval;
 * - styles from this origin plus inline: index.html's `style` attribute, the prerendered landing's
 *   style attributes, sonner and Radix inject <style> elements at run time, /api/docs has one;
 * - images and audio from any https host (podcast artwork and enclosures live on the publishers'
 *   hosts), images also as data: URLs; over plain http (local use) http hosts too;
 * - fetches only to this origin; frames only from YouTube's embed host; no plugins; nobody may
 *   frame the app; <base> and form targets only this origin.
 */
export function createContentSecurityPolicy(isHttps: boolean) {
  const remote = isHttps ? ["https:"] : ["https:", "http:"];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", ...remote],
    mediaSrc: ["'self'", ...remote],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: [YOUTUBE_EMBED_ORIGIN],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** 180 days (Hono's default); sent only when PUBLIC_URL is https. */
const HSTS = "max-age=15552000; includeSubDomains";

/**
 * Hono's secure headers with our CSP. HSTS only over https: on an http PUBLIC_URL (local use) it
 * would be ignored by browsers at best and pin a host name to https at worst.
 */
export function createSecurityHeaders(publicUrl: string) {
  const isHttps = new URL(publicUrl).protocol === "https:";
  return secureHeaders({
    contentSecurityPolicy: createContentSecurityPolicy(isHttps),
    strictTransportSecurity: isHttps ? HSTS : false,
    xFrameOptions: "DENY",
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: "same-origin-allow-popups",
  });
}
