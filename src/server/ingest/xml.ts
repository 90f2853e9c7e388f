import { isUtf8 } from "node:buffer";
import { type EntityDecoderOptions, XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Safe XML → plain object layer for feeds.
 *
 * - Any DTD (`<!DOCTYPE`, `<!ENTITY` …) is refused before parsing, so internal entity expansion
 *   (billion laughs) and external entities/DTDs (XXE) never reach the parser.
 * - Only the five predefined XML entities and numeric character references are decoded, by our own
 *   decoder (`entityDecoder`), which ignores any entity a document tries to declare.
 * - CDATA is never entity-decoded (the parser skips the decoder for CDATA).
 * - Tag and attribute names are lowercased; namespace prefixes are rewritten to canonical ones
 *   (itunes, podcast, content, media, atom, dc, googleplay, psc) by their declared namespace URI.
 * - Every element is an array (one shape to read), text is never number-parsed.
 */

export class XmlError extends Error {
  override name = "XmlError";
  kind: "invalid" | "dtd" | "empty" | "html";
  constructor(kind: XmlError["kind"], message: string) {
    super(message);
    this.kind = kind;
  }
}

/** An element: attributes under "@_name", text under "#text", children by name (always arrays). */
export type XmlElement = { [key: string]: unknown };
export type XmlValue = string | XmlElement;

const KNOWN_NAMESPACES: Record<string, string> = {
  "www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
  "podcastindex.org/namespace/1.0": "podcast",
  "github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md": "podcast",
  "purl.org/rss/1.0/modules/content": "content",
  "search.yahoo.com/mrss": "media",
  "www.w3.org/2005/atom": "atom",
  "purl.org/dc/elements/1.1": "dc",
  "www.google.com/schemas/play-podcasts/1.0": "googleplay",
  "podlove.org/simple-chapters": "psc",
  "www.w3.org/xml/1998/namespace": "xml",
};

function normalizeNamespaceUri(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/#]+$/, "");
}

/** Declared prefix (lowercased) → canonical prefix, from every xmlns:prefix="uri" in the document. */
function namespacePrefixes(xml: string): Map<string, string> {
  const prefixes = new Map<string, string>();
  const declaration = /^xmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])(.*?)\2/;
  for (let at = xml.indexOf("xmlns:"); at !== -1; at = xml.indexOf("xmlns:", at + 6)) {
    const match = declaration.exec(xml.slice(at, at + 300));
    if (!match) continue;
    const prefix = (match[1] ?? "").toLowerCase();
    const uri = normalizeNamespaceUri(match[3] ?? "");
    // Own keys only: a feed's xmlns:x="constructor" must not find Object.prototype's members.
    const canonical = Object.hasOwn(KNOWN_NAMESPACES, uri) ? KNOWN_NAMESPACES[uri] : undefined;
    if (canonical && !prefixes.has(prefix)) prefixes.set(prefix, canonical);
  }
  return prefixes;
}

function decodeReference(name: string): string | undefined {
  switch (name) {
    case "lt":
      return "<";
    case "gt":
      return ">";
    case "amp":
      return "&";
    case "quot":
      return '"';
    case "apos":
      return "'";
  }
  if (name.charCodeAt(0) !== 35 /* # */) return undefined;
  const hex = name[1] === "x" || name[1] === "X";
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const code = Number.parseInt(digits, hex ? 16 : 10);
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(code);
}

/** Decodes the five predefined XML entities and numeric references; anything else is left as written. */
export function decodeXmlEntities(text: string): string {
  let amp = text.indexOf("&");
  if (amp === -1) return text;
  let out = "";
  let last = 0;
  while (amp !== -1) {
    const semi = text.indexOf(";", amp + 2);
    if (semi === -1) break;
    // The longest reference worth reading is "&#x0010FFFF;"; anything longer is not one.
    const decoded = semi - amp <= 12 ? decodeReference(text.slice(amp + 1, semi)) : undefined;
    if (decoded !== undefined) {
      out += text.slice(last, amp) + decoded;
      last = semi + 1;
      amp = text.indexOf("&", last);
    } else {
      amp = text.indexOf("&", amp + 1);
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

/** fast-xml-parser entity hook: our decoder, which never learns document-declared entities. */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: decodeXmlEntities,
};

/** 1-based line of `index` in `text` (error messages only). */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

/**
 * Throws when the document has any markup declaration (`<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT` …)
 * outside comments and CDATA sections, or a CDATA section cut off before its opening bracket.
 */
export function assertNoDtd(xml: string): void {
  let position = xml.indexOf("<!");
  while (position !== -1) {
    if (xml.startsWith("<!--", position)) {
      const end = xml.indexOf("-->", position + 4);
      if (end === -1) return; // reported later as an unclosed comment
      position = xml.indexOf("<!", end + 3);
    } else if (xml.startsWith("<![CDATA[", position)) {
      const end = xml.indexOf("]]>", position + 9);
      if (end === -1) return;
      position = xml.indexOf("<!", end + 3);
    } else if (/^<![A-Za-z]/.test(xml.slice(position, position + 3))) {
      throw new XmlError("dtd", "The feed declares a DOCTYPE; DTDs are not allowed.");
    } else {
      // "<![CDAT" at the end of a cut-off download, or "<![CDATA " mistyped: not a declaration.
      throw new XmlError(
        "invalid",
        `The feed is not valid XML: a CDATA section is broken or cut off (line ${lineAt(xml, position)}).`,
      );
    }
  }
}

// ---- Decoding bytes ---------------------------------------------------------------------------

/** windows-1252 code points for bytes 0x80–0x9F (the rest of the upper half is Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function cp1252Char(byte: number): string {
  return String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? (CP1252_HIGH[byte - 0x80] ?? byte) : byte);
}

/** Length of the valid UTF-8 sequence starting at `i` (0 when the bytes there are not one). */
function utf8SequenceLength(bytes: Buffer, i: number): number {
  const lead = bytes[i] ?? 0;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return 0;
  const second = bytes[i + 1] ?? 0;
  if (lead === 0xe0 && second < 0xa0) return 0; // overlong
  if (lead === 0xed && second > 0x9f) return 0; // surrogates
  if (lead === 0xf0 && second < 0x90) return 0; // overlong
  if (lead === 0xf4 && second > 0x8f) return 0; // beyond U+10FFFF
  return length;
}

/**
 * UTF-8 where the bytes are valid UTF-8 and windows-1252 for each byte that is not: a feed pasted
 * together from a UTF-8 template and Latin-1 episode texts reads right, with no U+FFFD.
 */
export function decodeUtf8OrCp1252(bytes: Buffer): string {
  let out = "";
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    if ((bytes[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += bytes.toString("utf8", runStart, i) + cp1252Char(bytes[i] ?? 0);
    i++;
    runStart = i;
  }
  return runStart === 0 ? bytes.toString("utf8") : out + bytes.toString("utf8", runStart);
}

/** The `charset` parameter of a Content-Type header, lowercased, or null. */
export function charsetOf(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}

const isUtf8Label = (label: string) => label === "utf-8" || label === "utf8";

/**
 * Decodes a feed's bytes the way feed readers do:
 * 1. a byte-order mark wins; UTF-16 without one is recognised by its zero bytes around `<`;
 * 2. bytes that are valid UTF-8 are UTF-8, whatever the HTTP header or the XML declaration claims
 *    (servers and templates routinely say ISO-8859-1 or UTF-16 for UTF-8 files);
 * 3. otherwise the HTTP charset, else the declared encoding;
 * 4. otherwise (none, UTF-8 claimed, or an unknown label) UTF-8 with windows-1252 for the stray bytes.
 */
export function decodeXmlBytes(bytes: Buffer, httpCharset?: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeXmlBytes(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] !== 0x00)
    return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return new TextDecoder("utf-16be").decode(bytes);
  if (isUtf8(bytes)) return bytes.toString("utf8");
  const head = bytes.subarray(0, 1024).toString("latin1");
  const declared = /<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1]?.toLowerCase();
  for (const label of [httpCharset?.toLowerCase(), declared]) {
    if (!label || isUtf8Label(label) || label.startsWith("utf-16") || label.startsWith("utf16")) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label: try the next source.
    }
  }
  return decodeUtf8OrCp1252(bytes);
}

// ---- Repairing what readers tolerate -------------------------------------------------------------

// C0 controls other than tab/newline/return, and the two non-characters: never valid in XML,
// common as NUL padding or pasted from word processors.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const FEED_ROOT = /<((?:[A-Za-z_][\w.-]*:)?(?:rss|rdf|feed|html))(?=[\s>/])/i;

/** Public identifiers of DTDs feeds carry by habit; the DTD is neither fetched nor read. */
const KNOWN_PUBLIC_IDS = /^-\/\/(?:Netscape Communications\/\/DTD RSS 0\.9|W3C\/\/DTD X?HTML )/i;

/** Internal-subset declarations that cannot expand anything: ELEMENT, ATTLIST, literal ENTITY. */
const HARMLESS_SUBSET =
  /^(?:\s+|<!--[\s\S]*?-->|<!ELEMENT\s[^<>]*>|<!ATTLIST\s[^<>"']*(?:(?:"[^"&%<]*"|'[^'&%<]*')[^<>"']*)*>|<!ENTITY\s+[A-Za-z_][\w.-]*\s+(?:"[^"&%<]*"|'[^'&%<]*')\s*>)*$/;

/** Validates one `<!DOCTYPE …>` at `start` of the prolog and returns where it ends. */
function skipDoctype(prolog: string, start: number): number {
  const head =
    /^<!DOCTYPE\s+[\w.:-]+\s*(?:(PUBLIC)\s*("[^"]*"|'[^']*')\s*(?:"[^"]*"|'[^']*')?|(SYSTEM)\s*(?:"[^"]*"|'[^']*'))?\s*/i.exec(
      prolog.slice(start),
    );
  const refuse = () => new XmlError("dtd", "The feed declares a DOCTYPE; DTDs are not allowed.");
  if (!head) throw refuse();
  if (head[3]) throw refuse(); // SYSTEM "file:…" or any private DTD
  if (head[1] && !KNOWN_PUBLIC_IDS.test((head[2] ?? "").slice(1, -1))) throw refuse();
  let at = start + head[0].length;
  if (prolog[at] === "[") {
    const close = prolog.indexOf("]", at);
    if (close === -1 || !HARMLESS_SUBSET.test(prolog.slice(at + 1, close))) throw refuse();
    at = close + 1;
  }
  const end = /^\s*>/.exec(prolog.slice(at));
  if (!end) throw refuse();
  return at + end[0].length;
}

/**
 * Checks what precedes the root element: a DOCTYPE is allowed only when it can neither expand nor
 * fetch anything (`skipDoctype`); every other declaration is refused. Text (PHP warnings), comments
 * and processing instructions are dropped with the prolog.
 */
function checkProlog(prolog: string): void {
  let at = prolog.indexOf("<!");
  while (at !== -1) {
    if (prolog.startsWith("<!--", at)) {
      const end = prolog.indexOf("-->", at + 4);
      if (end === -1) return;
      at = prolog.indexOf("<!", end + 3);
    } else if (/^<!DOCTYPE\s/i.test(prolog.slice(at, at + 10))) {
      at = prolog.indexOf("<!", skipDoctype(prolog, at));
    } else {
      throw new XmlError("dtd", "The feed declares a DOCTYPE; DTDs are not allowed.");
    }
  }
}

const REFERENCE = "(?:#\\d+|#[xX][0-9a-fA-F]+|[A-Za-z_][\\w.-]*);";
const BARE_AMPERSAND = new RegExp(`&(?!${REFERENCE})`);
const BARE_AMPERSAND_OUTSIDE_CDATA = new RegExp(
  `<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|<!--[\\s\\S]*?-->|&(?!${REFERENCE})`,
  "g",
);

/** "AT&T", "?a=1&b=2": an ampersand that starts no reference is text (CDATA stays as written). */
export function escapeBareAmpersands(xml: string): string {
  if (!BARE_AMPERSAND.test(xml)) return xml;
  return xml.replace(BARE_AMPERSAND_OUTSIDE_CDATA, (match) => (match === "&" ? "&amp;" : match));
}

const START_TAG_OR_SKIPPED =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<([A-Za-z_][\w:.-]*)(\s[^<>]*?)(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')/g;

/** Keeps the first of repeated attributes in every start tag, as browsers and sax-based readers do. */
export function dropRepeatedAttributes(xml: string): string {
  return xml.replace(START_TAG_OR_SKIPPED, (match, name: string | undefined, attributes: string, close) => {
    if (!name) return match;
    const seen = new Set<string>();
    let repeated = false;
    const kept = attributes.replace(ATTRIBUTE, (attribute, attributeName: string) => {
      if (!seen.has(attributeName)) {
        seen.add(attributeName);
        return attribute;
      }
      repeated = true;
      return "";
    });
    return repeated ? `<${name}${kept}${close}>` : match;
  });
}

/**
 * Cuts a document down to its root element the way lenient readers see it: a BOM, whitespace,
 * PHP warnings, comments and a harmless DOCTYPE before the root are dropped, and so is whatever
 * follows the root's closing tag (an injected script, a stray closing tag, padding). Returns the
 * root element's text, or null when no feed root element is found.
 */
function isolateRoot(xml: string): { body: string; rootName: string } | null {
  const match = FEED_ROOT.exec(xml);
  if (!match) return null;
  const rootName = match[1] ?? "";
  checkProlog(xml.slice(0, match.index));
  let body = xml.slice(match.index);
  // A DOCTYPE after the root (or anywhere inside it) is never harmless.
  assertNoDtd(body);
  const closing = body.lastIndexOf(`</${rootName}`);
  if (closing !== -1) {
    const end = body.indexOf(">", closing);
    if (end !== -1) body = body.slice(0, end + 1);
  }
  return { body, rootName };
}

function unclosedCdataLine(xml: string): number | null {
  for (let at = xml.indexOf("<![CDATA["); at !== -1; ) {
    const end = xml.indexOf("]]>", at + 9);
    if (end === -1) return lineAt(xml, at);
    at = xml.indexOf("<![CDATA[", end + 3);
  }
  return null;
}

function validationError(xml: string, rootName: string): XmlError | null {
  const valid = XMLValidator.validate(xml);
  if (valid === true) return null;
  const { msg, line, col } = valid.err;
  if (/^Unclosed tag/.test(msg) && !new RegExp(`</${rootName}\\s*>`).test(xml)) {
    return new XmlError(
      "invalid",
      `The feed is not valid XML: it ends before its closing </${rootName}> tag, so the download was cut off or the file is incomplete (line ${line}).`,
    );
  }
  return new XmlError(
    "invalid",
    `The feed is not valid XML: ${msg.replace(/\.$/, "")} (line ${line}${col ? `, column ${col}` : ""}).`,
  );
}

const MAX_DEPTH = 64;

function createParser(prefixes: Map<string, string>): XMLParser {
  const tagNames = new Map<string, string>();
  const transformTagName = (raw: string): string => {
    let name = tagNames.get(raw);
    if (name === undefined) {
      const lower = raw.toLowerCase();
      const colon = lower.indexOf(":");
      name =
        colon > 0
          ? `${prefixes.get(lower.slice(0, colon)) ?? lower.slice(0, colon)}:${lower.slice(colon + 1)}`
          : lower;
      // fast-xml-parser refuses these outright; a feed is not rejected for an element nobody reads.
      if (name === "__proto__" || name === "constructor" || name === "prototype") name = `unsafe-${name}`;
      tagNames.set(raw, name);
    }
    return name;
  };
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    textNodeName: "#text",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Entities on, but decoded only by our decoder; document-declared entities never exist here
    // because DTDs are refused (or, when harmless, dropped) before parsing.
    processEntities: { enabled: true, maxEntityCount: 0, maxTotalExpansions: 1 },
    entityDecoder,
    htmlEntities: false,
    transformTagName,
    transformAttributeName: (name) => name.toLowerCase(),
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    jPath: false,
    maxNestedTags: MAX_DEPTH,
  });
}

export type ParseXmlOptions = {
  /** The HTTP Content-Type header, for its charset. */
  contentType?: string | null;
};

/**
 * Parses a feed document into plain objects (see the module comment). What mainstream feed readers
 * tolerate is repaired first (`isolateRoot`, bare ampersands, repeated attributes, control
 * characters); throws XmlError for a DTD that could expand or fetch anything, an empty document, an
 * HTML page or XML that is still not well-formed, with a message naming the problem.
 */
export function parseXmlDocument(input: string | Buffer, options: ParseXmlOptions = {}): XmlElement {
  let xml = typeof input === "string" ? input : decodeXmlBytes(input, charsetOf(options.contentType));
  xml = xml.replace(INVALID_XML_CHARS, "").replace(/^[\uFEFF\s]+/, "");
  if (!xml) throw new XmlError("empty", "The feed is empty.");
  const isolated = isolateRoot(xml);
  if (!isolated) {
    const start = xml.slice(0, 500).toLowerCase();
    if (/<!doctype html|<html/.test(start)) {
      throw new XmlError("html", "The address points to a web page, not a podcast feed.");
    }
    assertNoDtd(xml);
    const preview = collapse(xml.slice(0, 60));
    throw new XmlError(
      "invalid",
      xml.startsWith("<")
        ? `The feed is not valid XML: it has no <rss>, <rdf:RDF> or <feed> element (it starts with "${preview}").`
        : `The feed is not valid XML: it starts with text, not an element ("${preview}").`,
    );
  }
  if (isolated.rootName.toLowerCase() === "html") {
    throw new XmlError("html", "The address points to a web page, not a podcast feed.");
  }
  const { rootName } = isolated;
  let body = escapeBareAmpersands(isolated.body);
  const cdataLine = unclosedCdataLine(body);
  if (cdataLine !== null) {
    throw new XmlError(
      "invalid",
      `The feed is not valid XML: a CDATA section opened on line ${cdataLine} is never closed (the file may be cut off).`,
    );
  }
  let error = validationError(body, rootName);
  if (error && / is repeated/.test(error.message)) {
    body = dropRepeatedAttributes(body);
    error = validationError(body, rootName);
  }
  if (error) throw error;
  try {
    return createParser(namespacePrefixes(body)).parse(body) as XmlElement;
  } catch (error) {
    const message = (error as Error).message;
    if (/maximum nested tags/i.test(message)) {
      throw new XmlError("invalid", `The feed nests elements more than ${MAX_DEPTH} levels deep.`);
    }
    throw new XmlError("invalid", `The feed is not valid XML: ${message}`);
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// ---- Reading helpers -------------------------------------------------------------------------

/** All children named `name` (already lowercased/canonical). */
export function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (!node || typeof node !== "object" || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? (value as XmlValue[]) : [];
}

export function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  return children(node, name)[0];
}

/** The text of an element ("" when it has none). */
export function textOf(node: XmlValue | undefined): string {
  if (node === undefined) return "";
  if (typeof node === "string") return node;
  const text = node["#text"];
  return typeof text === "string" ? text : text === undefined ? "" : String(text);
}

/** Trimmed text of the first child `name` with text, or null. */
export function childText(node: XmlValue | undefined, name: string): string | null {
  for (const element of children(node, name)) {
    const text = textOf(element).trim();
    if (text) return text;
  }
  return null;
}

export function attr(node: XmlValue | undefined, name: string): string | null {
  if (!node || typeof node !== "object") return null;
  const value = node[`@_${name}`];
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed || null;
}
