import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has a default for every optional variable", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir.endsWith(".data")).toBe(true);
    expect(config.isGoogleEnabled).toBe(false);
    expect(config.JOBS_IN_PROCESS).toBe(true);
  });

  it("names every invalid variable in one error", () => {
    expect(() => loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", AUTH_SECRET: "short" })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it("requires the Google client id and secret together", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrowError(/must be set together/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).isGoogleEnabled).toBe(true);
  });

  it("treats empty variables as unset and parses booleans", () => {
    const config = loadConfig({
      DATABASE_URL: "",
      JOBS_IN_PROCESS: "false",
      PUBLIC_URL: "https://earmark.example/",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JOBS_IN_PROCESS).toBe(false);
    expect(config.publicUrl).toBe("https://earmark.example");
  });
});
