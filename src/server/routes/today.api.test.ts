import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { DEFAULT_DAILY_XP_GOAL } from "../../domain/today.ts";
import { getToday } from "../services/learning/today.ts";

let server: TestServer;
let podcastId: string;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  const { rows } = await query(
    "insert into podcasts (name, source_type) values ('Today Show', 'manual') returning id",
  );
  podcastId = rows[0].id;
});
afterAll(() => server.stop());

/** A ready episode of 1000 s with `questionCount` questions (the first choice is right). */
async function seedEpisode(title: string, questionCount = 0) {
  const { rows } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url, duration)
     values ($1, $2, 'About it', '/demo/audio/today.mp3', 1000) returning id`,
    [podcastId, title],
  );
  const episodeId: string = rows[0].id;
  const questions = await query(
    `insert into questions (episode_id, stem, choices, answer, created_at)
     select $1, 'Question ' || n || '?', array['Right ' || n, 'Wrong ' || n], 'Right ' || n,
            now() + make_interval(secs => n / 1000.0)
     from generate_series(1, $2::int) n order by n returning id, choices, answer`,
    [episodeId, questionCount],
  );
  return {
    episodeId,
    questions: questions.rows as { id: string; choices: string[]; answer: string }[],
  };
}

async function play(
  user: SignedInClient,
  episodeId: string,
  position: number,
  progress: number,
  minutesAgo = 0,
) {
  await query(
    `insert into play_history (user_id, episode_id, last_position_seconds, progress_seconds, last_played_at)
     values ($1, $2, $3, $4, now() - make_interval(mins => $5))`,
    [user.user.id, episodeId, position, progress, minutesAgo],
  );
}

/** Takes the episode's quiz through the API: `correct` right answers first, the rest wrong. */
async function takeQuiz(
  user: SignedInClient,
  episode: Awaited<ReturnType<typeof seedEpisode>>,
  correct: number,
) {
  const started = await user.post(`/api/v1/episodes/${episode.episodeId}/quiz/attempts`);
  expect([200, 201], started.text).toContain(started.status);
  const attemptId = started.data.attemptId as string;
  for (const [index, question] of episode.questions.entries()) {
    const choice = index < correct ? question.answer : question.choices.find((c) => c !== question.answer);
    const answered = await user.post(`/api/v1/quiz-attempts/${attemptId}/answers`, {
      questionId: question.id,
      choice,
      confidence: 3,
      timeMs: 20_000,
    });
    expect(answered.status, answered.text).toBe(200);
  }
  const finished = await user.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
  expect(finished.status, finished.text).toBe(200);
  return { attemptId, xpEarned: finished.data.xpEarned as number };
}

const today = async (user: SignedInClient) => {
  const response = await user.get("/api/v1/me/today");
  expect(response.status, response.text).toBe(200);
  return response.data;
};

describe("GET /api/v1/me/today", () => {
  it("needs a session", async () => {
    const response = await server.client().get("/api/v1/me/today");
    expect(response.status).toBe(401);
    expect(response.data.error.code).toBe("UNAUTHENTICATED");
  });

  it("starts a new learner at nothing due, no streak, 0 XP, the default goal and finding an episode", async () => {
    const learner = await server.signUp();
    const data = await today(learner);
    expect(data).toEqual({
      day: new Date().toISOString().slice(0, 10),
      dueCount: 0,
      streak: { current: 0, isTodayCounted: false },
      xpToday: 0,
      dailyGoal: DEFAULT_DAILY_XP_GOAL,
      nextStep: { kind: "discover", hasListened: false },
    });
  });

  it("after a quiz: its XP today (from the ledger), the streak counting today, and the missed cards due", async () => {
    const learner = await server.signUp();
    const episode = await seedEpisode("Quizzed", 4);
    const { attemptId, xpEarned } = await takeQuiz(learner, episode, 2);
    expect(xpEarned).toBeGreaterThan(0);
    const { rows } = await query("select amount, source, source_id from xp_events where user_id = $1", [
      learner.user.id,
    ]);
    expect(rows).toEqual([{ amount: xpEarned, source: "quiz", source_id: attemptId }]);

    const data = await today(learner);
    expect(data).toMatchObject({
      dueCount: 2,
      streak: { current: 1, isTodayCounted: true },
      xpToday: xpEarned,
      nextStep: { kind: "review", count: 2 },
    });
  });

  it("a quiz with no right answer adds no ledger row", async () => {
    const learner = await server.signUp();
    await takeQuiz(learner, await seedEpisode("All wrong", 2), 0);
    const { rows } = await query("select count(*)::int as n from xp_events where user_id = $1", [
      learner.user.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect(await today(learner)).toMatchObject({ xpToday: 0, dueCount: 2 });
  });

  it("counts XP between the two midnights of the learner's own time zone", async () => {
    const learner = await server.signUp();
    // Kiritimati is UTC+14: its 2026-11-25 runs from 2026-11-24T10:00Z to 2026-11-25T10:00Z.
    await query("update profiles set time_zone = 'Pacific/Kiritimati' where user_id = $1", [learner.user.id]);
    await query(
      `insert into xp_events (user_id, amount, source, created_at) values
        ($1, 1, 'quiz', '2026-11-24T09:59:59Z'),
        ($1, 10, 'quiz', '2026-11-24T10:00:00Z'),
        ($1, 20, 'quiz', '2026-11-25T09:00:00Z'),
        ($1, 400, 'quiz', '2026-11-25T10:00:00Z')`,
      [learner.user.id],
    );
    // Another learner's XP never counts.
    const other = await server.signUp();
    await query("insert into xp_events (user_id, amount, source, created_at) values ($1, 7, 'quiz', $2)", [
      other.user.id,
      "2026-11-25T08:00:00Z",
    ]);
    const now = new Date("2026-11-25T09:30:00Z");
    expect(await getToday(server.deps, learner.user.id, now)).toMatchObject({
      day: "2026-11-25",
      xpToday: 30,
    });
    // The same instant is still 2026-11-24 in UTC: then the learner's day holds only the first row.
    await query("update profiles set time_zone = 'UTC' where user_id = $1", [learner.user.id]);
    expect(await getToday(server.deps, learner.user.id, now)).toMatchObject({
      day: "2026-11-25",
      xpToday: 420,
    });
    expect(await getToday(server.deps, learner.user.id, new Date("2026-11-24T12:00:00Z"))).toMatchObject({
      day: "2026-11-24",
      xpToday: 11,
    });
  });

  it("tells whether today counts for the streak, on the learner's calendar", async () => {
    const learner = await server.signUp();
    await query("update profiles set time_zone = 'America/Los_Angeles' where user_id = $1", [
      learner.user.id,
    ]);
    await query(
      "insert into user_streaks (user_id, current_streak, longest_streak, last_active_date) values ($1, 5, 5, '2026-11-24')",
      [learner.user.id],
    );
    // 2026-11-25T05:00Z is the evening of the 24th in Los Angeles: today already counts.
    expect((await getToday(server.deps, learner.user.id, new Date("2026-11-25T05:00:00Z"))).streak).toEqual({
      current: 5,
      isTodayCounted: true,
    });
    // The next local day: the streak stands, today is still to be earned.
    expect((await getToday(server.deps, learner.user.id, new Date("2026-11-25T20:00:00Z"))).streak).toEqual({
      current: 5,
      isTodayCounted: false,
    });
    // A local day missed: it has lapsed.
    expect((await getToday(server.deps, learner.user.id, new Date("2026-11-27T20:00:00Z"))).streak).toEqual({
      current: 0,
      isTodayCounted: false,
    });
  });
});

describe("the next step", () => {
  it("follows the order: due cards, the heard episode's quiz, the episode in progress, finding one", async () => {
    const learner = await server.signUp();
    const inProgress = await seedEpisode("Half heard");
    const heard = await seedEpisode("Heard it", 2);
    await play(learner, inProgress.episodeId, 400, 400, 30);

    expect((await today(learner)).nextStep).toMatchObject({
      kind: "continue",
      episode: {
        id: inProgress.episodeId,
        title: "Half heard",
        audioUrl: "/demo/audio/today.mp3",
        duration: 1000,
        podcast: { id: podcastId, name: "Today Show" },
      },
      positionSeconds: 400,
    });

    // The last played episode is heard to the end and has a quiz: take it.
    await play(learner, heard.episodeId, 990, 990, 1);
    expect((await today(learner)).nextStep).toMatchObject({
      kind: "quiz",
      episode: { id: heard.episodeId, title: "Heard it" },
    });

    // Quiz taken with one miss: the due card comes first.
    await takeQuiz(learner, heard, 1);
    expect((await today(learner)).nextStep).toEqual({ kind: "review", count: 1 });

    // Card reviewed: the finished quiz is not offered again, so back to the episode in progress.
    const cards = await learner.get("/api/v1/me/review/cards");
    const rated = await learner.post(`/api/v1/me/review/cards/${cards.data.cards[0].id}/rating`, {
      grade: 3,
    });
    expect(rated.status, rated.text).toBe(200);
    const data = await today(learner);
    expect(data.dueCount).toBe(0);
    expect(data.nextStep).toMatchObject({ kind: "continue", episode: { id: inProgress.episodeId } });

    // Nothing left in progress: find another episode.
    await query("update play_history set last_position_seconds = 1000 where episode_id = $1", [
      inProgress.episodeId,
    ]);
    expect((await today(learner)).nextStep).toEqual({ kind: "discover", hasListened: true });
  });

  it("offers the quiz of an episode mostly heard though not finished, before continuing it", async () => {
    const learner = await server.signUp();
    const episode = await seedEpisode("Nearly done", 2);
    // 920 of 1000 s: past the last tenth, still in Continue listening.
    await play(learner, episode.episodeId, 920, 920);
    expect((await today(learner)).nextStep).toMatchObject({
      kind: "quiz",
      episode: { id: episode.episodeId },
    });
    await takeQuiz(learner, episode, 2);
    expect((await today(learner)).nextStep).toMatchObject({
      kind: "continue",
      episode: { id: episode.episodeId },
      positionSeconds: 920,
    });
  });

  it("offers no quiz for an episode barely started, nor for one without questions", async () => {
    const learner = await server.signUp();
    const started = await seedEpisode("Barely started", 2);
    await play(learner, started.episodeId, 100, 100);
    expect((await today(learner)).nextStep).toMatchObject({
      kind: "continue",
      episode: { id: started.episodeId },
    });

    const noQuiz = await seedEpisode("No questions");
    await play(learner, noQuiz.episodeId, 1000, 1000, -1);
    expect((await today(learner)).nextStep).toMatchObject({
      kind: "continue",
      episode: { id: started.episodeId },
    });
  });

  it("never shows another learner's plays or cards", async () => {
    const [owner, other] = await Promise.all([server.signUp(), server.signUp()]);
    const episode = await seedEpisode("Private play", 2);
    await play(owner, episode.episodeId, 300, 300);
    await takeQuiz(owner, episode, 0);
    expect(await today(other)).toMatchObject({
      dueCount: 0,
      xpToday: 0,
      nextStep: { kind: "discover", hasListened: false },
    });
  });
});

describe("PUT /api/v1/me/daily-goal", () => {
  const put = (client: { request: SignedInClient["request"] }, body: unknown) =>
    client.request("PUT", "/api/v1/me/daily-goal", { json: body });

  it("saves one of the four goals, which Today then shows", async () => {
    const learner = await server.signUp();
    const saved = await put(learner, { goal: 100 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toEqual({ goal: 100 });
    expect((await today(learner)).dailyGoal).toBe(100);
    expect((await put(learner, { goal: 10 })).data).toEqual({ goal: 10 });
    expect((await today(learner)).dailyGoal).toBe(10);
  });

  it("refuses any other goal with a 400 that names the choices", async () => {
    const learner = await server.signUp();
    for (const goal of [20, 0, -10, 1000, 30.5, "30", null]) {
      const response = await put(learner, { goal });
      expect(response.status, JSON.stringify(goal)).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
      expect(response.data.error.fields.goal).toBe("Choose a daily goal of 10, 30, 50 or 100 XP.");
    }
    expect((await put(learner, {})).status).toBe(400);
    expect((await put(learner, { goal: 50, extra: true })).status).toBe(400);
    expect((await today(learner)).dailyGoal).toBe(DEFAULT_DAILY_XP_GOAL);
  });

  it("needs a session", async () => {
    const response = await put(server.client(), { goal: 50 });
    expect(response.status).toBe(401);
  });

  it("is held by the database too: no other value can be stored", async () => {
    const learner = await server.signUp();
    await expect(
      query("update profiles set daily_xp_goal = 20 where user_id = $1", [learner.user.id]),
    ).rejects.toThrow(/profiles_daily_xp_goal_check/);
  });
});
