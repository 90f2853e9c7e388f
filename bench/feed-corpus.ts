import {
  readCorpus,
  readWithEarmark,
  readWithRssParser,
} from "../src/server/ingest/__fixtures__/feed-corpus.ts";

/**
 * `npm run bench:feed-corpus`: reads every feed of fixtures/feeds-corpus with Earmark's parser and
 * with rss-parser and prints which each one reads, then the totals.
 */
const files = readCorpus();
let ours = 0;
let theirs = 0;
let both = 0;
for (const file of files) {
  const a = readWithEarmark(file.bytes);
  const b = await readWithRssParser(file.bytes);
  if (a.ok) ours++;
  if (b.ok) theirs++;
  if (a.ok && b.ok) both++;
  const mark = (outcome: typeof a) =>
    outcome.ok ? `ok ${String(outcome.items.length).padStart(3)}` : "FAIL  ";
  console.log(
    `${mark(a)}  ${mark(b)}  ${file.name}${a.ok ? "" : `\n        earmark: ${a.error}`}${b.ok ? "" : `\n        rss-parser: ${b.error}`}`,
  );
}
console.log(
  `\n${files.length} feeds: Earmark read ${ours}, rss-parser read ${theirs}, both ${both}; ` +
    `rss-parser-only ${theirs - both}.`,
);
