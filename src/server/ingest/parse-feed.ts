import { parseYoutubeId, toYoutubeWatchUrl } from "../../domain/media-url.ts";
import { parseDuration } from "./durations.ts";
import {
  analyzeHtml,
  collapseToLine,
  decodeHtmlEntities,
  resolveHttpUrl,
  type ShowNoteLink,
  truncateText,
} from "./html-text.ts";
import {
  attr,
  child,
  children,
  childText,
  parseXmlDocument,
  textOf,
  type XmlElement,
  XmlError,
  type XmlValue,
} from "./xml.ts";

export type ParsedPerson = {
  name: string;
  /** Lowercased; "host" when the feed gives none. */
  role: string;
  /** Lowercased; "cast" when the feed gives none. */
  group: string;
  img: string | null;
  href: string | null;
};

export type ParsedTranscriptLink = { url: string; type: string; language: string | null; rel: string | null };

export type ParsedItem = {
  guid: string | null;
  title: string;
  link: string | null;
  /** Plain text (itunes:summary, else description, else content:encoded), ≤ 5000 characters. */
  summary: string | null;
  /** http(s) links of content:encoded and description, absolute, de-duplicated. */
  showNotes: ShowNoteLink[];
  enclosure: { url: string; type: string | null; length: number | null } | null;
  /** Whole seconds. */
  duration: number | null;
  pubDate: Date | null;
  image: string | null;
  transcripts: ParsedTranscriptLink[];
  chaptersUrl: string | null;
  /** The item's own podcast:person list, else the channel's. */
  persons: ParsedPerson[];
  /** itunes:explicit of the item, else of the channel. */
  explicit: boolean | null;
  episodeNumber: number | null;
  season: number | null;
  /** Canonical watch URL when the link, enclosure, guid or an alternate enclosure is a YouTube video. */
  youtubeUrl: string | null;
  /** itunes:episodeType: "full", "trailer", "bonus" (lowercased) or null. */
  episodeType: string | null;
  /** <category> and itunes:keywords, de-duplicated. */
  categories: string[];
};

export type ParsedFeed = {
  title: string;
  description: string | null;
  author: string | null;
  link: string | null;
  image: string | null;
  podcastGuid: string | null;
  language: string | null;
  persons: ParsedPerson[];
  items: ParsedItem[];
  /** itunes:new-feed-url: the publisher moved the feed here. */
  newFeedUrl: string | null;
  explicit: boolean | null;
  /** itunes:category texts (with subcategories) and <category>, de-duplicated. */
  categories: string[];
};

export class FeedParseError extends Error {
  override name = "FeedParseError";
}

const MAX_SUMMARY = 5000;
const MAX_TITLE = 500;

// ---- small readers ----------------------------------------------------------------------------

/** Text for a plain-text field: entities feeds double-escape are decoded, whitespace collapsed. */
function plain(text: string | null | undefined): string | null {
  if (!text) return null;
  const value = collapseToLine(decodeHtmlEntities(text));
  return value || null;
}

/** Resolves against xml:base of the element, if any, else the inherited base. */
function baseOf(node: XmlValue | undefined, inherited: string): string {
  const declared = attr(node, "xml:base");
  if (!declared) return inherited;
  try {
    return new URL(declared, inherited).href;
  } catch {
    return inherited;
  }
}

function urlFrom(node: XmlValue | undefined, attribute: string | null, base: string): string | null {
  if (!node) return null;
  const raw = attribute ? attr(node, attribute) : textOf(node).trim();
  return resolveHttpUrl(raw, baseOf(node, base));
}

function parseBoolean(value: string | null): boolean | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === "yes" || v === "true" || v === "explicit") return true;
  if (v === "no" || v === "false" || v === "clean") return false;
  return null;
}

function parseNumber(value: string | null): number | null {
  if (!value) return null;
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) && n <= 1_000_000 ? n : null;
}

const TZ_OFFSETS: Record<string, string> = {
  BST: "+0100",
  IST: "+0530",
  CET: "+0100",
  CEST: "+0200",
  EET: "+0200",
  EEST: "+0300",
  WET: "+0000",
  WEST: "+0100",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AEST: "+1000",
  AEDT: "+1100",
  ACST: "+0930",
  ACDT: "+1030",
  AWST: "+0800",
  NZST: "+1200",
  NZDT: "+1300",
  AKST: "-0900",
  AKDT: "-0800",
  HST: "-1000",
  AST: "-0400",
  ADT: "-0300",
  NST: "-0330",
  NDT: "-0230",
};

/** RFC 822 dates as feeds write them (and ISO 8601); times without a zone are taken as UTC. */
export function parseFeedDate(raw: string | null): Date | null {
  if (!raw) return null;
  let text = raw.trim().replace(/\s+/g, " ");
  if (!text) return null;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  if (iso) text += "Z";
  let time = Date.parse(text);
  if (Number.isNaN(time)) {
    text = text
      .replace(/^[^\d,]+,\s*/, "") // weekday, in any language
      .replace(/\b([A-Z]{2,5})$/, (zone) => TZ_OFFSETS[zone] ?? zone)
      .replace(/\bSept\b/i, "Sep")
      .replace(/\b(\d{1,2})(st|nd|rd|th)\b/, "$1");
    time = Date.parse(text);
  }
  if (
    !Number.isNaN(time) &&
    !iso &&
    !/(?:[+-]\d{2}:?\d{2}|\b[A-Z]{1,5}|Z)$/i.test(text) &&
    /\d:\d{2}/.test(text)
  ) {
    // RFC 822 requires a zone; without one V8 would use the server's zone. Read it as UTC.
    const utc = Date.parse(`${text} GMT`);
    if (!Number.isNaN(utc)) time = utc;
  }
  if (Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  return year >= 1900 && year <= 2200 ? new Date(time) : null;
}

function inferTranscriptType(url: string): string {
  const path = new URL(url).pathname.toLowerCase();
  if (path.endsWith(".vtt")) return "text/vtt";
  if (path.endsWith(".srt")) return "application/x-subrip";
  if (path.endsWith(".json")) return "application/json";
  if (path.endsWith(".html") || path.endsWith(".htm")) return "text/html";
  return "text/plain";
}

function readPersons(node: XmlValue | undefined, base: string): ParsedPerson[] {
  const persons: ParsedPerson[] = [];
  const seen = new Set<string>();
  for (const element of children(node, "podcast:person")) {
    const name = plain(textOf(element));
    if (!name) continue;
    const role = (attr(element, "role") ?? "host").toLowerCase();
    const key = `${name.toLowerCase()}\u0000${role}`;
    if (seen.has(key)) continue;
    seen.add(key);
    persons.push({
      name,
      role,
      group: (attr(element, "group") ?? "cast").toLowerCase(),
      img: urlFrom(element, "img", base),
      href: urlFrom(element, "href", base),
    });
  }
  return persons;
}

function imageOf(node: XmlValue | undefined, base: string): string | null {
  for (const image of children(node, "itunes:image")) {
    const url = urlFrom(image, "href", base) ?? urlFrom(image, "url", base) ?? urlFrom(image, null, base);
    if (url) return url;
  }
  for (const image of children(node, "podcast:images")) {
    const srcset = attr(image, "srcset")?.split(",")[0]?.trim().split(/\s+/)[0];
    const url = resolveHttpUrl(srcset, baseOf(image, base));
    if (url) return url;
  }
  for (const thumbnail of children(node, "media:thumbnail")) {
    const url = urlFrom(thumbnail, "url", base);
    if (url) return url;
  }
  for (const content of children(node, "media:content")) {
    if (attr(content, "medium") === "image" || attr(content, "type")?.startsWith("image/")) {
      const url = urlFrom(content, "url", base);
      if (url) return url;
    }
  }
  return null;
}

function categoriesOf(node: XmlValue | undefined, withItunes: boolean): string[] {
  const found = new Set<string>();
  const add = (value: string | null | undefined) => {
    const text = plain(value);
    if (text && text.length <= 100) found.add(text);
  };
  const walkItunes = (parent: XmlValue | undefined) => {
    for (const category of children(parent, "itunes:category")) {
      add(attr(category, "text"));
      walkItunes(category);
    }
  };
  if (withItunes) walkItunes(node);
  for (const category of children(node, "category")) add(textOf(category));
  for (const keywords of children(node, "itunes:keywords")) {
    for (const keyword of textOf(keywords).split(",")) add(keyword);
  }
  return [...found];
}

// ---- items ------------------------------------------------------------------------------------

type MediaCandidate = { url: string; type: string | null; length: number | null };

function mediaContents(node: XmlValue | undefined, base: string): MediaCandidate[] {
  const found: MediaCandidate[] = [];
  const scan = (parent: XmlValue | undefined) => {
    for (const content of children(parent, "media:content")) {
      const url = urlFrom(content, "url", base);
      const type = attr(content, "type");
      const medium = attr(content, "medium");
      const isMedia =
        medium === "audio" ||
        medium === "video" ||
        !!type?.startsWith("audio/") ||
        !!type?.startsWith("video/");
      if (url && isMedia) found.push({ url, type, length: positive(attr(content, "filesize")) });
    }
  };
  scan(node);
  for (const group of children(node, "media:group")) scan(group);
  return found;
}

function positive(value: string | null): number | null {
  if (!value || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function readEnclosure(item: XmlValue, base: string): ParsedItem["enclosure"] {
  for (const enclosure of children(item, "enclosure")) {
    const url = urlFrom(enclosure, "url", base);
    if (url) return { url, type: attr(enclosure, "type"), length: positive(attr(enclosure, "length")) };
  }
  return mediaContents(item, base)[0] ?? null;
}

function youtubeOf(candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    // Cheap test first: parsing every link of a 10,000-item feed as a URL is measurable.
    if (!candidate || !/youtu/i.test(candidate)) continue;
    const id = parseYoutubeId(candidate);
    if (id) return toYoutubeWatchUrl(id);
  }
  return null;
}

function readItem(item: XmlValue, inheritedBase: string, channel: ChannelDefaults): ParsedItem {
  const base = baseOf(item, inheritedBase);
  const guidElement = child(item, "guid");
  const guid = guidElement === undefined ? null : textOf(guidElement).trim() || null;
  const enclosure = readEnclosure(item, base);

  let link = urlFrom(child(item, "link"), null, base);
  if (!link && guid && attr(guidElement, "ispermalink") !== "false") link = resolveHttpUrl(guid, null);

  const description = childText(item, "description");
  const encoded = childText(item, "content:encoded");
  const itunesSummary = childText(item, "itunes:summary");

  // One HTML pass per source gives both the text and the links.
  const showNotes: ShowNoteLink[] = [];
  const seenLinks = new Set<string>();
  let summary: string | null = null;
  // content:encoded is often a copy of the description; reading it again would add nothing.
  const sources = [itunesSummary, description, encoded === description ? null : encoded];
  for (const [index, source] of sources.entries()) {
    if (!source) continue;
    // itunes:summary is plain text by Apple's spec; show notes come from description/content:encoded.
    const analysis = analyzeHtml(source, base, index > 0);
    if (!summary && analysis.text) summary = truncateText(analysis.text, MAX_SUMMARY);
    for (const note of analysis.links) {
      if (seenLinks.has(note.url)) continue;
      seenLinks.add(note.url);
      showNotes.push(note);
    }
  }

  const durationText = childText(item, "itunes:duration");
  let duration = parseDuration(durationText);
  if (duration === null) {
    for (const content of children(item, "media:content")) {
      duration = parseDuration(attr(content, "duration"));
      if (duration !== null) break;
    }
  }

  const transcripts: ParsedTranscriptLink[] = [];
  for (const element of children(item, "podcast:transcript")) {
    const url = urlFrom(element, "url", base);
    if (!url || transcripts.some((t) => t.url === url)) continue;
    transcripts.push({
      url,
      type: attr(element, "type")?.toLowerCase() ?? inferTranscriptType(url),
      language: attr(element, "language"),
      rel: attr(element, "rel"),
    });
  }

  let chaptersUrl: string | null = null;
  for (const element of children(item, "podcast:chapters")) {
    chaptersUrl = urlFrom(element, "url", base);
    if (chaptersUrl) break;
  }

  const alternateSources = children(item, "podcast:alternateenclosure").flatMap((alternate) =>
    children(alternate, "podcast:source").map((source) => attr(source, "uri")),
  );

  const persons = readPersons(item, base);
  const title =
    plain(childText(item, "title")) ??
    plain(childText(item, "itunes:title")) ??
    (summary ? truncateText(collapseToLine(summary), 100) : null) ??
    (enclosure ? decodeURIComponentSafe(new URL(enclosure.url).pathname.split("/").pop() ?? "") : null) ??
    "Untitled episode";

  return {
    guid,
    title: truncateText(title, MAX_TITLE),
    link,
    summary,
    showNotes,
    enclosure,
    duration,
    pubDate: parseFeedDate(
      childText(item, "pubdate") ??
        childText(item, "dc:date") ??
        childText(item, "atom:published") ??
        childText(item, "atom:updated"),
    ),
    image: imageOf(item, base),
    transcripts,
    chaptersUrl,
    persons: persons.length ? persons : channel.persons.map((person) => ({ ...person })),
    explicit: parseBoolean(childText(item, "itunes:explicit")) ?? channel.explicit,
    episodeNumber:
      parseNumber(childText(item, "itunes:episode")) ?? parseNumber(childText(item, "podcast:episode")),
    season: parseNumber(childText(item, "itunes:season")) ?? parseNumber(childText(item, "podcast:season")),
    youtubeUrl: youtubeOf([
      link,
      enclosure?.url,
      guid,
      ...alternateSources,
      ...mediaContents(item, base).map((c) => c.url),
      ...children(item, "media:player").map((p) => attr(p, "url")),
    ]),
    episodeType: childText(item, "itunes:episodetype")?.toLowerCase() ?? null,
    categories: categoriesOf(item, false),
  };
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value).trim() || null;
  } catch {
    return value.trim() || null;
  }
}

type ChannelDefaults = { persons: ParsedPerson[]; explicit: boolean | null };

function authorOf(channel: XmlValue): string | null {
  const direct =
    plain(childText(channel, "itunes:author")) ??
    plain(childText(channel, "googleplay:author")) ??
    plain(childText(channel, "dc:creator")) ??
    plain(childText(child(channel, "itunes:owner"), "itunes:name"));
  if (direct) return direct;
  // managingEditor is "email (Name)" by the RSS spec.
  const editor = plain(childText(channel, "managingeditor"));
  if (!editor) return null;
  return /\(([^)]+)\)/.exec(editor)?.[1]?.trim() || (editor.includes("@") ? null : editor);
}

// ---- Atom ------------------------------------------------------------------------------------

/** Children named `name` in the Atom namespace, whether it is the default one or prefixed. */
function atomChildren(node: XmlValue | undefined, name: string): XmlValue[] {
  return [...children(node, name), ...children(node, `atom:${name}`)];
}

/** Every text node under `node`, in document order as far as the object form keeps it. */
function deepText(node: XmlValue | undefined): string {
  if (node === undefined) return "";
  if (typeof node === "string") return node;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@_")) continue;
    if (key === "#text") parts.push(String(value));
    else if (Array.isArray(value)) for (const element of value) parts.push(deepText(element as XmlValue));
  }
  return parts.join(" ");
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An Atom text construct as HTML (type="text" is escaped so the HTML reader gives it back as is). */
function atomHtml(node: XmlValue | undefined): string | null {
  if (node === undefined) return null;
  const type = attr(node, "type")?.toLowerCase() ?? "text";
  const text = type === "xhtml" ? escapeHtml(deepText(node)) : textOf(node);
  if (!text.trim()) return null;
  return type === "html" || type === "text/html" || type === "xhtml" ? text : escapeHtml(text);
}

/** An Atom text construct as one line of plain text. */
function atomPlain(node: XmlValue | undefined, base: string): string | null {
  const html = atomHtml(node);
  return html ? analyzeHtml(html, base, false).text || null : null;
}

function atomLink(node: XmlValue, rel: string): XmlValue | undefined {
  return atomChildren(node, "link").find((link) => (attr(link, "rel") ?? "alternate").toLowerCase() === rel);
}

/** Keys in a namespace other than Atom's (itunes:, podcast:, media: …) carry over as they are. */
function extensionsOf(node: XmlValue): XmlElement {
  const kept: XmlElement = {};
  if (typeof node !== "object") return kept;
  for (const [key, value] of Object.entries(node)) {
    if (key.includes(":") && !key.startsWith("atom:")) kept[key] = value;
  }
  const base = attr(node, "xml:base");
  if (base) kept["@_xml:base"] = base;
  return kept;
}

/**
 * An Atom entry in the shape of an RSS item, so one reader serves both: id → guid, the alternate
 * link → link, the enclosure link (audio or video first) → enclosure, summary/content → description
 * and content:encoded, published/updated → pubDate.
 */
function atomEntryAsItem(entry: XmlValue, base: string): XmlElement {
  const item = extensionsOf(entry);
  const entryBase = baseOf(entry, base);
  const title = atomPlain(atomChildren(entry, "title")[0], entryBase);
  if (title) item.title = [title];
  const id = textOf(atomChildren(entry, "id")[0]).trim();
  if (id) item.guid = [{ "#text": id, "@_ispermalink": "false" }];
  const alternate = attr(atomLink(entry, "alternate"), "href");
  if (alternate) item.link = [alternate];
  const enclosures = atomChildren(entry, "link").filter(
    (link) => attr(link, "rel")?.toLowerCase() === "enclosure" && attr(link, "href"),
  );
  const isMedia = (link: XmlValue) => /^(audio|video)\//i.test(attr(link, "type") ?? "");
  const enclosure = enclosures.find(isMedia) ?? enclosures[0];
  if (enclosure) {
    item.enclosure = [
      {
        "@_url": attr(enclosure, "href") ?? "",
        ...(attr(enclosure, "type") ? { "@_type": attr(enclosure, "type") } : {}),
        ...(attr(enclosure, "length") ? { "@_length": attr(enclosure, "length") } : {}),
      },
    ];
  }
  const summary = atomHtml(atomChildren(entry, "summary")[0]);
  const content = atomHtml(atomChildren(entry, "content")[0]);
  if (summary ?? content) item.description = [summary ?? content];
  if (summary && content) item["content:encoded"] = [content];
  const date =
    textOf(atomChildren(entry, "published")[0]).trim() || textOf(atomChildren(entry, "updated")[0]).trim();
  if (date) item.pubdate = [date];
  const categories = atomChildren(entry, "category")
    .map((category) => attr(category, "label") ?? attr(category, "term"))
    .filter((term): term is string => !!term);
  if (categories.length) item.category = categories;
  return item;
}

/** An Atom feed element in the shape of an RSS channel with its items. */
function atomFeedAsChannel(feed: XmlValue, base: string): { channel: XmlElement; items: XmlValue[] } {
  const channel = extensionsOf(feed);
  const title = atomPlain(atomChildren(feed, "title")[0], base);
  if (title) channel.title = [title];
  const subtitle = atomHtml(atomChildren(feed, "subtitle")[0]);
  if (subtitle) channel.description = [subtitle];
  const alternate = attr(atomLink(feed, "alternate"), "href");
  if (alternate) channel.link = [alternate];
  const author = textOf(atomChildren(atomChildren(feed, "author")[0], "name")[0]).trim();
  if (author && !children(feed, "dc:creator").length) channel["dc:creator"] = [author];
  const logo = textOf(atomChildren(feed, "logo")[0]).trim() || textOf(atomChildren(feed, "icon")[0]).trim();
  if (logo) channel.image = [{ url: [logo] }];
  const language = attr(feed, "xml:lang");
  if (language) channel.language = [language];
  return { channel, items: atomChildren(feed, "entry").map((entry) => atomEntryAsItem(entry, base)) };
}

export type ParseFeedOptions = {
  /** The HTTP Content-Type header, whose charset decides how the bytes are read. */
  contentType?: string | null;
};

/**
 * Parses an RSS 2.0 podcast feed (iTunes and Podcasting 2.0 namespaces; RSS 1.0/RDF items and Atom
 * feeds too). Tolerates what mainstream readers tolerate (see `parseXmlDocument`); refuses DTDs that
 * could expand or fetch anything and XML that is still broken with FeedParseError. Relative URLs
 * resolve against xml:base or `feedUrl`. Duplicate items (same guid, or same enclosure URL when
 * there is no guid) keep the first.
 */
export function parseFeed(xml: string | Buffer, feedUrl: string, options: ParseFeedOptions = {}): ParsedFeed {
  let document: ReturnType<typeof parseXmlDocument>;
  try {
    document = parseXmlDocument(xml, { contentType: options.contentType });
  } catch (error) {
    if (error instanceof XmlError) throw new FeedParseError(error.message);
    throw new FeedParseError(`The feed could not be read: ${(error as Error).message}`);
  }

  let feedBase: string;
  try {
    feedBase = new URL(feedUrl).href;
  } catch {
    throw new FeedParseError("The feed address is not a valid URL.");
  }
  const atom = child(document, "feed") ?? child(document, "atom:feed");
  let root = child(document, "rss") ?? child(document, "rdf:rdf");
  let channel = child(root, "channel") ?? child(document, "channel");
  let atomItems: XmlValue[] | null = null;
  if ((!channel || typeof channel !== "object") && atom && typeof atom === "object") {
    root = atom;
    const converted = atomFeedAsChannel(atom, baseOf(atom, feedBase));
    channel = converted.channel;
    atomItems = converted.items;
  }
  if (!channel || typeof channel !== "object") throw new FeedParseError("The feed has no channel.");

  const rootBase = baseOf(root, feedBase);
  const base = baseOf(channel, rootBase);
  const persons = readPersons(channel, base);
  const explicit = parseBoolean(childText(channel, "itunes:explicit"));
  const defaults: ChannelDefaults = { persons, explicit };

  const descriptionSource =
    childText(channel, "description") ??
    childText(channel, "itunes:summary") ??
    childText(channel, "itunes:subtitle");
  const description = descriptionSource ? analyzeHtml(descriptionSource, base, false).text : "";

  const items: ParsedItem[] = [];
  const seenGuids = new Set<string>();
  const seenEnclosures = new Set<string>();
  // RSS 2.0 nests items in the channel; RSS 1.0 (RDF) has them beside it.
  for (const element of atomItems ?? [...children(channel, "item"), ...children(root, "item")]) {
    if (typeof element !== "object") continue;
    const item = readItem(element, base, defaults);
    if (item.guid !== null) {
      if (seenGuids.has(item.guid)) continue;
      seenGuids.add(item.guid);
    } else if (item.enclosure && seenEnclosures.has(item.enclosure.url)) {
      continue;
    }
    if (item.enclosure) seenEnclosures.add(item.enclosure.url);
    items.push(item);
  }

  const imageElement = child(channel, "image");
  return {
    title: truncateText(
      plain(childText(channel, "title")) ?? plain(childText(channel, "itunes:title")) ?? "Untitled podcast",
      MAX_TITLE,
    ),
    description: description ? truncateText(description, MAX_SUMMARY) : null,
    author: authorOf(channel),
    link: urlFrom(child(channel, "link"), null, base),
    image: imageOf(channel, base) ?? urlFrom(child(imageElement, "url"), null, baseOf(imageElement, base)),
    podcastGuid: plain(childText(channel, "podcast:guid")),
    language: plain(childText(channel, "language")),
    persons,
    items,
    newFeedUrl: urlFrom(child(channel, "itunes:new-feed-url"), null, base),
    explicit,
    categories: categoriesOf(channel, true),
  };
}
