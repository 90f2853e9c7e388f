import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { phraseKey, tokenize } from "./offline/text.ts";
import type { CorpusStats } from "./provider.ts";

/** Episodes read for the statistics: a sample, so a catalog of a million episodes costs the same. */
const SAMPLE_SIZE = 1000;
/** Characters of each transcript that count (its opening; the title, summary and topics count whole). */
const TRANSCRIPT_CHARS = 3000;
const MAX_GRAM = 3;
const POOL_SIZE = 600;
const CACHE_MS = 5 * 60 * 1000;

export type CorpusDocument = { text: string; topics: string[] };

/** No catalog knowledge: every phrase is equally rare and there are no outside distractors. */
export function emptyCorpus(): CorpusStats {
  return { documentCount: 0, documentFrequency: () => 0, phrasePool: [] };
}

/**
 * Document frequencies of every 1–3 word sequence (stemmed, lower case) of the documents; a longer
 * phrase counts as rare as its rarest three-word part. The phrase pool is the documents' topics.
 */
export function buildCorpusStats(documents: CorpusDocument[]): CorpusStats {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const words = phraseKey(document.text).split(" ").filter(Boolean);
    const seen = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      let gram = "";
      for (let n = 0; n < MAX_GRAM && i + n < words.length; n++) {
        gram = n === 0 ? (words[i] as string) : `${gram} ${words[i + n]}`;
        seen.add(gram);
      }
    }
    for (const gram of seen) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  const pool = new Map<string, string>();
  for (const document of documents) {
    for (const topic of document.topics) {
      const key = phraseKey(topic);
      if (key && !pool.has(key) && tokenize(topic).length <= 4 && pool.size < POOL_SIZE)
        pool.set(key, topic.trim());
    }
  }
  return {
    documentCount: documents.length,
    documentFrequency: (phrase) => {
      const words = phraseKey(phrase).split(" ").filter(Boolean);
      if (!words.length) return 0;
      if (words.length <= MAX_GRAM) return counts.get(words.join(" ")) ?? 0;
      let rarest = Number.POSITIVE_INFINITY;
      for (let i = 0; i + MAX_GRAM <= words.length; i++) {
        rarest = Math.min(rarest, counts.get(words.slice(i, i + MAX_GRAM).join(" ")) ?? 0);
      }
      return rarest;
    },
    phrasePool: [...pool.values()].sort((a, b) => a.localeCompare(b)),
  };
}

type Row = { title: string; summary: string | null; topics: string[] | null; transcript: string | null };

async function readSample(db: Database): Promise<CorpusDocument[]> {
  // The planner's row estimate is free; a block sample keeps the read bounded on a large catalog.
  const estimate = await db.execute<{ estimate: number }>(
    sql`select greatest(reltuples, 0)::float8 as estimate from pg_class where oid = 'episodes'::regclass`,
  );
  const rowEstimate = Number(estimate.rows[0]?.estimate ?? 0);
  const percent =
    rowEstimate > SAMPLE_SIZE * 4 ? Math.min(100, ((SAMPLE_SIZE * 2) / rowEstimate) * 100) : null;
  const from =
    percent === null
      ? sql`episodes`
      : sql`episodes tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (7)`;
  // Topics count once the engine wrote them: before enrichment they are the feed's categories
  // ("Business", "Society & Culture"), which are no quiz choices ("Transformer" ← "Philosophy").
  const result = await db.execute<Row>(sql`
    select title, summary, case when enriched_at is not null then topics end as topics,
      left(transcript_text, ${TRANSCRIPT_CHARS}) as transcript
    from ${from}
    order by id
    limit ${SAMPLE_SIZE}`);
  return result.rows.map((row) => ({
    text: [row.title, row.summary ?? "", (row.topics ?? []).join(". "), row.transcript ?? ""].join("\n"),
    topics: row.topics ?? [],
  }));
}

const cache = new WeakMap<Database, { loadedAt: number; stats: Promise<CorpusStats> }>();

/**
 * Catalog-wide statistics for the learning engine, from a bounded sample of episodes, kept in memory
 * for a few minutes (one load serves a whole batch of jobs).
 */
export function loadCorpusStats(db: Database): Promise<CorpusStats> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < CACHE_MS) return cached.stats;
  const stats = readSample(db).then(buildCorpusStats);
  cache.set(db, { loadedAt: Date.now(), stats });
  // A failed load is not cached; the next caller tries again.
  stats.catch(() => {
    if (cache.get(db)?.stats === stats) cache.delete(db);
  });
  return stats;
}

/**
 * Drops the cached statistics, so the next reader loads them again: after a batch of enrichments,
 * whose topics the batch's quizzes should see.
 */
export function forgetCorpusStats(db: Database): void {
  cache.delete(db);
}
