import { XMLParser } from "fast-xml-parser";
import { isHttpUrl } from "../../domain/podcasts.ts";

export type OpmlFeed = { title: string; xmlUrl: string; htmlUrl: string | null };

export class OpmlError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: false,
  isArray: (name) => name === "outline",
});

const decodeEntities = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? char,
  );

type Outline = {
  text?: string;
  title?: string;
  xmlUrl?: string;
  xmlurl?: string;
  htmlUrl?: string;
  outline?: Outline[];
};

/** A link of the file kept only when it is http(s): `javascript:` and the like are never stored. */
function httpUrlOrNull(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const url = decodeEntities(String(value)).trim();
  return isHttpUrl(url) ? new URL(url).toString() : null;
}

/** Feeds of an OPML document, nested folders flattened, duplicates and non-http(s) URLs dropped. */
export function parseOpml(xml: string): { feeds: OpmlFeed[]; invalid: string[] } {
  if (/<!DOCTYPE/i.test(xml)) throw new OpmlError("The OPML file declares a DOCTYPE; DTDs are not allowed.");
  let document: { opml?: { body?: { outline?: Outline[] } | string } };
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new OpmlError(
      `The file is not valid OPML: ${error instanceof Error ? error.message.split("\n")[0] : "parse error"}`,
    );
  }
  const body = document.opml?.body;
  if (body === undefined) throw new OpmlError("The file is not OPML: it has no <opml><body>.");
  const feeds = new Map<string, OpmlFeed>();
  const invalid: string[] = [];
  const visit = (outlines: Outline[] = []) => {
    for (const outline of outlines) {
      const rawUrl = outline.xmlUrl ?? outline.xmlurl;
      if (rawUrl) {
        const url = decodeEntities(String(rawUrl)).trim();
        let parsed: URL | null = null;
        try {
          parsed = new URL(url);
        } catch {
          parsed = null;
        }
        if (!parsed || !["http:", "https:"].includes(parsed.protocol)) invalid.push(url);
        else if (!feeds.has(parsed.toString())) {
          const title = decodeEntities(String(outline.title ?? outline.text ?? "")).trim();
          feeds.set(parsed.toString(), {
            title: title || parsed.hostname,
            xmlUrl: parsed.toString(),
            htmlUrl: httpUrlOrNull(outline.htmlUrl),
          });
        }
      }
      visit(outline.outline);
    }
  };
  // An empty <body/> parses as a string.
  visit(typeof body === "object" ? body.outline : []);
  return { feeds: [...feeds.values()], invalid };
}

/** OPML 2.0 of `feeds`; a website link that is not http(s) (stored before that rule) is left out. */
export function buildOpml(title: string, feeds: OpmlFeed[]): string {
  const outlines = feeds
    .filter((feed) => isHttpUrl(feed.xmlUrl))
    .map((feed) => ({ ...feed, htmlUrl: feed.htmlUrl && isHttpUrl(feed.htmlUrl) ? feed.htmlUrl : null }))
    .map(
      (feed) =>
        `    <outline type="rss" text="${escapeXml(feed.title)}" title="${escapeXml(feed.title)}" xmlUrl="${escapeXml(feed.xmlUrl)}"${
          feed.htmlUrl ? ` htmlUrl="${escapeXml(feed.htmlUrl)}"` : ""
        }/>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>${escapeXml(title)}</title>
    <dateCreated>${new Date().toUTCString()}</dateCreated>
  </head>
  <body>
${outlines}
  </body>
</opml>
`;
}
