import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { Achievement } from "../../domain/contract/achievements.ts";
import { recordAchievementProgress } from "../services/achievements/achievements.ts";
import { recordStreakActivity } from "../services/learning/streaks.ts";

let server: TestServer;
let podcastId: string;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  const { rows } = await query(
    "insert into podcasts (name, source_type) values ('Milestones Show', 'manual') returning id",
  );
  podcastId = rows[0].id;
});
afterAll(() => server.stop());

/** `count` episodes with one two-choice question each ('Yes' is right). */
async function seedEpisodes(count: number) {
  const { rows: created } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url)
     select $1, 'Milestone ' || n, 'About it', '/demo/audio/a' || n || '.mp3' from generate_series(1, $2::int) n
     returning id`,
    [podcastId, count],
  );
  const { rows } = await query(
    `insert into questions (episode_id, stem, choices, answer, explanation)
     select id, 'Which?', array['Yes', 'No'], 'Yes', 'It is.' from unnest($1::uuid[]) as id
     returning id, episode_id`,
    [created.map((row) => row.id)],
  );
  return rows as { id: string; episode_id: string }[];
}

/** Starts and answers a one-question quiz; returns the attempt to finish. */
async function answerQuiz(
  client: SignedInClient,
  question: { id: string; episode_id: string },
  choice = "Yes",
) {
  const started = await client.post(`/api/v1/episodes/${question.episode_id}/quiz/attempts`);
  expect([200, 201], started.text).toContain(started.status);
  const answered = await client.post(`/api/v1/quiz-attempts/${started.data.attemptId}/answers`, {
    questionId: question.id,
    choice,
    confidence: 3,
    timeMs: 4000,
  });
  expect(answered.status, answered.text).toBe(200);
  return started.data.attemptId as string;
}

const finish = (client: SignedInClient, attemptId: string) =>
  client.post(`/api/v1/quiz-attempts/${attemptId}/finish`);

async function listFor(client: SignedInClient) {
  const response = await client.get("/api/v1/me/achievements");
  expect(response.status, response.text).toBe(200);
  return response.data as { achievements: Achievement[]; earnedCount: number };
}

const bySlug = (list: { achievements: Achievement[] }, slug: string) => {
  const found = list.achievements.find((item) => item.slug === slug);
  if (!found) throw new Error(`no achievement ${slug}`);
  return found;
};

describe("GET /me/achievements", () => {
  it("lists at least 16 seeded definitions across all four tiers, nothing earned for a new user", async () => {
    const learner = await server.signUp();
    const list = await listFor(learner);
    expect(list.achievements.length).toBeGreaterThanOrEqual(16);
    expect(new Set(list.achievements.map((item) => item.tier))).toEqual(
      new Set(["bronze", "silver", "gold", "platinum"]),
    );
    expect(new Set(list.achievements.map((item) => item.slug)).size).toBe(list.achievements.length);
    expect(list.earnedCount).toBe(0);
    for (const item of list.achievements) {
      expect(item).toMatchObject({ progress: 0, earnedAt: null });
      expect(item.requirementValue).toBeGreaterThan(0);
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
    }
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().get("/api/v1/me/achievements");
    expect(response.status).toBe(401);
  });
});

describe("awarding on a quiz finish", () => {
  it("unlocks First Steps on the first quiz, reports it once, and counts progress towards the rest", async () => {
    const learner = await server.signUp();
    const [first, second] = await seedEpisodes(2);
    if (!first || !second) throw new Error("seed failed");

    const missed = await finish(learner, await answerQuiz(learner, first, "No"));
    expect(missed.status, missed.text).toBe(200);
    expect(missed.data.newAchievements.map((item: Achievement) => item.slug)).toEqual(["first-quiz"]);
    expect(missed.data.newAchievements[0]).toMatchObject({ name: "First Steps", tier: "bronze" });

    let list = await listFor(learner);
    expect(list.earnedCount).toBe(1);
    expect(list.achievements[0]?.slug).toBe("first-quiz");
    expect(bySlug(list, "first-quiz")).toMatchObject({ progress: 1, requirementValue: 1 });
    expect(bySlug(list, "first-quiz").earnedAt).not.toBeNull();
    expect(bySlug(list, "quiz-regular")).toMatchObject({ progress: 1, requirementValue: 10, earnedAt: null });
    expect(bySlug(list, "flawless")).toMatchObject({ progress: 0, earnedAt: null });
    // The first answer of the day started a 1-day streak.
    expect(bySlug(list, "warming-up")).toMatchObject({ progress: 1, earnedAt: null });
    const firstEarnedAt = bySlug(list, "first-quiz").earnedAt;

    const perfect = await finish(learner, await answerQuiz(learner, second));
    expect(perfect.data.newAchievements.map((item: Achievement) => item.slug)).toEqual(["flawless"]);
    list = await listFor(learner);
    expect(list.earnedCount).toBe(2);
    expect(bySlug(list, "first-quiz").earnedAt).toBe(firstEarnedAt);
    expect(bySlug(list, "quiz-regular").progress).toBe(2);
    expect(bySlug(list, "hundred-recalls").progress).toBe(1);

    // The results page's reload does not report them again.
    const reloaded = await learner.get(`/api/v1/episodes/${second.episode_id}/quiz/results`);
    expect(reloaded.status, reloaded.text).toBe(200);
    expect(reloaded.data.newAchievements).toBeUndefined();
  });

  it("awards once when 20 quizzes of the same user finish at once", async () => {
    const learner = await server.signUp();
    const seeded = await seedEpisodes(20);
    const attempts: string[] = [];
    for (const question of seeded) attempts.push(await answerQuiz(learner, question));

    const finishes = await Promise.all(attempts.map((attemptId) => finish(learner, attemptId)));
    expect(finishes.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
    const reported = finishes.flatMap((r) => r.data.newAchievements.map((item: Achievement) => item.slug));
    for (const slug of ["first-quiz", "flawless", "sharp-mind", "quiz-regular"])
      expect(
        reported.filter((item) => item === slug),
        slug,
      ).toHaveLength(1);
    expect(reported).toHaveLength(new Set(reported).size);

    const { rows } = await query(
      `select a.slug, ua.progress, ua.earned_at from user_achievements ua
       join achievements a on a.id = ua.achievement_id
       where ua.user_id = $1 and ua.earned_at is not null order by a.slug`,
      [learner.user.id],
    );
    expect(rows.map((row) => row.slug)).toEqual([...new Set(reported)].sort());
    const list = await listFor(learner);
    expect(bySlug(list, "quiz-devotee")).toMatchObject({ progress: 20, earnedAt: null });
    expect(bySlug(list, "perfectionist").progress).toBe(20);
  });
});

describe("awarding on a review rating and a streak day", () => {
  it("carries the unlock in the rating's response once 10 different cards are reviewed", async () => {
    const learner = await server.signUp();
    for (const question of await seedEpisodes(10)) await finish(learner, await answerQuiz(learner, question));
    await query("update spaced_cards set due_at = now() - interval '1 day' where user_id = $1", [
      learner.user.id,
    ]);
    const { rows: cards } = await query("select id from spaced_cards where user_id = $1 order by id", [
      learner.user.id,
    ]);
    expect(cards).toHaveLength(10);
    const unlocked: string[][] = [];
    for (const card of cards) {
      const rated = await learner.post(`/api/v1/me/review/cards/${card.id}/rating`, { grade: 3 });
      expect(rated.status, rated.text).toBe(200);
      unlocked.push(rated.data.newAchievements.map((item: Achievement) => item.slug));
    }
    expect(unlocked.slice(0, 9).flat()).toEqual([]);
    expect(unlocked[9]).toEqual(["second-look"]);
    expect(bySlug(await listFor(learner), "spaced-out").progress).toBe(10);
  });

  it("unlocks Warming Up in the transaction that makes the streak 3 days long", async () => {
    const learner = await server.signUp();
    const day = (at: string) =>
      server.deps.db.transaction(async (tx) => {
        await recordStreakActivity(tx, learner.user.id, new Date(at));
        return recordAchievementProgress(tx, learner.user.id, ["streak_days"]);
      });
    expect(await day("2025-02-01T12:00:00Z")).toEqual([]);
    expect(await day("2025-02-02T12:00:00Z")).toEqual([]);
    const third = await day("2025-02-03T12:00:00Z");
    expect(third.map((item) => item.slug)).toEqual(["warming-up"]);
    expect(await day("2025-02-03T18:00:00Z")).toEqual([]);
    expect(bySlug(await listFor(learner), "week-of-recall")).toMatchObject({ progress: 3, earnedAt: null });
  });
});

describe("the friends metric (recordAchievementProgress, called by the friend-accept path)", () => {
  it("counts accepted friends only and unlocks Study Buddy and Study Circle once", async () => {
    const learner = await server.signUp();
    const others = await Promise.all(Array.from({ length: 6 }, () => server.signUp()));
    const befriend = async (other: SignedInClient, status: "accepted" | "pending") => {
      const acceptedAt = status === "accepted" ? new Date() : null;
      await query(
        `insert into user_follows (follower_id, following_id, status, accepted_at)
         values ($1, $2, $3, $4), ($2, $1, $3, $4)`,
        [learner.user.id, other.user.id, status, acceptedAt],
      );
    };
    const record = () =>
      server.deps.db.transaction((tx) => recordAchievementProgress(tx, learner.user.id, ["friends"]));

    await befriend(others[0] as SignedInClient, "pending");
    expect(await record()).toEqual([]);
    expect(bySlug(await listFor(learner), "study-buddy")).toMatchObject({ progress: 0, earnedAt: null });

    await befriend(others[1] as SignedInClient, "accepted");
    expect((await record()).map((item) => item.slug)).toEqual(["study-buddy"]);
    expect(await record()).toEqual([]);

    for (const other of others.slice(2)) await befriend(other, "accepted");
    expect((await record()).map((item) => item.slug)).toEqual(["study-circle"]);
    const list = await listFor(learner);
    expect(bySlug(list, "study-circle")).toMatchObject({ progress: 5, requirementValue: 5 });
    expect(bySlug(list, "study-buddy").earnedAt).not.toBeNull();
    // Nobody else's progress moved.
    expect((await listFor(others[1] as SignedInClient)).earnedCount).toBe(0);
  });
});
