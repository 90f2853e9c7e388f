import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * Every environment variable the server reads, with its default. Read once at start; an invalid
 * value stops the process with a message naming the variable (README lists the same table).
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    // Unset: twice the cores, at least 4 (`defaultPoolSize`, decision 060).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    JOBS_IN_PROCESS: booleanFromEnv.default(true),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    SEED_DEMO: booleanFromEnv.default(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Readable lines for a person (default in a terminal) or JSON lines for a log system (default otherwise). */
    LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    SIGN_IN_LIMIT_PER_EMAIL_AND_IP: z.coerce.number().int().min(1).default(10),
    SIGN_IN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(100),
    SIGN_IN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    INGEST_FEEDS: z.string().optional(),
    INGEST_SYNC_CRON: z.string().min(9).default("0 * * * *"),
    INGEST_ALLOWED_ADDRESSES: z.string().optional(),
    // The whole fetch of one feed (or transcript, chapters, cover), redirects and body included.
    INGEST_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
    YOUTUBE_OEMBED_URL: z.url().default("https://www.youtube.com/oembed"),
    YOUTUBE_FEED_URL: z.url().default("https://www.youtube.com/feeds/videos.xml"),
    SUPPORT_EMAIL: z.email().default("support@earmark.app"),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    AI_BASE_URL: z.url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().default("gpt-4o-mini"),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    TRANSCRIBE_BASE_URL: z.url().optional(),
    TRANSCRIBE_API_KEY: z.string().optional(),
    TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
    // OpenAI and Groq refuse uploads over 25 MB; longer audio is re-encoded and cut to fit.
    TRANSCRIBE_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(16 * 1024)
      .default(25 * 1000 * 1000),
    TRANSCRIBE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(60 * 60_000)
      .default(10 * 60_000),
    // Queue a transcription for every new episode without one (each costs a paid request on a hosted service).
    TRANSCRIBE_AUTO: booleanFromEnv.default(false),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_PUBLIC_URL: z.url().optional(),
    // Plus billing (decision 030): all three or none; without them billing is off.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_PRICE_ID: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    // Another Stripe API host (a stand-in in tests); the SDK's default is https://api.stripe.com.
    STRIPE_API_URL: z.url().optional(),
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    path: ["GOOGLE_CLIENT_ID"],
  })
  .superRefine((env, context) => {
    const missing = S3_REQUIRED.filter((name) => !env[name]);
    if (missing.length === 0 || missing.length === S3_REQUIRED.length) return;
    context.addIssue({
      code: "custom",
      path: [missing.join(", ")],
      message: `must be set too: avatars go to S3-compatible storage only when ${S3_REQUIRED.join(", ")} are all set (leave all four unset to keep them on local disk under DATA_DIR)`,
    });
  })
  .superRefine((env, context) => {
    const missing = STRIPE_REQUIRED.filter((name) => !env[name]);
    if (missing.length === 0 || missing.length === STRIPE_REQUIRED.length) return;
    context.addIssue({
      code: "custom",
      path: [missing.join(", ")],
      message: `must be set too: Plus billing is on only when ${STRIPE_REQUIRED.join(", ")} are all set (leave all three unset to turn billing off)`,
    });
  });

/** The variables that together turn Plus billing on. */
const STRIPE_REQUIRED = ["STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET"] as const;

/** Stripe settings when billing is on. */
export type BillingConfig = {
  secretKey: string;
  priceId: string;
  webhookSecret: string;
  /** Host, port and protocol for the SDK when STRIPE_API_URL points it elsewhere. */
  api: { host: string; port: number; protocol: "http" | "https" } | null;
};

/** The variables that together select S3-compatible avatar storage; none of them selects local disk. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Where uploaded avatars are kept: local disk under DATA_DIR, or an S3-compatible bucket. */
export type AvatarStorageConfig =
  | { kind: "local"; directory: string }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** The base of the objects' public URLs (no trailing slash). */
      publicUrl: string;
    };

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  publicUrl: string;
  isGoogleEnabled: boolean;
  /** Feeds the admin lab's "auto-ingest all" and the first start ingest: INGEST_FEEDS, else the demo feeds. */
  ingestFeeds: string[];
  /** Addresses the feed fetcher may reach although private (tests with local feed servers). */
  ingestAllowedAddresses: string[];
  avatarStorage: AvatarStorageConfig;
  logFormat: "pretty" | "json";
  /** null when billing is off (no Stripe configuration). */
  billing: BillingConfig | null;
};

const splitList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function readDemoFeeds(): string[] {
  const file = path.resolve(import.meta.dirname, "../../fixtures/demo/feeds.json");
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as string[]).map((feed) => `/demo/${feed}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    ...values,
    dataDir,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    isGoogleEnabled: Boolean(values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET),
    ingestFeeds: values.INGEST_FEEDS === undefined ? readDemoFeeds() : splitList(values.INGEST_FEEDS),
    ingestAllowedAddresses: splitList(values.INGEST_ALLOWED_ADDRESSES),
    avatarStorage: readAvatarStorage(values, dataDir),
    logFormat: values.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json"),
    billing: readBilling(values),
  };
}

function readBilling(values: z.infer<typeof configSchema>): BillingConfig | null {
  const { STRIPE_SECRET_KEY, STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = values;
  if (!STRIPE_SECRET_KEY || !STRIPE_PRICE_ID || !STRIPE_WEBHOOK_SECRET) return null;
  let api: BillingConfig["api"] = null;
  if (STRIPE_API_URL) {
    const url = new URL(STRIPE_API_URL);
    const protocol = url.protocol === "http:" ? "http" : "https";
    api = { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    priceId: STRIPE_PRICE_ID,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    api,
  };
}

function readAvatarStorage(values: z.infer<typeof configSchema>, dataDir: string): AvatarStorageConfig {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = values;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    return { kind: "local", directory: path.join(dataDir, "avatars") };
  }
  const endpoint = S3_ENDPOINT.replace(/\/+$/, "");
  return {
    kind: "s3",
    endpoint,
    bucket: S3_BUCKET,
    region: values.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    // Path style (endpoint/bucket) works on AWS S3, MinIO and R2 alike; a CDN or an R2 public
    // bucket domain goes in S3_PUBLIC_URL.
    publicUrl: (values.S3_PUBLIC_URL ?? `${endpoint}/${encodeURIComponent(S3_BUCKET)}`).replace(/\/+$/, ""),
  };
}
