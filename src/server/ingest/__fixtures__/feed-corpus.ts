import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import Parser from "rss-parser";
import { decodeHtmlEntities } from "../html-text.ts";
import { type ParsedFeed, parseFeed } from "../parse-feed.ts";

/**
 * The real-feed corpus (fixtures/feeds-corpus, see its SOURCES.md) read by Earmark's parser and by
 * rss-parser (xml2js/sax), for the corpus test and `npm run bench:feed-corpus`.
 */
export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../../fixtures/feeds-corpus");

export type CorpusFile = { name: string; bytes: Buffer };

export function readCorpus(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const folder of readdirSync(CORPUS_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(path.join(CORPUS_DIR, folder.name)).sort()) {
      let bytes = readFileSync(path.join(CORPUS_DIR, folder.name, file));
      // Two fixtures are stored gzipped; over HTTP the fetcher would have inflated them.
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
      files.push({ name: `${folder.name}/${file}`, bytes });
    }
  }
  return files;
}

export type ComparableItem = {
  guid: string | null;
  title: string;
  enclosure: string | null;
  date: number | null;
};
export type Outcome = { ok: true; items: ComparableItem[] } | { ok: false; error: string };

/** Titles compared as a reader shows them: entities decoded, tags and extra spaces gone. */
export function normalizeTitle(title: string | undefined | null): string {
  return decodeHtmlEntities(decodeHtmlEntities(title ?? ""))
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function readWithEarmark(bytes: Buffer, feedUrl = "https://feeds.example.com/feed.xml"): Outcome {
  let feed: ParsedFeed;
  try {
    feed = parseFeed(bytes, feedUrl);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return {
    ok: true,
    items: feed.items.map((item) => ({
      guid: item.guid,
      title: normalizeTitle(item.title),
      enclosure: item.enclosure?.url ?? null,
      date: item.pubDate?.getTime() ?? null,
    })),
  };
}

const reference = new Parser();

export async function readWithRssParser(bytes: Buffer): Promise<Outcome> {
  try {
    const feed = await reference.parseString(bytes.toString("utf8"));
    return {
      ok: true,
      items: feed.items.map((item) => {
        const date = item.isoDate ? Date.parse(item.isoDate) : Number.NaN;
        const guid = (item.guid ?? (item as { id?: string }).id)?.toString().trim() || null;
        return {
          guid,
          title: normalizeTitle(item.title),
          enclosure: item.enclosure?.url ?? null,
          date: Number.isNaN(date) ? null : date,
        };
      }),
    };
  } catch (error) {
    return { ok: false, error: (error as Error).message.split("\n")[0] ?? "error" };
  }
}
