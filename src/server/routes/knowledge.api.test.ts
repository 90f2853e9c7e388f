import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { matchPendingQuestionThemes } from "../services/knowledge/theme-matching.ts";

let server: TestServer;
let mapsId: string;
let machinesId: string;
/** Question ids by name (see seedQuestions). */
const q: Record<string, string> = {};

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

/**
 * Questions are inserted without theme_ids, as rows from before the column: the knowledge read must
 * match them itself. Tags → themes: Mercator/Empire → geopolitics, Stoicism → philosophy,
 * neural network → ai-tech, quilting → none.
 */
async function seedQuestions() {
  const podcast = await query(
    "insert into podcasts (name, source_type) values ('Test Show', 'manual') returning id",
  );
  const insertEpisode = async (title: string) =>
    (
      await query(
        "insert into episodes (podcast_id, title, audio_url, duration) values ($1, $2, '/demo/a.mp3', 1800) returning id",
        [podcast.rows[0].id, title],
      )
    ).rows[0].id as string;
  mapsId = await insertEpisode("Maps and Power");
  machinesId = await insertEpisode("Thinking Machines");
  const questions: [string, string, string[], number | null][] = [
    ["a1", mapsId, ["Mercator projection", "Empire"], 65],
    ["a2", mapsId, ["Stoicism"], 120],
    ["a3", mapsId, ["Mercator Projection"], 300],
    ["a4", mapsId, ["empires", "neural network"], null],
    ["a5", mapsId, ["Stoicism"], 400],
    ["a6", mapsId, ["stoicism"], 500],
    ["a7", mapsId, ["Stoicism "], 120],
    ["a8", mapsId, ["Stoicism"], 600],
    ["b1", machinesId, ["neural network"], 30],
    ["b2", machinesId, ["quilting"], 10],
  ];
  for (const [name, episodeId, tags, timecode] of questions) {
    const { rows } = await query(
      `insert into questions (episode_id, stem, choices, answer, concept_tags, timecode)
       values ($1, $2, array['Right', 'Wrong'], 'Right', $3, $4) returning id`,
      [episodeId, `Question ${name}?`, tags, timecode],
    );
    q[name] = rows[0].id;
  }
}

/** `correct` right and `wrong` wrong answers by the user to question `name`. */
async function answer(user: SignedInClient, name: string, correct: number, wrong = 0) {
  await query(
    `insert into user_answers (user_id, question_id, choice, is_correct, confidence, time_ms)
     select $1, $2, case when n <= $3 then 'Right' else 'Wrong' end, n <= $3, 3, 4000
     from generate_series(1, $4::int) n`,
    [user.user.id, q[name], correct, correct + wrong],
  );
}

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  await seedQuestions();
});
afterAll(() => server.stop());

const zeroTheme = { correct: 0, total: 0, accuracy: 0, points: 0, level: "Beginner", progress: 0 };

describe("signed out", () => {
  it("answers 401 on both routes", async () => {
    const visitor = server.client();
    for (const path of ["/api/v1/me/knowledge", "/api/v1/me/knowledge/concepts"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(401);
      expect(response.data.error.code).toBe("UNAUTHENTICATED");
    }
  });
});

describe("a new user", () => {
  it("has all 8 themes at zero, untouched themes as focus, and no concepts", async () => {
    const fresh = await server.signUp();
    const response = await fresh.get("/api/v1/me/knowledge");
    expect(response.status).toBe(200);
    expect(response.data.themes.map((theme: { id: string }) => theme.id)).toEqual([
      "ai-tech",
      "philosophy",
      "geopolitics",
      "personal-growth",
      "business",
      "science",
      "society",
      "existential",
    ]);
    for (const theme of response.data.themes) expect(theme).toMatchObject(zeroTheme);
    expect(response.data.themes[0]).toMatchObject({
      name: "AI & Technology",
      icon: "cpu",
      description: expect.stringContaining("artificial intelligence"),
    });
    expect(response.data).toMatchObject({
      answeredCount: 0,
      averagePoints: 0,
      averagePercent: 0,
      mastered: [],
      focus: ["ai-tech", "philosophy", "geopolitics"],
    });
    expect((await fresh.get("/api/v1/me/knowledge/concepts")).data).toEqual({ concepts: [] });
  });
});

describe("a learner with answers", () => {
  let learner: SignedInClient;
  let other: SignedInClient;

  beforeAll(async () => {
    [learner, other] = await Promise.all([server.signUp(), server.signUp()]);
    await answer(learner, "b1", 200);
    await answer(learner, "a4", 0, 1);
    await answer(learner, "a1", 3, 1);
    await answer(learner, "a3", 1);
    await answer(learner, "a2", 1, 1);
    for (const name of ["a5", "a6", "a7", "a8"]) await answer(learner, name, 1);
    await answer(learner, "b2", 2);
    await answer(other, "b2", 0, 1);
  });

  it("scores each theme from its answers: points, accuracy, level, progress", async () => {
    const response = await learner.get("/api/v1/me/knowledge");
    expect(response.status).toBe(200);
    const byId = Object.fromEntries(response.data.themes.map((theme: { id: string }) => [theme.id, theme]));
    // ai-tech: 200 of 201 → accuracy 100 → 2000 + 100 × 201 / 10 = 4010: Expert, 10 of 2000 → 0 %.
    expect(byId["ai-tech"]).toMatchObject({
      correct: 200,
      total: 201,
      accuracy: 100,
      points: 4010,
      level: "Expert",
      progress: 0,
    });
    // geopolitics: 4 of 6 → 67 → 40 + 40.2 = 80.
    expect(byId.geopolitics).toMatchObject({
      correct: 4,
      total: 6,
      accuracy: 67,
      points: 80,
      level: "Beginner",
      progress: 8,
    });
    // philosophy: 5 of 6 → 83 → 50 + 49.8 = 100.
    expect(byId.philosophy).toMatchObject({
      correct: 5,
      total: 6,
      accuracy: 83,
      points: 100,
      level: "Beginner",
      progress: 10,
    });
    for (const id of ["personal-growth", "business", "science", "society", "existential"])
      expect(byId[id]).toMatchObject(zeroTheme);
    // All answers count, the untagged-theme quilting ones too; average (4010 + 80 + 100) / 8 = 523.75.
    expect(response.data).toMatchObject({
      answeredCount: 214,
      averagePoints: 524,
      averagePercent: 8,
      mastered: ["ai-tech"],
      // Started themes weakest first (67 % before 83 %), then the first untouched one.
      focus: ["geopolitics", "philosophy", "personal-growth"],
    });
  });

  it("matched the answered questions' themes on the way, and only those", async () => {
    const { rows } = await query("select id, theme_ids from questions where id = any($1)", [
      [q.a1, q.a4, q.b2],
    ]);
    const themes = Object.fromEntries(rows.map((row) => [row.id, row.theme_ids]));
    expect(themes[q.a1 as string]).toEqual(["geopolitics"]);
    expect(themes[q.a4 as string]).toEqual(["ai-tech", "geopolitics"]);
    expect(themes[q.b2 as string]).toEqual([]);
  });

  it("maps the concepts with mastery, episodes and moments, most answered first", async () => {
    const response = await learner.get("/api/v1/me/knowledge/concepts");
    expect(response.status).toBe(200);
    const concepts = response.data.concepts as {
      key: string;
      label: string;
      correct: number;
      total: number;
      accuracy: number;
      episodes: { episode: { id: string; title: string }; moments: number[] }[];
    }[];
    expect(concepts.map((concept) => [concept.key, concept.correct, concept.total])).toEqual([
      ["neural network", 200, 201],
      ["stoicism", 5, 6],
      // "Empire" and "empires" are one concept; equal totals order by key.
      ["empire", 3, 5],
      ["mercator projection", 4, 5],
      ["quilting", 2, 2],
    ]);
    const [network, stoicism, empire, mercator] = concepts;
    expect(empire).toMatchObject({ label: "Empire", accuracy: 60 });
    expect(empire?.episodes.map((entry) => entry.moments)).toEqual([[65]]);
    expect(network?.accuracy).toBe(100);
    // Episodes most answered first; a question without a timecode gives the episode no moment.
    expect(network?.episodes.map((entry) => [entry.episode.title, entry.moments])).toEqual([
      ["Thinking Machines", [30]],
      ["Maps and Power", []],
    ]);
    expect(network?.episodes[0]?.episode).toEqual({
      id: machinesId,
      title: "Thinking Machines",
      audioUrl: "/demo/a.mp3",
      imageUrl: null,
      duration: 1800,
      podcast: { id: expect.any(String), name: "Test Show" },
    });
    // The most common spelling names it; distinct moments, the first 3.
    expect(stoicism).toMatchObject({ label: "Stoicism", accuracy: 83 });
    expect(stoicism?.episodes).toEqual([
      { episode: expect.objectContaining({ id: mapsId }), moments: [120, 400, 500] },
    ]);
    expect(mercator).toMatchObject({ label: "Mercator projection" });
    expect(mercator?.episodes[0]?.moments).toEqual([65, 300]);
  });

  it("never shows one user's answers in another's knowledge", async () => {
    const profile = (await other.get("/api/v1/me/knowledge")).data;
    expect(profile).toMatchObject({ answeredCount: 1, averagePoints: 0, mastered: [] });
    for (const theme of profile.themes) expect(theme).toMatchObject(zeroTheme);
    expect((await other.get("/api/v1/me/knowledge/concepts")).data.concepts).toEqual([
      expect.objectContaining({ key: "quilting", correct: 0, total: 1 }),
    ]);
  });

  it("limits the map to the 40 most answered concepts", async () => {
    const many = await server.signUp();
    const { rows } = await query(
      `insert into questions (episode_id, stem, choices, answer, concept_tags, timecode)
       select $1, 'Many ' || n || '?', array['Right', 'Wrong'], 'Right', array['concept ' || lpad(n::text, 2, '0')], n
       from generate_series(1, 45) n returning id`,
      [machinesId],
    );
    await query(
      `insert into user_answers (user_id, question_id, is_correct, confidence, time_ms)
       select $1, id, true, 3, 1000 from unnest($2::uuid[]) as id`,
      [many.user.id, rows.map((row) => row.id)],
    );
    const concepts = (await many.get("/api/v1/me/knowledge/concepts")).data.concepts;
    expect(concepts).toHaveLength(40);
    // Equal counts order by key.
    expect(concepts[0].key).toBe("concept 01");
    expect(concepts[39].key).toBe("concept 40");
  });
});

describe("theme matching at start-up", () => {
  it("matches every pending question once, in batches, and is idempotent", async () => {
    await query(
      `insert into questions (episode_id, stem, choices, answer, concept_tags)
       select $1, 'Pending ' || n || '?', array['Right', 'Wrong'], 'Right', array['Stoicism']
       from generate_series(1, 7) n`,
      [mapsId],
    );
    const pending = await query("select count(*)::int as n from questions where theme_ids is null");
    expect(pending.rows[0].n).toBeGreaterThanOrEqual(7);
    expect(await matchPendingQuestionThemes(server.deps.db, { batchSize: 3 })).toBe(pending.rows[0].n);
    expect(await matchPendingQuestionThemes(server.deps.db)).toBe(0);
    const { rows } = await query(
      "select distinct theme_ids from questions where stem like 'Pending %' and episode_id = $1",
      [mapsId],
    );
    expect(rows).toEqual([{ theme_ids: ["philosophy"] }]);
  });
});
