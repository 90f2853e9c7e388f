import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-server.ts";
import { createDatabase, type Database } from "../db/client.ts";
import { episodes, podcasts } from "../db/schema/catalog.ts";
import { loadCorpusStats } from "./corpus.ts";
import { loadDemoEpisodes } from "./demo-episodes.ts";
import type { EpisodeInput } from "./provider.ts";
import { retrievePassages } from "./retrieval.ts";

let db: Database;
const demo = loadDemoEpisodes();
const byId = (id: string) => demo.find((e) => e.id === id) as EpisodeInput;

beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), { max: 2 });
});
afterAll(() => db.$client.end());

describe("retrievePassages (PostgreSQL full-text ranking)", () => {
  it("ranks the chunk that answers the question first", async () => {
    const passages = await retrievePassages(
      db,
      byId("lv-103"),
      "What happened after the Cuban Missile Crisis?",
    );
    expect(passages.length).toBeGreaterThanOrEqual(1);
    const [top] = passages;
    expect(top?.text).toContain("Cuban Missile Crisis");
    expect(top?.rank).toBeGreaterThan(0);
    expect(top?.sentences?.some((s) => s.text.includes("Cuban Missile Crisis"))).toBe(true);
    const ranks = passages.map((p) => p.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it("stems words and returns only passages that match, at most `limit`", async () => {
    const episode = byId("dt-102");
    const passages = await retrievePassages(db, episode, "vaccinated newborns", 2);
    expect(passages.length).toBeLessThanOrEqual(2);
    for (const passage of passages) expect(passage.text.toLowerCase()).toMatch(/vaccin|newborn/);
    expect(await retrievePassages(db, episode, "quarterback touchdown playoffs")).toEqual([]);
    // Only stop words: nothing to look for.
    expect(await retrievePassages(db, episode, "what is it about?")).toEqual([]);
  });

  it("takes punctuation and operators in questions as plain words", async () => {
    const passages = await retrievePassages(
      db,
      byId("sn-101"),
      'RAG: "open-book" exam -- or !hallucination & (sources)?',
    );
    expect(passages.length).toBeGreaterThanOrEqual(1);
  });
});

describe("loadCorpusStats", () => {
  it("reads document frequencies, and a phrase pool from the topics of enriched episodes only", async () => {
    const [podcast] = await db
      .insert(podcasts)
      .values({ name: "Demo", sourceType: "manual" })
      .returning({ id: podcasts.id });
    await db.insert(episodes).values(
      demo.slice(0, 6).map((e) => ({
        podcastId: podcast?.id as string,
        title: e.title,
        summary: e.summary,
        topics: e.topics,
        transcriptText: e.transcriptText,
      })),
    );
    // One enriched episode: its topics are the engine's; the others' are still the feed's categories.
    await db.insert(episodes).values({
      podcastId: podcast?.id as string,
      title: "Enriched",
      topics: ["spaced repetition", "forgetting curve"],
      enrichedAt: new Date(),
    });
    const corpus = await loadCorpusStats(db);
    expect(corpus.documentCount).toBe(7);
    expect(corpus.documentFrequency("language models")).toBeGreaterThanOrEqual(2);
    expect(corpus.phrasePool).toContain("spaced repetition");
    expect(corpus.phrasePool).not.toContain("Geopolitics");
    // Cached: the same object for the next caller within minutes.
    expect(await loadCorpusStats(db)).toBe(corpus);
  });
});
