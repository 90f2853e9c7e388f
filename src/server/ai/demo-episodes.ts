import { readFileSync } from "node:fs";
import path from "node:path";
import { parseChapters } from "../ingest/chapters.ts";
import { parseFeed } from "../ingest/parse-feed.ts";
import { parseTranscript } from "../ingest/transcripts.ts";
import type { EpisodeInput } from "./provider.ts";

const DEMO_DIR = path.resolve(import.meta.dirname, "../../../fixtures/demo");

/**
 * The demo catalog (fixtures/demo) as learning-engine input, parsed with the ingestion parsers
 * without a database: the fixture set of the engine's tests and of bench/learning-quality.ts.
 */
export function loadDemoEpisodes(): EpisodeInput[] {
  const feeds = JSON.parse(readFileSync(path.join(DEMO_DIR, "feeds.json"), "utf8")) as string[];
  return feeds.flatMap((feedPath) => {
    const feedFile = path.join(DEMO_DIR, feedPath);
    const feed = parseFeed(readFileSync(feedFile, "utf8"), `http://demo.test/${feedPath}`);
    return feed.items.map((item): EpisodeInput => {
      const guid = item.guid ?? item.title;
      const transcript = parseTranscript(
        readFileSync(path.join(DEMO_DIR, "transcripts", `${guid}.vtt`), "utf8"),
        "text/vtt",
      );
      const chapters = parseChapters(readFileSync(path.join(DEMO_DIR, "chapters", `${guid}.json`), "utf8"));
      return {
        id: guid,
        title: item.title,
        podcastName: feed.title,
        summary: item.summary,
        transcriptSegments: transcript.segments,
        transcriptText: transcript.text,
        chapters: chapters.map((chapter) => ({ startTime: chapter.startTime, title: chapter.title })),
        duration: item.duration,
        topics: item.categories,
      };
    });
  });
}
