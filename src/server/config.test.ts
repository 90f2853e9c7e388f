import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createDatabase, defaultPoolSize } from "./db/client.ts";

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

describe("feed fetch timeout", () => {
  it("is INGEST_FETCH_TIMEOUT_SECONDS when set, else 15 s, and refuses what is not a whole number of seconds", () => {
    expect(loadConfig({}).INGEST_FETCH_TIMEOUT_SECONDS).toBe(15);
    expect(loadConfig({ INGEST_FETCH_TIMEOUT_SECONDS: "90" }).INGEST_FETCH_TIMEOUT_SECONDS).toBe(90);
    for (const wrong of ["0", "1.5", "601", "soon"]) {
      expect(() => loadConfig({ INGEST_FETCH_TIMEOUT_SECONDS: wrong })).toThrowError(
        /INGEST_FETCH_TIMEOUT_SECONDS/,
      );
    }
  });
});

describe("database pool size", () => {
  it("is DATABASE_POOL_SIZE when set, else twice the cores and at least 4", async () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: "8" }).DATABASE_POOL_SIZE).toBe(8);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrowError(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "lots" })).toThrowError(/DATABASE_POOL_SIZE/);
    expect(defaultPoolSize()).toBe(Math.max(4, 2 * availableParallelism()));
    // No connection is opened until a query runs.
    const unset = createDatabase("postgres://nobody@127.0.0.1:1/none");
    const eight = createDatabase("postgres://nobody@127.0.0.1:1/none", { max: 8 });
    expect(unset.$client.options.max).toBe(defaultPoolSize());
    expect(eight.$client.options.max).toBe(8);
    await Promise.all([unset.$client.end(), eight.$client.end()]);
  });
});

describe("avatar storage", () => {
  const s3 = {
    S3_ENDPOINT: "https://account.r2.cloudflarestorage.com/",
    S3_BUCKET: "avatars",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps avatars on local disk under DATA_DIR by default", () => {
    const config = loadConfig({ DATA_DIR: "/srv/earmark" });
    expect(config.avatarStorage).toEqual({ kind: "local", directory: "/srv/earmark/avatars" });
  });

  it("uses S3 when the four variables are set, path-style unless a public URL is given", () => {
    expect(loadConfig(s3).avatarStorage).toEqual({
      kind: "s3",
      endpoint: "https://account.r2.cloudflarestorage.com",
      bucket: "avatars",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: "https://account.r2.cloudflarestorage.com/avatars",
    });
    const withCdn = loadConfig({ ...s3, S3_REGION: "auto", S3_PUBLIC_URL: "https://img.earmark.example/" });
    expect(withCdn.avatarStorage).toMatchObject({ region: "auto", publicUrl: "https://img.earmark.example" });
  });

  it("refuses a partial S3 configuration, naming what is missing", () => {
    expect(() => loadConfig({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: "avatars" })).toThrowError(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: must be set too/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "", S3_BUCKET: "" })).toThrowError(
      /S3_ENDPOINT, S3_BUCKET/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "not a url" })).toThrowError(/S3_ENDPOINT/);
  });

  it("turns billing on only with the three Stripe variables, and points the SDK at STRIPE_API_URL", () => {
    expect(loadConfig({}).billing).toBeNull();
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PRICE_ID: "price_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(loadConfig(stripe).billing).toEqual({
      secretKey: "sk_test_1",
      priceId: "price_1",
      webhookSecret: "whsec_1",
      api: null,
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).billing?.api).toEqual({
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrowError(
      /STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET: must be set too/,
    );
  });
});
