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
    const canonical = KNOWN_NAMESPACES[normalizeNamespaceUri(match[3] ?? "")];
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

/**
 * Throws when the document has any markup declaration (`<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT` …)
 * outside comments and CDATA sections.
 */
export function assertNoDtd(xml: string): void {
  let position = xml.indexOf("<!");
  while (position !== -1) {
    if (xml.startsWith("<!--", position)) {
      const end = xml.indexOf("-->", position + 4);
      if (end === -1) return; // the validator reports the unclosed comment
      position = xml.indexOf("<!", end + 3);
    } else if (xml.startsWith("<![CDATA[", position)) {
      const end = xml.indexOf("]]>", position + 9);
      if (end === -1) return;
      position = xml.indexOf("<!", end + 3);
    } else {
      throw new XmlError("dtd", "The feed declares a DOCTYPE; DTDs are not allowed.");
    }
  }
}

/** Decodes bytes by BOM, then the XML declaration's encoding, else UTF-8. */
export function decodeXmlBytes(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.toString("utf8", 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const head = bytes.subarray(0, 256).toString("latin1");
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/
    .exec(head)?.[1]
    ?.toLowerCase();
  if (declared && declared !== "utf-8" && declared !== "utf8") {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // Unknown label: fall through to UTF-8, the only sensible guess.
    }
  }
  return bytes.toString("utf8");
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
    // because DTDs are refused before parsing.
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

/**
 * Parses a feed document into plain objects (see the module comment). Throws XmlError for a DTD,
 * an empty document, an HTML page or XML that is not well-formed.
 */
export function parseXmlDocument(input: string | Buffer): XmlElement {
  let xml = typeof input === "string" ? input : decodeXmlBytes(input);
  // A BOM or blank lines before the XML declaration are common and harmless.
  xml = xml.replace(/^[\uFEFF\s]+/, "");
  if (!xml) throw new XmlError("empty", "The feed is empty.");
  const start = xml
    .slice(0, 500)
    .replace(/^<\?xml[^>]*\?>\s*/, "")
    .slice(0, 200)
    .toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) {
    throw new XmlError("html", "The address points to a web page, not a podcast feed.");
  }
  assertNoDtd(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new XmlError(
      "invalid",
      `The feed is not valid XML: ${msg.replace(/\.$/, "")} (line ${line}${col ? `, column ${col}` : ""}).`,
    );
  }
  try {
    return createParser(namespacePrefixes(xml)).parse(xml) as XmlElement;
  } catch (error) {
    const message = (error as Error).message;
    if (/maximum nested tags/i.test(message)) {
      throw new XmlError("invalid", `The feed nests elements more than ${MAX_DEPTH} levels deep.`);
    }
    throw new XmlError("invalid", `The feed is not valid XML: ${message}`);
  }
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
