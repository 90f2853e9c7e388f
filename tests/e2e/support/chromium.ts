import { existsSync } from "node:fs";

/**
 * The browser for e2e tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the Chromium
 * shipped inside the npm package @sparticuz/chromium (no download needed on a fresh machine).
 */
export async function resolveChromiumPath(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}

/** Flags for a closed network: no background calls to Google's services. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
