import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { emptyCorpus } from "../../ai/corpus.ts";
import { episodePeople } from "../../ai/offline/enrich.ts";
import { createOfflineProvider } from "../../ai/offline/offline-provider.ts";
import type { GeneratedQuestion, LearningProvider } from "../../ai/provider.ts";
import { categorizeEpisodes } from "./categorize.ts";
import type { LearningDeps } from "./engine.ts";
import { autoEnrichEpisodes, enrichEpisode } from "./enrichment.ts";
import { loadEpisodeInput, loadShowTopics } from "./episode-input.ts";
import { generateMissingMindmaps, listMissingMindmaps } from "./mindmaps.ts";
import { generateEpisodeQuestions } from "./questions.ts";

/**
 * The learning services against a real database with providers we control: the quiz_status life
 * cycle (none → generating → complete, failure → failed, retry), one generation at a time, atomic
 * replacement, and the batch operations' counts.
 */

let server: TestServer;
let podcastId: string;
const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

const offline = createOfflineProvider();

/** Twelve valid questions, plus invalid ones the service must drop. */
function fakeQuestions(prefix: string): GeneratedQuestion[] {
  return Array.from({ length: 14 }, (_, i) => ({
    stem: `${prefix} question ${i}?`,
    choices: ["alpha", "beta", "gamma", "delta"],
    answer: i === 13 ? "omega" : "beta",
    explanation: "Because.",
    concept_tags: ["letters", "algorithm"],
    difficulty: "easy" as const,
    timecode: i * 10,
  }));
}

/** Deps whose question generation waits until `release` is called. */
function depsWithHeldGeneration() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deps = depsWith({
    generateQuestions: async () => {
      await gate;
      return fakeQuestions("Q");
    },
  });
  return { deps, release };
}

function depsWith(
  overrides: Partial<LearningProvider> = {},
): LearningDeps & { calls: { questions: number } } {
  const calls = { questions: 0 };
  const provider: LearningProvider = {
    ...offline,
    name: "test",
    generateQuestions: async (episode, context) => {
      calls.questions++;
      return overrides.generateQuestions ? overrides.generateQuestions(episode, context) : fakeQuestions("Q");
    },
    ...(overrides.enrich ? { enrich: overrides.enrich } : {}),
    ...(overrides.categorize ? { categorize: overrides.categorize } : {}),
    ...(overrides.generateMindmap ? { generateMindmap: overrides.generateMindmap } : {}),
  };
  return {
    db: server.deps.db,
    logger: server.deps.logger,
    provider,
    loadContext: async () => ({ corpus: emptyCorpus() }),
    calls,
  };
}

const segments = [
  { start: 0, end: 6, text: "Welcome to the show about semiconductors and the machines that make them." },
  {
    start: 6,
    end: 14,
    text: "Extreme ultraviolet lithography prints the smallest features on modern chips.",
  },
  {
    start: 14,
    end: 22,
    text: "Only one company, ASML, builds the lithography machines used for the most advanced chips.",
  },
  { start: 22, end: 30, text: "Export controls on those machines have become a tool of geopolitics." },
];

async function insertEpisode(
  title: string,
  values: { summary?: string | null; duration?: number; hasTranscript?: boolean } = {},
) {
  const hasTranscript = values.hasTranscript ?? true;
  const { rows } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url, duration, transcript_text, transcript_segments)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      podcastId,
      title,
      values.summary === undefined ? "Chips and the machines that make them." : values.summary,
      `https://cdn.example/${encodeURIComponent(title)}.mp3`,
      values.duration ?? 30,
      hasTranscript ? segments.map((segment) => segment.text).join(" ") : null,
      hasTranscript ? JSON.stringify(segments) : null,
    ],
  );
  return rows[0].id as string;
}

const quizState = async (id: string) =>
  (
    await query(
      "select quiz_status, (select count(*)::int from questions where episode_id = $1) as questions from episodes where id = $1",
      [id],
    )
  ).rows[0];

beforeAll(async () => {
  // No catalog follow-ups here: every step is called directly.
  server = await startTestServer({ INGEST_FEEDS: "" });
  podcastId = (
    await query("insert into podcasts (name, source_type) values ('Pipeline Tests', 'manual') returning id")
  ).rows[0].id;
});
afterAll(() => server.stop());

describe("question generation: quiz_status", () => {
  let episodeId: string;
  beforeEach(async () => {
    episodeId = await insertEpisode(`Lifecycle ${Math.random()}`);
  });

  it("goes none → generating → complete and stores the valid questions, at most 12", async () => {
    expect(await quizState(episodeId)).toEqual({ quiz_status: "none", questions: 0 });
    const { deps, release } = depsWithHeldGeneration();
    const running = generateEpisodeQuestions(deps, episodeId);
    await expect.poll(async () => (await quizState(episodeId)).quiz_status).toBe("generating");
    release();
    expect(await running).toEqual({ quizStatus: "complete", questionCount: 12, isGenerated: true });
    expect(await quizState(episodeId)).toEqual({ quiz_status: "complete", questions: 12 });
    const { rows } = await query(
      "select stem, timecode from questions where episode_id = $1 order by created_at",
      [episodeId],
    );
    expect(rows.map((row) => row.stem)).toEqual(
      fakeQuestions("Q")
        .slice(0, 12)
        .map((q) => q.stem),
    );
    // Timecodes stay inside the 30 s episode.
    expect(Math.max(...rows.map((row) => row.timecode))).toBe(30);
    // Each question is stored with the knowledge themes its concept tags match.
    const themes = await query("select distinct theme_ids from questions where episode_id = $1", [episodeId]);
    expect(themes.rows).toEqual([{ theme_ids: ["ai-tech"] }]);
  });

  it("runs one generation at a time: a concurrent call does not generate again", async () => {
    const { deps, release } = depsWithHeldGeneration();
    const first = generateEpisodeQuestions(deps, episodeId);
    await expect.poll(async () => (await quizState(episodeId)).quiz_status).toBe("generating");
    const second = await generateEpisodeQuestions(deps, episodeId);
    expect(second).toEqual({ quizStatus: "generating", questionCount: 0, isGenerated: false });
    release();
    expect((await first).isGenerated).toBe(true);
    expect(deps.calls.questions).toBe(1);
    // A complete quiz is left alone.
    expect(await generateEpisodeQuestions(deps, episodeId)).toEqual({
      quizStatus: "complete",
      questionCount: 12,
      isGenerated: false,
    });
    expect(deps.calls.questions).toBe(1);
  });

  it("becomes failed when the engine throws or gives nothing usable, and a retry succeeds", async () => {
    const failing = depsWith({
      generateQuestions: async () => {
        throw new Error("engine down");
      },
    });
    await expect(generateEpisodeQuestions(failing, episodeId)).rejects.toThrow("engine down");
    expect(await quizState(episodeId)).toEqual({ quiz_status: "failed", questions: 0 });

    const empty = depsWith({
      generateQuestions: async () => fakeQuestions("Bad").map((q) => ({ ...q, answer: "omega" })),
    });
    await expect(generateEpisodeQuestions(empty, episodeId)).rejects.toThrow(/no valid questions/);
    expect((await quizState(episodeId)).quiz_status).toBe("failed");

    expect((await generateEpisodeQuestions(depsWith(), episodeId)).quizStatus).toBe("complete");
    expect(await quizState(episodeId)).toEqual({ quiz_status: "complete", questions: 12 });
  });

  it("replaces the questions in one transaction when forced, and keeps them when that fails", async () => {
    await generateEpisodeQuestions(depsWith(), episodeId);
    const before = (await query("select id from questions where episode_id = $1", [episodeId])).rows;
    await expect(
      generateEpisodeQuestions(
        depsWith({
          generateQuestions: async () => {
            throw new Error("boom");
          },
        }),
        episodeId,
        { isForced: true },
      ),
    ).rejects.toThrow("boom");
    expect((await query("select id from questions where episode_id = $1", [episodeId])).rows).toEqual(before);
    expect((await quizState(episodeId)).quiz_status).toBe("complete");

    await generateEpisodeQuestions(
      depsWith({ generateQuestions: async () => fakeQuestions("New") }),
      episodeId,
      {
        isForced: true,
      },
    );
    const { rows } = await query("select id, stem from questions where episode_id = $1", [episodeId]);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.stem.startsWith("New"))).toBe(true);
    expect(rows.some((row) => before.some((old) => old.id === row.id))).toBe(false);
    expect((await quizState(episodeId)).quiz_status).toBe("complete");
  });

  it("answers 404 for an unknown episode", async () => {
    await expect(
      generateEpisodeQuestions(depsWith(), "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("enrichment", () => {
  it("summarises the transcript, else keeps the feed's summary or fills a missing one; clamps insight times, keeps known themes", async () => {
    const withSummary = await insertEpisode("Enrich with summary");
    const withoutSummary = await insertEpisode("Enrich without summary", {
      summary: null,
      hasTranscript: false,
    });
    const untranscribed = await insertEpisode("Enrich without transcript", { hasTranscript: false });
    const deps = depsWith({
      enrich: async () => ({
        summary: "Engine summary.",
        insights: [
          { key_point: "Early", timecode: 5 },
          { key_point: "Past the end", timecode: 999 },
        ],
        topics: ["lithography", "export controls"],
      }),
      categorize: async () => ["ai-tech", "not-a-theme", "ai-tech", "geopolitics"],
    });
    await enrichEpisode(deps, withSummary);
    await enrichEpisode(deps, withoutSummary);
    await enrichEpisode(deps, untranscribed);
    const { rows } = await query(
      "select id, summary, insights, topics, themes, enriched_at, ready from episodes where id = any($1) order by title",
      [[withSummary, withoutSummary, untranscribed]],
    );
    expect(rows[0]).toMatchObject({
      id: withSummary,
      summary: "Engine summary.",
      insights: [
        { key_point: "Early", timecode: 5 },
        { key_point: "Past the end", timecode: 30 },
      ],
      topics: ["lithography", "export controls"],
      themes: ["ai-tech", "geopolitics"],
    });
    expect(rows[0].enriched_at).not.toBeNull();
    // The engine's summary also makes the episode visible.
    expect(rows[1]).toMatchObject({ id: withoutSummary, summary: "Engine summary.", ready: true });
    expect(rows[2]).toMatchObject({ id: untranscribed, summary: "Chips and the machines that make them." });
  });

  it("auto-enrich runs the whole pipeline once and reports enriched and skipped", async () => {
    await query("update episodes set enriched_at = now()");
    const good = await insertEpisode("Auto good");
    const broken = await insertEpisode("Auto broken");
    const deps = depsWith({
      enrich: async (episode, context) => {
        if (episode.id === broken) throw new Error("cannot read this one");
        return offline.enrich(episode, context);
      },
    });
    const result = await autoEnrichEpisodes(deps);
    expect(result).toEqual({ enriched: 1, skipped: 1, questionsGenerated: 1, mindmapsGenerated: 1 });
    expect(await quizState(good)).toEqual({ quiz_status: "complete", questions: 12 });
    expect(
      (await query("select count(*)::int as n from episode_mindmaps where episode_id = $1", [good])).rows[0]
        .n,
    ).toBe(1);
    expect(
      (await query("select enriched_at from episodes where id = $1", [broken])).rows[0].enriched_at,
    ).toBeNull();
    // Nothing left but the broken one, which is tried again and skipped again.
    expect(await autoEnrichEpisodes(deps)).toEqual({
      enriched: 0,
      skipped: 1,
      questionsGenerated: 0,
      mindmapsGenerated: 0,
    });
    await query("update episodes set enriched_at = now() where id = $1", [broken]);
  });
});

/** A podcast of its own, for the tests that read a show's other episodes. */
const newPodcast = async (name: string) =>
  (await query("insert into podcasts (name, source_type) values ($1, 'manual') returning id", [name])).rows[0]
    .id as string;

/** An episode of `podcast` published `daysAgo` days ago, with its timed talk, topics and enrichment. */
async function insertShowEpisode(
  podcast: string,
  title: string,
  daysAgo: number,
  {
    segments = null,
    topics = [],
    isEnriched = false,
  }: { segments?: unknown[] | null; topics?: string[]; isEnriched?: boolean },
) {
  const { rows } = await query(
    `insert into episodes (podcast_id, title, audio_url, pub_date, transcript_segments, topics, enriched_at)
     values ($1, $2, $3, now() - make_interval(days => $4), $5, $6, case when $7 then now() end) returning id`,
    [
      podcast,
      title,
      `https://cdn.example/${encodeURIComponent(title)}.mp3`,
      daysAgo,
      segments && JSON.stringify(segments),
      topics,
      isEnriched,
    ],
  );
  return rows[0].id as string;
}

describe("episode input: the show's voices", () => {
  /** An episode of `podcast` in which `speakers` take turns, published `daysAgo` days ago. */
  const insertTalk = (podcast: string, title: string, daysAgo: number, speakers: string[]) =>
    insertShowEpisode(podcast, title, daysAgo, {
      segments: speakers.map((speaker, i) => ({
        start: i * 10,
        end: i * 10 + 10,
        speaker,
        text: "We talked about lithography machines and the export controls on them for a while.",
      })),
    });

  it("reads the speakers of the show's other episodes, newest first, and tells its hosts from a guest who speaks first", async () => {
    const friends = await newPodcast("Voices Tests");
    const elsewhere = await newPodcast("Another Show");
    await insertTalk(friends, "Kaizen 10", 9, ["Jerod Santo", "Adam Stacoviak", "Gerhard Lazu"]);
    await insertTalk(friends, "Nick's return", 3, ["Adam Stacoviak", "Jerod Santo", "Nick Nisi"]);
    // The guest is a regular of another show: that does not make him a host of this one.
    await insertTalk(elsewhere, "Zed 1", 5, ["Nathan Sobo", "Antonio Scandurra"]);
    await insertTalk(elsewhere, "Zed 2", 4, ["Nathan Sobo", "Antonio Scandurra"]);
    const id = await insertTalk(friends, "Since we last talked", 1, [
      "Nathan Sobo",
      "Adam Stacoviak",
      "Jerod Santo",
    ]);

    const input = await loadEpisodeInput(server.deps.db, id, { hasShowSpeakers: true });
    expect(input.showSpeakers?.map((speakers) => [...speakers].sort())).toEqual([
      ["Adam Stacoviak", "Jerod Santo", "Nick Nisi"],
      ["Adam Stacoviak", "Gerhard Lazu", "Jerod Santo"],
    ]);
    expect(episodePeople(input)).toEqual({
      hosts: ["Adam Stacoviak", "Jerod Santo"],
      guests: ["Nathan Sobo"],
    });
    // Only enrichment needs them; other readers do not read them.
    expect(
      (await loadEpisodeInput(server.deps.db, id, { hasShowSpeakers: false })).showSpeakers,
    ).toBeUndefined();
  });
});

describe("episode input: the show's topics", () => {
  const insertTopics = (
    podcast: string,
    title: string,
    daysAgo: number,
    topics: string[],
    isEnriched: boolean,
  ) => insertShowEpisode(podcast, title, daysAgo, { topics, isEnriched });

  it("gives the quiz the engine's topics of the show's other episodes, newest first, never a feed's categories", async () => {
    const chips = await newPodcast("Topics Tests");
    const other = await newPodcast("Another Topics Show");
    await insertTopics(chips, "Lithography", 5, ["export controls", "lithography machines"], true);
    await insertTopics(chips, "Foundries", 3, ["Moore's law", "export controls"], true);
    // Not enriched: its topics are still the feed's categories.
    await insertTopics(chips, "Fresh", 2, ["Technology"], false);
    await insertTopics(other, "Stoics", 1, ["Stoicism"], true);
    const id = await insertTopics(chips, "Chips", 1, ["Business"], false);

    expect((await loadShowTopics(server.deps.db, [id])).get(id)).toEqual([
      "Moore's law",
      "export controls",
      "lithography machines",
    ]);
    let seen: string[] | undefined;
    const deps = depsWith({
      generateQuestions: async (episode) => {
        seen = episode.showTopics;
        return fakeQuestions("T");
      },
    });
    await generateEpisodeQuestions(deps, id);
    expect(seen).toEqual(["Moore's law", "export controls", "lithography machines"]);
  });

  it("gives a page's quizzes the topics its show's episodes got in the same page", async () => {
    await query("update episodes set enriched_at = now() where enriched_at is null");
    const first = await insertEpisode("Page one");
    const second = await insertEpisode("Page two");
    const seen = new Map<string, string[] | undefined>();
    const deps = depsWith({
      enrich: async (episode, context) => ({
        ...(await offline.enrich(episode, context)),
        topics: [`${episode.title} topic`],
      }),
      generateQuestions: async (episode) => {
        seen.set(episode.id, episode.showTopics);
        return fakeQuestions("P");
      },
    });
    await autoEnrichEpisodes(deps, { podcastId });
    expect(seen.get(first)).toContain("Page two topic");
    expect(seen.get(second)).toContain("Page one topic");
    expect(seen.get(first)).not.toContain("Page one topic");
  });
});

describe("batch operations", () => {
  it("categorises every episode in batches", async () => {
    const progress: number[] = [];
    const total = (await query("select count(*)::int as n from episodes")).rows[0].n;
    const result = await categorizeEpisodes(depsWith({ categorize: async () => ["science"] }), {
      batchSize: 2,
      pauseMs: 0,
      onProgress: async (done) => {
        progress.push(done);
      },
    });
    expect(result).toEqual({ categorized: total, failed: 0, total });
    expect(progress.at(-1)).toBe(total);
    expect(progress.length).toBe(Math.ceil(total / 2));
    const { rows } = await query("select distinct themes from episodes");
    expect(rows).toEqual([{ themes: ["science"] }]);
  });

  it("lists episodes missing a mind map and generates them", async () => {
    await query("delete from episode_mindmaps");
    const total = (await query("select count(*)::int as n from episodes")).rows[0].n;
    const listed = await listMissingMindmaps(server.deps.db, 2);
    expect(listed).toMatchObject({ total, missing: total });
    expect(listed.items).toHaveLength(2);
    expect(listed.items[0]).toMatchObject({ podcastName: "Pipeline Tests" });
    const result = await generateMissingMindmaps(depsWith(), { limit: 3 });
    expect(result).toEqual({ generated: 3, failed: 0, remaining: total - 3 });
    const failing = depsWith({
      generateMindmap: async () => {
        throw new Error("no map");
      },
    });
    expect(await generateMissingMindmaps(failing, { limit: 2 })).toEqual({
      generated: 0,
      failed: 2,
      remaining: total - 3,
    });
  });
});
