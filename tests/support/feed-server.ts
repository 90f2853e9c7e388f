import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";

/** `heldUntil`: the response waits for it, so a test can look at a feed while it is being read. */
export type Resource = {
  body: string | Buffer;
  contentType: string;
  status?: number;
  heldUntil?: Promise<unknown>;
};

/**
 * A resource whose host answers only once `release` is called: the feed is "being read" until then.
 * `release` may be called more than once (a test's `finally` calls it again).
 */
export function holdResource(resource: Omit<Resource, "heldUntil">): {
  resource: Resource;
  release: () => void;
} {
  let release = () => {};
  const heldUntil = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { resource: { ...resource, heldUntil }, release: () => release() };
}

/**
 * A local HTTP server standing in for podcast hosts and the video service: serves the resources
 * you give it, with ETag / If-None-Match, and counts requests per path.
 */
export async function startFeedServer(resources: Record<string, Resource> = {}) {
  const requests = new Map<string, number>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const key = url.pathname;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const resource = resources[`${url.pathname}${url.search}`] ?? resources[key];
    if (!resource) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    await resource.heldUntil;
    const etag = `"${createHash("sha1").update(resource.body).digest("hex")}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response
      .writeHead(resource.status ?? 200, { "content-type": resource.contentType, etag })
      .end(resource.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    resources,
    requests,
    url: (path: string) => `${origin}${path}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FeedEpisode = {
  guid?: string;
  title: string;
  description?: string;
  audio?: string;
  pubDate?: string;
  duration?: string;
  transcript?: string;
  chapters?: string;
  persons?: { name: string; role: string; img?: string; href?: string }[];
  extra?: string;
};

const escapeXml = (value: string) =>
  value.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);

/** A Podcasting 2.0 feed for tests. */
export function buildFeed(options: {
  title: string;
  guid?: string;
  image?: string;
  episodes: FeedEpisode[];
  channelExtra?: string;
}): string {
  const items = options.episodes
    .map((episode) => {
      const persons = (episode.persons ?? [])
        .map(
          (p) =>
            `<podcast:person role="${p.role}"${p.img ? ` img="${escapeXml(p.img)}"` : ""}${p.href ? ` href="${escapeXml(p.href)}"` : ""}>${escapeXml(p.name)}</podcast:person>`,
        )
        .join("");
      return `<item>
  ${episode.guid ? `<guid isPermaLink="false">${escapeXml(episode.guid)}</guid>` : ""}
  <title>${escapeXml(episode.title)}</title>
  ${episode.description ? `<description>${escapeXml(episode.description)}</description>` : ""}
  ${episode.audio ? `<enclosure url="${escapeXml(episode.audio)}" type="audio/mpeg" length="1000"/>` : ""}
  ${episode.pubDate ? `<pubDate>${episode.pubDate}</pubDate>` : ""}
  ${episode.duration ? `<itunes:duration>${episode.duration}</itunes:duration>` : ""}
  ${episode.transcript ? `<podcast:transcript url="${escapeXml(episode.transcript)}" type="text/vtt" language="en"/>` : ""}
  ${episode.chapters ? `<podcast:chapters url="${escapeXml(episode.chapters)}" type="application/json+chapters"/>` : ""}
  ${persons}${episode.extra ?? ""}
</item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>${escapeXml(options.title)}</title>
  <description>A test podcast.</description>
  <link>https://example.com/</link>
  ${options.guid ? `<podcast:guid>${options.guid}</podcast:guid>` : ""}
  ${options.image ? `<itunes:image href="${escapeXml(options.image)}"/>` : ""}
  ${options.channelExtra ?? ""}
${items}
</channel>
</rss>`;
}
