import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createSecurityHeaders } from "./security-headers.ts";

async function headersFor(publicUrl: string): Promise<Headers> {
  const app = new Hono();
  app.use(createSecurityHeaders(publicUrl));
  app.get("/", (c) => c.html("<!doctype html><title>Earmark</title>"));
  return (await app.request("/")).headers;
}

describe("security headers", () => {
  it("send HSTS and upgrade-insecure-requests only when PUBLIC_URL is https", async () => {
    const https = await headersFor("https://earmark.example");
    expect(https.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    expect(https.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(https.get("content-security-policy")).toContain("img-src 'self' data: https:;");

    const http = await headersFor("http://localhost:3000");
    expect(http.get("strict-transport-security")).toBeNull();
    expect(http.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    // Over plain http (local use) feeds on http hosts still show their artwork and play.
    expect(http.get("content-security-policy")).toContain("media-src 'self' https: http:;");
  });

  it("write the policy the decision record lists", async () => {
    expect((await headersFor("https://earmark.example")).get("content-security-policy")).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "media-src 'self' https:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src https://www.youtube-nocookie.com",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "upgrade-insecure-requests",
      ].join("; "),
    );
  });
});
