import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressMatches, isBlockedAddress } from "./ip-address.ts";
import { FetchError, type FetchPolicy, type Resolver, safeFetch } from "./safe-fetch.ts";

describe("isBlockedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback /8"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network /8"],
    ["10.0.0.1", "private 10/8"],
    ["10.255.255.255", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local / cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "TEST-NET-1"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["febf::1", "IPv6 link-local /10 upper end"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback (dotted)"],
    ["::ffff:7f00:1", "IPv4-mapped loopback (hex)"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata"],
    ["0:0:0:0:0:ffff:c0a8:0101", "IPv4-mapped 192.168.1.1 spelled out"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["64:ff9b::10.0.0.1", "NAT64 of private"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "Teredo"],
    ["100::1", "discard-only"],
    ["not-an-ip", "not an address (fails closed)"],
    ["", "empty (fails closed)"],
  ])("blocks %s (%s)", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
  ])("allows public %s", (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });

  it("matches allowed addresses and CIDRs, IPv4-mapped forms included", () => {
    expect(addressMatches("127.0.0.1", "127.0.0.1")).toBe(true);
    expect(addressMatches("::ffff:127.0.0.1", "127.0.0.1")).toBe(true);
    expect(addressMatches("10.1.2.3", "10.0.0.0/8")).toBe(true);
    expect(addressMatches("11.1.2.3", "10.0.0.0/8")).toBe(false);
    expect(addressMatches("fd00::5", "fd00::/8")).toBe(true);
    expect(addressMatches("fe80::5", "fd00::/8")).toBe(false);
    expect(addressMatches("::1", "127.0.0.1")).toBe(false);
    expect(addressMatches("127.0.0.1", "bogus/8")).toBe(false);
  });
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function startServer(handler: Handler) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, origin: `http://127.0.0.1:${port}`, requests };
}

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';
const ETAG = '"v1"';
const LAST_MODIFIED = "Mon, 01 Jan 2024 00:00:00 GMT";

let main: Awaited<ReturnType<typeof startServer>>;
let other: Awaited<ReturnType<typeof startServer>>;
const sockets = new Set<import("node:net").Socket>();

const mainHandler: Handler = (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const path = url.pathname;
  if (path === "/feed") {
    if (req.headers["if-none-match"] === ETAG || req.headers["if-modified-since"] === LAST_MODIFIED) {
      res.writeHead(304, { etag: ETAG }).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/rss+xml", etag: ETAG, "last-modified": LAST_MODIFIED });
    res.end(FEED);
  } else if (path === "/only-last-modified") {
    if (req.headers["if-modified-since"] === LAST_MODIFIED) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { "last-modified": LAST_MODIFIED }).end(FEED);
  } else if (path.startsWith("/hops/")) {
    const left = Number(path.split("/")[2]);
    if (left > 0) res.writeHead(302, { location: `/hops/${left - 1}` }).end();
    else res.writeHead(200, { "content-type": "text/xml" }).end(FEED);
  } else if (path === "/relative-redirect") {
    res.writeHead(301, { location: "feed" }).end();
  } else if (path === "/redirect") {
    res.writeHead(307, { location: url.searchParams.get("to") ?? "/" }).end();
  } else if (path === "/big") {
    // No content-length: the cap has to hold while streaming.
    res.writeHead(200, { "content-type": "text/xml" });
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once("drain", pump);
          return;
        }
      }
      res.end();
    };
    res.on("error", () => {});
    pump();
  } else if (path === "/big-declared") {
    res.writeHead(200, { "content-length": String(10 * 1024 * 1024) });
    res.write("a");
    res.on("error", () => {});
  } else if (path === "/bomb") {
    const compressed = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0));
    res.writeHead(200, { "content-encoding": "gzip", "content-length": String(compressed.length) });
    res.on("error", () => {});
    res.end(compressed);
  } else if (path === "/gzip") {
    res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync(FEED));
  } else if (path === "/br") {
    res.writeHead(200, { "content-encoding": "br" }).end(zlib.brotliCompressSync(FEED));
  } else if (path === "/deflate") {
    res.writeHead(200, { "content-encoding": "deflate" }).end(zlib.deflateSync(FEED));
  } else if (path === "/deflate-raw") {
    res.writeHead(200, { "content-encoding": "deflate" }).end(zlib.deflateRawSync(FEED));
  } else if (path === "/corrupt-gzip") {
    res.writeHead(200, { "content-encoding": "gzip" }).end(Buffer.from("definitely not gzip"));
  } else if (path === "/slow") {
    res.writeHead(200, { "content-type": "text/xml" });
    res.write("<rss>");
    // …and never finishes.
  } else if (path === "/no-answer") {
    // Never answers at all.
  } else if (path === "/headers") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(req.headers));
  } else {
    res.writeHead(404, { "content-type": "text/plain" }).end("nope");
  }
};

beforeAll(async () => {
  main = await startServer(mainHandler);
  other = await startServer((_req, res) => res.writeHead(200).end(FEED));
  for (const s of [main.server, other.server]) {
    s.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
  }
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([main, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

const allowMain = (): FetchPolicy => ({ allowedOrigins: [main.origin] });

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return error as FetchError;
  }
  throw new Error("expected safeFetch to fail");
}

describe("safeFetch", () => {
  it("refuses a URL to 127.0.0.1 without an allowance and fetches it with allowedAddresses", async () => {
    const refused = await fetchError(safeFetch(`${main.origin}/feed`, { policy: { allowedOrigins: [] } }));
    expect(refused.code).toBe("BLOCKED_ADDRESS");
    expect(refused.message).toMatch(/private network address .*cannot be fetched/);

    const result = await safeFetch(`${main.origin}/feed`, {
      policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
    });
    expect(result).toMatchObject({ status: "ok", finalUrl: `${main.origin}/feed`, etag: ETAG });
    if (result.status === "ok") expect(result.body.toString()).toBe(FEED);
  });

  it("allows a private host named in allowedAddresses, and addresses inside an allowed CIDR", async () => {
    const byName = await safeFetch(`http://localhost:${main.port}/feed`, {
      policy: { allowedOrigins: [], allowedAddresses: ["localhost"] },
    });
    expect(byName.status).toBe("ok");
    const byCidr = await safeFetch(`${main.origin}/feed`, {
      policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.0/8"] },
    });
    expect(byCidr.status).toBe("ok");
  });

  it("fetches the app's own origin through allowedOrigins", async () => {
    const result = await safeFetch(`${main.origin}/feed`, { policy: allowMain() });
    expect(result.status).toBe("ok");
    if (result.status === "ok") {
      expect(result.contentType).toBe("application/rss+xml");
      expect(result.lastModified).toBe(LAST_MODIFIED);
    }
  });

  it("refuses loopback written as IPv6, IPv4-mapped IPv6 or a decimal integer", async () => {
    for (const url of [
      `http://[::1]:${main.port}/feed`,
      `http://[::ffff:127.0.0.1]:${main.port}/feed`,
      `http://[::ffff:7f00:1]:${main.port}/feed`,
      `http://2130706433:${main.port}/feed`,
      `http://0x7f.1:${main.port}/feed`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
    ]) {
      const error = await fetchError(safeFetch(url, { policy: { allowedOrigins: [] } }));
      expect(error.code, url).toBe("BLOCKED_ADDRESS");
    }
    expect(main.requests.some((r) => r.includes("2130706433"))).toBe(false);
  });

  it("refuses a host name that resolves to a private address (real DNS: localhost)", async () => {
    const error = await fetchError(
      safeFetch(`http://localhost:${main.port}/feed`, { policy: { allowedOrigins: [] } }),
    );
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toMatch(/localhost resolves to/);
  });

  it("refuses when ANY resolved address is private, and connects to exactly the checked address", async () => {
    const calls: string[] = [];
    const resolver: Resolver = async (hostname) => {
      calls.push(hostname);
      if (hostname === "mixed.test") {
        return [
          { address: "8.8.8.8", family: 4 },
          { address: "10.0.0.7", family: 4 },
        ];
      }
      if (hostname === "metadata.test") return [{ address: "169.254.169.254", family: 4 }];
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const mixed = await fetchError(
      safeFetch("http://mixed.test/feed", { policy: { allowedOrigins: [] }, lookup: resolver }),
    );
    expect(mixed.code).toBe("BLOCKED_ADDRESS");
    expect(mixed.message).toContain("10.0.0.7");
    const metadata = await fetchError(
      safeFetch("http://metadata.test/", { policy: { allowedOrigins: [] }, lookup: resolver }),
    );
    expect(metadata.code).toBe("BLOCKED_ADDRESS");

    // Allowed only because the test allows 127.0.0.1: the socket goes where the resolver said.
    const ok = await safeFetch(`http://rebind.test:${main.port}/feed`, {
      policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
      lookup: resolver,
    });
    expect(ok.status).toBe("ok");
    expect(main.requests).toContain(`rebind.test:${main.port} /feed`);
    expect(calls.filter((h) => h === "rebind.test")).toHaveLength(1);
  });

  it("refuses a redirect from an allowed server into a blocked address", async () => {
    for (const target of [
      `http://127.0.0.1:${other.port}/feed`,
      `http://localhost:${other.port}/feed`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:10.0.0.1]/",
    ]) {
      const error = await fetchError(
        safeFetch(`${main.origin}/redirect?to=${encodeURIComponent(target)}`, { policy: allowMain() }),
      );
      expect(error.code, target).toBe("BLOCKED_ADDRESS");
      expect(error.message).toMatch(/^The feed redirected to a private network address/);
    }
    expect(other.requests).toHaveLength(0);
  });

  it("refuses a redirect to a non-http scheme", async () => {
    const error = await fetchError(
      safeFetch(`${main.origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, {
        policy: allowMain(),
      }),
    );
    expect(error.code).toBe("BAD_URL");
  });

  it("follows relative redirects and reports the final URL", async () => {
    const result = await safeFetch(`${main.origin}/relative-redirect`, { policy: allowMain() });
    expect(result).toMatchObject({ status: "ok", finalUrl: `${main.origin}/feed` });
  });

  it("follows 5 redirects and refuses the 6th", async () => {
    const five = await safeFetch(`${main.origin}/hops/5`, { policy: allowMain() });
    expect(five).toMatchObject({ status: "ok", finalUrl: `${main.origin}/hops/0` });
    const six = await fetchError(safeFetch(`${main.origin}/hops/6`, { policy: allowMain() }));
    expect(six.code).toBe("TOO_MANY_REDIRECTS");
    expect(six.message).toMatch(/more than 5 times/);
    const custom = await fetchError(
      safeFetch(`${main.origin}/hops/2`, { policy: { ...allowMain(), maxRedirects: 1 } }),
    );
    expect(custom.code).toBe("TOO_MANY_REDIRECTS");
  });

  it("answers not-modified to a conditional GET with ETag", async () => {
    const result = await safeFetch(`${main.origin}/feed`, { policy: allowMain(), etag: ETAG });
    expect(result).toEqual({ status: "not-modified", finalUrl: `${main.origin}/feed` });
  });

  it("answers not-modified to a conditional GET with Last-Modified", async () => {
    const result = await safeFetch(`${main.origin}/only-last-modified`, {
      policy: allowMain(),
      lastModified: LAST_MODIFIED,
    });
    expect(result.status).toBe("not-modified");
    const stale = await safeFetch(`${main.origin}/only-last-modified`, {
      policy: allowMain(),
      lastModified: "Sun, 01 Jan 2023 00:00:00 GMT",
    });
    expect(stale.status).toBe("ok");
  });

  it("sends the user agent, accept and accept-encoding headers", async () => {
    const result = await safeFetch(`${main.origin}/headers`, { policy: allowMain(), accept: "text/vtt" });
    if (result.status !== "ok") throw new Error("expected ok");
    const headers = JSON.parse(result.body.toString()) as Record<string, string>;
    expect(headers["user-agent"]).toBe("Earmark/1.0 (+podcast learning)");
    expect(headers.accept).toBe("text/vtt");
    expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(headers["if-none-match"]).toBeUndefined();
  });

  it("refuses a body over the cap while streaming, and a declared length over the cap at once", async () => {
    const streamed = await fetchError(
      safeFetch(`${main.origin}/big`, { policy: { ...allowMain(), maxBytes: 256 * 1024 } }),
    );
    expect(streamed.code).toBe("TOO_LARGE");
    expect(streamed.message).toMatch(/larger than 256 KB/);
    const declared = await fetchError(
      safeFetch(`${main.origin}/big-declared`, {
        policy: { ...allowMain(), maxBytes: 1024 * 1024, timeoutMs: 2000 },
      }),
    );
    expect(declared.code).toBe("TOO_LARGE");
  });

  it("refuses a gzip bomb by its decompressed size", async () => {
    const error = await fetchError(
      safeFetch(`${main.origin}/bomb`, { policy: { ...allowMain(), maxDecompressedBytes: 1024 * 1024 } }),
    );
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toMatch(/once decompressed/);
  });

  it.each(["gzip", "br", "deflate", "deflate-raw"])("decodes %s bodies", async (encoding) => {
    const result = await safeFetch(`${main.origin}/${encoding}`, { policy: allowMain() });
    if (result.status !== "ok") throw new Error("expected ok");
    expect(result.body.toString()).toBe(FEED);
  });

  it("reports a corrupt compressed body as a network error", async () => {
    const error = await fetchError(safeFetch(`${main.origin}/corrupt-gzip`, { policy: allowMain() }));
    expect(error.code).toBe("NETWORK");
    expect(error.message).toMatch(/corrupt compressed/);
  });

  it("times out a slow body and a server that never answers", async () => {
    const started = Date.now();
    const slow = await fetchError(
      safeFetch(`${main.origin}/slow`, { policy: { ...allowMain(), timeoutMs: 300 } }),
    );
    expect(slow.code).toBe("TIMEOUT");
    expect(slow.message).toMatch(/did not answer within 0.3 seconds/);
    const silent = await fetchError(
      safeFetch(`${main.origin}/no-answer`, { policy: { ...allowMain(), timeoutMs: 300 } }),
    );
    expect(silent.code).toBe("TIMEOUT");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    "file:///etc/passwd",
    "ftp://example.com/feed.xml",
    "data:text/xml,<rss/>",
    "gopher://example.com/",
    "javascript:alert(1)",
    "not a url",
    "",
  ])("refuses %j as BAD_URL", async (url) => {
    const error = await fetchError(safeFetch(url, { policy: { allowedOrigins: [] } }));
    expect(error.code).toBe("BAD_URL");
  });

  it("turns 404 into HTTP_ERROR with the status", async () => {
    const error = await fetchError(safeFetch(`${main.origin}/missing`, { policy: allowMain() }));
    expect(error.code).toBe("HTTP_ERROR");
    expect(error.status).toBe(404);
    expect(error.message).toBe("The feed server answered 404 Not Found.");
  });

  it("reports a refused connection as a network error", async () => {
    const closed = await startServer(() => {});
    await new Promise((resolve) => closed.server.close(resolve));
    const error = await fetchError(
      safeFetch(`${closed.origin}/`, { policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] } }),
    );
    expect(error.code).toBe("NETWORK");
    expect(error.message).toMatch(/refused the connection/);
  });
});
