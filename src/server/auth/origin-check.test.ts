import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./origin-check.ts";

const APP = "https://earmark.example";
const check = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), APP);

describe("isSameOriginRequest", () => {
  it("passes the app's own origin and refuses any other", () => {
    expect(check({ origin: APP })).toBe(true);
    expect(check({ origin: "https://evil.example" })).toBe(false);
    expect(check({ origin: "http://earmark.example" })).toBe(false);
    expect(check({ origin: "https://earmark.example:8443" })).toBe(false);
    // Origin decides over Sec-Fetch-Site when both are sent.
    expect(check({ origin: "https://evil.example", "sec-fetch-site": "same-origin" })).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when Origin is absent or null", () => {
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ "sec-fetch-site": "none" })).toBe(true);
    expect(check({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(check({ "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ origin: "null" })).toBe(false);
  });

  it("passes programs that send neither header, and bearer-token callers", () => {
    expect(check({})).toBe(true);
    expect(check({ authorization: "Bearer abc.def", origin: "https://evil.example" })).toBe(true);
    expect(check({ authorization: "Basic abc", origin: "https://evil.example" })).toBe(false);
  });

  it("treats the loopback names of a local install as one origin, and nothing else", () => {
    const local = (origin: string) => isSameOriginRequest(new Headers({ origin }), "http://localhost:3000");
    expect(local("http://127.0.0.1:3000")).toBe(true);
    expect(local("http://[::1]:3000")).toBe(true);
    expect(local("http://127.0.0.1:4000")).toBe(false);
    expect(local("https://127.0.0.1:3000")).toBe(false);
    expect(local("http://evil.example:3000")).toBe(false);
    // A public install gets no such alias.
    expect(check({ origin: "http://127.0.0.1" })).toBe(false);
  });
});
