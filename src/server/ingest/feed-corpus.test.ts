import { describe, expect, it } from "vitest";
import {
  type ComparableItem,
  readCorpus,
  readWithEarmark,
  readWithRssParser,
} from "./__fixtures__/feed-corpus.ts";

/** Earmark keeps the first of items repeating a guid (decision 008); rss-parser keeps them all. */
function firstPerGuid(items: ComparableItem[]): ComparableItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (item.guid === null) return true;
    if (seen.has(item.guid)) return false;
    seen.add(item.guid);
    return true;
  });
}

/** Where rss-parser is wrong, and what Earmark reads instead. */
const READ_BETTER_THAN_REFERENCE: Record<string, number> = {
  // An Atom entry written with its own prefix (<p0:entry xmlns:p0="…Atom">): rss-parser sees none.
  "node-feedparser/complexNamespaceFeed.xml": 1,
};

describe("the real-feed corpus (fixtures/feeds-corpus)", () => {
  const corpus = readCorpus();

  it("holds the feeds listed in SOURCES.md", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
  });

  it.each(corpus.map((file) => [file.name, file] as const))(
    "%s: read wherever rss-parser reads it, with the same items, enclosures and dates",
    async (_name, file) => {
      const ours = readWithEarmark(file.bytes);
      const theirs = await readWithRssParser(file.bytes);
      if (!theirs.ok) return; // a stricter reference; where it fails ours may do better
      expect(ours, ours.ok ? "" : ours.error).toMatchObject({ ok: true });
      if (!ours.ok) return;
      const better = READ_BETTER_THAN_REFERENCE[file.name];
      if (better !== undefined) {
        expect(ours.items).toHaveLength(better);
        return;
      }
      const reference = firstPerGuid(theirs.items);
      expect(ours.items).toHaveLength(reference.length);
      for (const [index, item] of ours.items.entries()) {
        const other = reference[index] as ComparableItem;
        expect(item.title).not.toContain("\uFFFD");
        // rss-parser reads non-UTF-8 bytes as U+FFFD and leaves an untitled item empty; Earmark
        // decodes by charset and names untitled items, so those two cases are not compared.
        if (other.title && !other.title.includes("\uFFFD")) expect(item.title).toBe(other.title);
        expect(item.enclosure).toBe(other.enclosure);
        if (other.date !== null) expect(item.date).toBe(other.date);
      }
    },
  );

  it("reads at least as many feeds as rss-parser", async () => {
    let ours = 0;
    let theirs = 0;
    for (const file of corpus) {
      if (readWithEarmark(file.bytes).ok) ours++;
      if ((await readWithRssParser(file.bytes)).ok) theirs++;
    }
    expect(ours).toBeGreaterThanOrEqual(theirs);
  }, 30_000); // Parses the whole corpus twice: ~3 s alone, 9 s seen on a loaded machine.
});
