import Parser from "rss-parser";
import { generateFeed } from "../src/server/ingest/__fixtures__/generate-feed.ts";
import { parseFeed } from "../src/server/ingest/parse-feed.ts";
import { parseXmlDocument } from "../src/server/ingest/xml.ts";

/**
 * `npx tsx bench/feed-parse.ts [items]`: parses one generated feed (default 10,000 items) with
 * Earmark's parser and with rss-parser, five interleaved timed runs each after a warm-up, and prints
 * the medians. Earmark's figure includes what rss-parser does not do: well-formedness validation,
 * HTML-to-text of every description and show-note link extraction.
 */
const count = Number(process.argv[2] ?? 10_000);
const RUNS = 5;
const xml = generateFeed(count);
const feedUrl = "https://example.com/feed.xml";

const rss = new Parser({
  customFields: {
    item: [["podcast:person", "persons", { keepArray: true }], "podcast:transcript", "podcast:chapters"],
  },
});

const runOurs = () => {
  const feed = parseFeed(xml, feedUrl);
  if (feed.items.length !== count) throw new Error(`expected ${count} items, got ${feed.items.length}`);
};
/** Earmark's XML stage alone (DTD refusal, validation, fast-xml-parser), to show where the time goes. */
const runXmlOnly = () => {
  parseXmlDocument(xml);
};
const runTheirs = async () => {
  const feed = await rss.parseString(xml);
  if (feed.items.length !== count) throw new Error(`expected ${count} items, got ${feed.items.length}`);
};

const time = async (run: () => unknown) => {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
};
const median = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
const line = (name: string, times: number[]) =>
  console.log(
    `${name.padEnd(11)} median ${median(times).toFixed(0).padStart(6)} ms   runs ${times.map((t) => t.toFixed(0)).join(", ")}`,
  );

console.log(
  `feed: ${count.toLocaleString("en")} items, ${(Buffer.byteLength(xml) / 1024 / 1024).toFixed(1)} MB`,
);
// Warm up both, then interleave the timed runs so background load affects both alike.
await runOurs();
await runTheirs();
const ours: number[] = [];
const xmlOnly: number[] = [];
const theirs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  ours.push(await time(runOurs));
  xmlOnly.push(await time(runXmlOnly));
  theirs.push(await time(runTheirs));
}
line("earmark", ours);
line("  xml stage", xmlOnly);
line("rss-parser", theirs);
console.log(`ratio       earmark / rss-parser = ${(median(ours) / median(theirs)).toFixed(2)}`);
