import { Parser } from "htmlparser2";

/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "title",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "select",
  "textarea",
  "button",
]);
/** Elements that end a paragraph. */
const PARAGRAPH = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "aside",
  "nav",
  "main",
  "blockquote",
  "pre",
  "ul",
  "ol",
  "dl",
  "table",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "address",
  "details",
]);
/** Elements that end a line. */
const LINE = new Set(["br", "li", "tr", "dt", "dd", "figcaption", "summary", "caption"]);

const MAX_LINKS = 200;
const MAX_LABEL = 300;

export type ShowNoteLink = { url: string; label: string };

const isUnicodeSpace = (code: number) =>
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

/** Markers analyzeHtml puts in its output for structural breaks (source newlines are just spaces in HTML). */
const LINE_BREAK = "\u0001";
const PARAGRAPH_BREAK = "\u0002";

/**
 * One pass (this runs on every description of a feed): runs of spaces collapse to one, at most one
 * blank line separates paragraphs, the ends are trimmed. With `htmlMode`, newlines count as spaces
 * and only the break markers make lines.
 */
function collapse(text: string, htmlMode: boolean): string {
  let out = "";
  let pendingSpace = false;
  let pendingBreaks = 0;
  let runStart = 0;
  const flushSeparator = () => {
    if (out) out += pendingBreaks ? (pendingBreaks > 1 ? "\n\n" : "\n") : pendingSpace ? " " : "";
    pendingSpace = false;
    pendingBreaks = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: "space" | "newline" | "line" | "paragraph" | null = null;
    if (code === 10 || code === 13) kind = htmlMode ? "space" : "newline";
    else if (code <= 32) {
      if (code === 32 || code === 9 || code === 11 || code === 12) kind = "space";
      else if (htmlMode && code === 1) kind = "line";
      else if (htmlMode && code === 2) kind = "paragraph";
    } else if (code > 0x7f && isUnicodeSpace(code)) kind = "space";
    if (kind === null) continue;
    if (i > runStart) {
      flushSeparator();
      out += text.slice(runStart, i);
    }
    runStart = i + 1;
    if (kind === "space") pendingSpace = true;
    else if (kind === "line") pendingBreaks = Math.max(pendingBreaks, 1);
    else if (kind === "paragraph") pendingBreaks = 2;
    else {
      if (code === 13 && text.charCodeAt(i + 1) === 10) {
        i++;
        runStart = i + 1;
      }
      pendingBreaks++;
    }
  }
  if (runStart < text.length) {
    flushSeparator();
    out += text.slice(runStart);
  }
  return out;
}

/** Collapses runs of spaces/tabs (and no-break spaces) and keeps at most one blank line between paragraphs. */
export function collapseWhitespace(text: string): string {
  return collapse(text, false);
}

/** Collapses every whitespace run, newlines included, to one space. */
export function collapseToLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Cuts `text` to at most `max` characters at a word boundary, ending with "…". */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  if (space > max * 0.5) cut = cut.slice(0, space);
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** An absolute http(s) URL for `raw` relative to `base`, else null. */
export function resolveHttpUrl(
  raw: string | null | undefined,
  base: string | null | undefined,
): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    // Absolute URLs (nearly all of them in feeds) skip parsing the base again.
    url = !base || /^https?:\/\//i.test(trimmed) ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.href;
}

const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»”’]+$/;

type Analysis = { text: string; links: ShowNoteLink[] };
type Anchor = { url: string | null; title: string; label: string[] };

/** State of the one analysis in progress; the parser below is shared (analyses never nest). */
const state = {
  out: [] as string[],
  links: [] as ShowNoteLink[],
  seen: new Set<string>(),
  skipDepth: 0,
  anchor: null as Anchor | null,
  baseUrl: null as string | null,
  wantLinks: true,
  /** Text since the last tag: htmlparser2 reports entities as separate text events. */
  text: "",
};

function addLink(url: string | null, label: string): void {
  if (!url || state.seen.has(url) || state.links.length >= MAX_LINKS) return;
  state.seen.add(url);
  state.links.push({ url, label: truncateText(collapseToLine(label) || url, MAX_LABEL) });
}

function addBareUrls(text: string): void {
  for (const match of text.matchAll(BARE_URL)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    addLink(resolveHttpUrl(url, null), url);
  }
}

function flushText(): void {
  const { text } = state;
  if (!text) return;
  state.text = "";
  state.out.push(text);
  if (state.anchor) state.anchor.label.push(text);
  else if (state.wantLinks && text.includes("://")) addBareUrls(text);
}

let sharedParser: Parser | null = null;
function htmlParser(): Parser {
  sharedParser ??= new Parser(
    {
      onopentag(name, attribs) {
        flushText();
        if (SKIPPED.has(name)) {
          state.skipDepth++;
          return;
        }
        if (state.skipDepth) return;
        if (PARAGRAPH.has(name)) state.out.push(PARAGRAPH_BREAK);
        else if (LINE.has(name)) state.out.push(LINE_BREAK);
        else if (name === "td" || name === "th") state.out.push(" ");
        if (name === "a" && state.wantLinks) {
          state.anchor = {
            url: resolveHttpUrl(attribs.href, state.baseUrl),
            title: attribs.title ?? "",
            label: [],
          };
        } else if (name === "img" && attribs.alt) {
          state.out.push(` ${attribs.alt} `);
        }
      },
      ontext(data) {
        if (!state.skipDepth) state.text += data;
      },
      onclosetag(name) {
        flushText();
        if (SKIPPED.has(name)) {
          if (state.skipDepth) state.skipDepth--;
          return;
        }
        if (state.skipDepth) return;
        if (PARAGRAPH.has(name)) state.out.push(PARAGRAPH_BREAK);
        const anchor = state.anchor;
        if (name === "a" && anchor) {
          state.anchor = null;
          addLink(anchor.url, anchor.label.join("") || anchor.title);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  return sharedParser;
}

/** One htmlparser2 pass: the visible text, and the http(s) links (anchors and bare URLs in text). */
export function analyzeHtml(html: string, baseUrl: string | null, wantLinks = true): Analysis {
  state.out = [];
  state.links = [];
  state.seen = new Set();
  state.skipDepth = 0;
  state.anchor = null;
  state.baseUrl = baseUrl;
  state.wantLinks = wantLinks;
  state.text = "";

  if (!html.includes("<")) {
    // Plain text (itunes:summary, many descriptions): its line breaks are meant, keep them.
    const text = collapseWhitespace(decodeHtmlEntities(html));
    if (wantLinks && text.includes("://")) addBareUrls(text);
    return { text, links: state.links };
  }

  htmlParser().parseComplete(html);
  flushText();
  return { text: collapse(state.out.join(""), true), links: state.links };
}

/**
 * Visible text of an HTML fragment: tags removed, entities decoded, script/style content dropped,
 * paragraphs separated by one blank line, other whitespace collapsed.
 */
export function htmlToText(html: string): string {
  if (!html) return "";
  return analyzeHtml(html, null, false).text;
}

/** Absolute, de-duplicated http(s) links of an HTML fragment with their visible labels. */
export function extractLinks(html: string, baseUrl: string): ShowNoteLink[] {
  if (!html) return [];
  return analyzeHtml(html, baseUrl, true).links;
}

const entityCache = new Map<string, string>();

/**
 * Decodes HTML character references that end in ";" (`&nbsp;`, `&eacute;`, `&#8217;`), leaving
 * everything else, including a bare "&" and "<", untouched. For plain-text fields (titles, names)
 * that feeds often double-escape.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (reference) => {
    const cached = entityCache.get(reference);
    if (cached !== undefined) return cached;
    let decoded = "";
    const parser = new Parser({ ontext: (data) => (decoded += data) }, { decodeEntities: true });
    parser.end(reference);
    if (entityCache.size < 2000) entityCache.set(reference, decoded);
    return decoded;
  });
}
