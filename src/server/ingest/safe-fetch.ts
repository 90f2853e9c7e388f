import { promises as dnsPromises, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import { addressMatches, isBlockedAddress, isIpLiteral, unbracket } from "./ip-address.ts";

export type FetchPolicy = {
  /** Origins (e.g. "http://localhost:3000") always allowed even though they are loopback: the app's own origin. */
  allowedOrigins: string[];
  /** Test-only escape hatch: hosts/CIDRs allowed despite being private (e.g. ["127.0.0.1"]). */
  allowedAddresses?: string[];
  /** Whole fetch including redirects and body. Default 15000. */
  timeoutMs?: number;
  /** Bytes on the wire. Default 50 MB. */
  maxBytes?: number;
  /** Bytes after gzip/br/deflate decoding. Default 100 MB. */
  maxDecompressedBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  userAgent?: string;
};

export type FetchResult =
  | { status: "not-modified"; finalUrl: string }
  | {
      status: "ok";
      finalUrl: string;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export type FetchErrorCode =
  | "BAD_URL"
  | "BLOCKED_ADDRESS"
  | "TIMEOUT"
  | "TOO_LARGE"
  | "TOO_MANY_REDIRECTS"
  | "HTTP_ERROR"
  | "NETWORK";

export class FetchError extends Error {
  override name = "FetchError";
  code: FetchErrorCode;
  /** HTTP status for HTTP_ERROR. */
  status?: number;
  constructor(code: FetchErrorCode, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.status !== undefined) this.status = options.status;
  }
}

/** Resolves a hostname to every address (like dns.lookup with all: true). Injectable for tests. */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

export type SafeFetchOptions = {
  policy: FetchPolicy;
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /** Replaces dns.lookup (tests). Whatever it returns is checked like real DNS answers. */
  lookup?: Resolver;
};

const DEFAULTS = {
  timeoutMs: 15_000,
  maxBytes: 50 * 1024 * 1024,
  maxDecompressedBytes: 100 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: "Earmark/1.0 (+podcast learning)",
};
const DEFAULT_ACCEPT =
  "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, application/atom+xml;q=0.8, */*;q=0.5";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const defaultResolver: Resolver = (hostname, family) =>
  dnsPromises.lookup(hostname, { all: true, family, order: "verbatim" });

const formatSeconds = (ms: number) => {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
};

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

type Limits = typeof DEFAULTS;
type Hop =
  | { kind: "redirect"; location: string }
  | { kind: "not-modified" }
  | {
      kind: "ok";
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

function parseFetchUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError(
      "BAD_URL",
      base
        ? "The feed redirected to an address that is not a valid URL."
        : "The feed address is not a valid URL.",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError(
      "BAD_URL",
      `Only http:// and https:// addresses can be fetched; ${base ? "the feed redirected to" : "the feed address is"} a ${url.protocol} address.`,
    );
  }
  if (!url.hostname) throw new FetchError("BAD_URL", "The feed address has no host name.");
  return url;
}

function normalizeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

function blockedError(host: string, address: string, redirected: boolean): FetchError {
  const where = host === address ? address : `${host} resolves to ${address}`;
  return new FetchError(
    "BLOCKED_ADDRESS",
    `${redirected ? "The feed redirected to" : "The feed address points to"} a private network address (${where}) and cannot be fetched.`,
  );
}

/** Is `address` (of `host`) allowed by the test escape hatch? */
function isAllowedAddress(policy: FetchPolicy, host: string, address: string): boolean {
  const entries = policy.allowedAddresses ?? [];
  if (entries.length === 0) return false;
  const lowerHost = host.toLowerCase();
  return entries.some((entry) =>
    isIpLiteral(entry.split("/")[0] ?? "")
      ? addressMatches(address, entry)
      : entry.toLowerCase() === lowerHost,
  );
}

function networkError(error: NodeJS.ErrnoException, host: string): FetchError {
  const code = error.code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return new FetchError("NETWORK", `The feed server ${host} could not be found.`, { cause: error });
  }
  if (code === "ECONNREFUSED") {
    return new FetchError("NETWORK", `The feed server ${host} refused the connection.`, { cause: error });
  }
  if (code === "ECONNRESET" || code === "EPIPE" || error.message === "aborted") {
    return new FetchError("NETWORK", `The connection to the feed server ${host} was interrupted.`, {
      cause: error,
    });
  }
  if (code.startsWith("ERR_TLS") || code.includes("CERT") || code.startsWith("ERR_SSL")) {
    return new FetchError(
      "NETWORK",
      `The feed server ${host} has an invalid security certificate (${code}).`,
      {
        cause: error,
      },
    );
  }
  return new FetchError(
    "NETWORK",
    `Could not fetch the feed from ${host}: ${code ? `${code} ` : ""}${error.message}`.trim(),
    {
      cause: error,
    },
  );
}

function header(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function createDecoder(encoding: string, first: Buffer): Transform {
  if (encoding === "br") return zlib.createBrotliDecompress();
  if (encoding === "deflate") {
    // "deflate" should be zlib-wrapped (RFC 9110) but some servers send raw deflate.
    const cmf = first[0] ?? 0;
    const flg = first[1] ?? 0;
    const zlibWrapped = (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
    return zlibWrapped ? zlib.createInflate() : zlib.createInflateRaw();
  }
  return zlib.createGunzip();
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  limits: Limits,
  deadline: number,
  redirected: boolean,
): Promise<Hop> {
  const { policy } = options;
  const host = unbracket(url.hostname);
  const allowedOrigins = new Set(policy.allowedOrigins.map(normalizeOrigin).filter((o) => o !== null));
  const originAllowed = allowedOrigins.has(url.origin);

  // A literal IP never goes through `lookup`, so it is checked here.
  if (
    !originAllowed &&
    isIpLiteral(host) &&
    isBlockedAddress(host) &&
    !isAllowedAddress(policy, host, host)
  ) {
    return Promise.reject(blockedError(host, host, redirected));
  }

  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    let refused: FetchError | null = null;
    const cleanups: (() => void)[] = [];
    const finish = (error: FetchError | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const cleanup of cleanups) cleanup();
      if (error) reject(error);
      else resolve(hop as Hop);
    };

    const resolver = options.lookup ?? defaultResolver;
    // Resolution and the check happen in one step and the socket connects to exactly the checked
    // addresses, so a DNS answer that changes between check and connect (rebinding) cannot slip in.
    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      const family = lookupOptions.family === 4 || lookupOptions.family === "IPv4" ? 4 : 0;
      const wanted = lookupOptions.family === 6 || lookupOptions.family === "IPv6" ? 6 : family;
      Promise.resolve()
        .then(() => resolver(hostname, wanted))
        .then(
          (addresses) => {
            if (addresses.length === 0) {
              const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
              error.code = "ENOTFOUND";
              callback(error, "");
              return;
            }
            if (!originAllowed) {
              const bad = addresses.find(
                (a) => isBlockedAddress(a.address) && !isAllowedAddress(policy, hostname, a.address),
              );
              if (bad) {
                refused = blockedError(hostname, bad.address, redirected);
                callback(refused, "");
                return;
              }
            }
            if (lookupOptions.all) callback(null, addresses);
            else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
          },
          (error: NodeJS.ErrnoException) => callback(error, ""),
        );
    };

    const headers: Record<string, string> = {
      "user-agent": policy.userAgent ?? limits.userAgent,
      accept: options.accept ?? DEFAULT_ACCEPT,
      "accept-encoding": "gzip, deflate, br",
    };
    if (options.etag) headers["if-none-match"] = options.etag;
    if (options.lastModified) headers["if-modified-since"] = options.lastModified;

    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers,
      agent: false,
      lookup,
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
      servername: isIpLiteral(host) ? undefined : host,
    });
    cleanups.push(() => request.destroy());

    const remaining = Math.max(0, deadline - Date.now());
    const timer = setTimeout(() => {
      finish(
        new FetchError(
          "TIMEOUT",
          `The feed server did not answer within ${formatSeconds(limits.timeoutMs)}.`,
        ),
      );
    }, remaining);

    request.on("error", (error: NodeJS.ErrnoException) => {
      finish(refused ?? (error instanceof FetchError ? error : networkError(error, host)));
    });

    request.on("response", (res) => {
      cleanups.push(() => res.destroy());
      res.on("error", (error: NodeJS.ErrnoException) => finish(networkError(error, host)));
      const status = res.statusCode ?? 0;

      if (REDIRECT_STATUSES.has(status)) {
        const location = header(res, "location");
        if (!location) {
          finish(
            new FetchError(
              "HTTP_ERROR",
              `The feed server answered ${status} without saying where the feed moved.`,
              {
                status,
              },
            ),
          );
          return;
        }
        finish(null, { kind: "redirect", location });
        return;
      }
      if (status === 304) {
        finish(null, { kind: "not-modified" });
        return;
      }
      if (status < 200 || status > 299) {
        const reason = http.STATUS_CODES[status];
        finish(
          new FetchError("HTTP_ERROR", `The feed server answered ${status}${reason ? ` ${reason}` : ""}.`, {
            status,
          }),
        );
        return;
      }

      const tooLarge = () =>
        new FetchError(
          "TOO_LARGE",
          `The feed is larger than ${formatBytes(limits.maxBytes)} and cannot be fetched.`,
        );
      const tooLargeDecoded = () =>
        new FetchError(
          "TOO_LARGE",
          `The feed is larger than ${formatBytes(limits.maxDecompressedBytes)} once decompressed and cannot be fetched.`,
        );
      const declared = Number(header(res, "content-length"));
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        finish(tooLarge());
        return;
      }

      const encoding = (header(res, "content-encoding") ?? "identity").trim().toLowerCase();
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      let decodedBytes = 0;
      let decoder: Transform | null = null;
      const done = () =>
        finish(null, {
          kind: "ok",
          body: Buffer.concat(chunks, decodedBytes),
          contentType: header(res, "content-type"),
          etag: header(res, "etag"),
          lastModified: header(res, "last-modified"),
        });
      const onDecoded = (chunk: Buffer) => {
        if (settled) return;
        decodedBytes += chunk.length;
        if (decodedBytes > limits.maxDecompressedBytes) {
          finish(encoding === "identity" ? tooLarge() : tooLargeDecoded());
          return;
        }
        chunks.push(chunk);
      };

      if (encoding !== "identity" && encoding !== "") {
        if (!["gzip", "x-gzip", "deflate", "br"].includes(encoding)) {
          finish(
            new FetchError("NETWORK", `The feed server used an unsupported content encoding (${encoding}).`),
          );
          return;
        }
      }

      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        wireBytes += chunk.length;
        if (wireBytes > limits.maxBytes) {
          finish(tooLarge());
          return;
        }
        if (encoding === "identity" || encoding === "") {
          onDecoded(chunk);
          return;
        }
        if (!decoder) {
          const created = createDecoder(encoding, chunk);
          decoder = created;
          cleanups.push(() => created.destroy());
          created.on("data", onDecoded);
          created.on("end", done);
          created.on("error", (error) =>
            finish(
              new FetchError("NETWORK", "The feed server sent a corrupt compressed response.", {
                cause: error,
              }),
            ),
          );
        }
        decoder.write(chunk);
      });
      res.on("end", () => {
        if (settled) return;
        if (decoder) decoder.end();
        else done();
      });
    });

    request.end();
  });
}

/**
 * GET a feed (or transcript/chapters file) from the public internet with SSRF protection, conditional
 * GET, manual redirects, a whole-fetch timeout and size caps on the wire and after decompression.
 * Throws FetchError with a message a person can read.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchResult> {
  const limits: Limits = {
    timeoutMs: options.policy.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBytes: options.policy.maxBytes ?? DEFAULTS.maxBytes,
    maxDecompressedBytes: options.policy.maxDecompressedBytes ?? DEFAULTS.maxDecompressedBytes,
    maxRedirects: options.policy.maxRedirects ?? DEFAULTS.maxRedirects,
    userAgent: options.policy.userAgent ?? DEFAULTS.userAgent,
  };
  const deadline = Date.now() + limits.timeoutMs;
  let current = parseFetchUrl(url);
  for (let redirects = 0; ; redirects++) {
    const hop = await requestOnce(current, options, limits, deadline, redirects > 0);
    if (hop.kind === "redirect") {
      if (redirects >= limits.maxRedirects) {
        throw new FetchError(
          "TOO_MANY_REDIRECTS",
          `The feed redirected more than ${limits.maxRedirects} times; giving up.`,
        );
      }
      current = parseFetchUrl(hop.location, current);
      continue;
    }
    if (hop.kind === "not-modified") return { status: "not-modified", finalUrl: current.href };
    return {
      status: "ok",
      finalUrl: current.href,
      body: hop.body,
      contentType: hop.contentType,
      etag: hop.etag,
      lastModified: hop.lastModified,
    };
  }
}
