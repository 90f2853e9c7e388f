import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { levelForXp, questionXp, XP_PER_LEVEL } from "../../domain/xp.ts";
import { levelForXpSql } from "../services/learning/levels.ts";
import { finishQuizAttempt } from "../services/learning/quiz.ts";
import { recordStreakActivity } from "../services/learning/streaks.ts";

let server: TestServer;
let podcastId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  const { rows } = await query(
    "insert into podcasts (name, source_type) values ('Quiz Show', 'manual') returning id",
  );
  podcastId = rows[0].id;
});
afterAll(() => server.stop());

type SeededQuestion = { id: string; stem: string; choices: string[]; answer: string };

/** An episode with `count` questions; question i's answer is its first choice, created i ms apart. */
async function seedEpisode(count: number, title = "An episode") {
  const { rows } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url, duration)
     values ($1, $2, 'About it', '/demo/audio/quiz.mp3', 600) returning id`,
    [podcastId, title],
  );
  const episodeId: string = rows[0].id;
  const questions: SeededQuestion[] = [];
  for (let index = 0; index < count; index++) {
    const choices = [`Right ${index}`, `Wrong A ${index}`, `Wrong B ${index}`, `Wrong C ${index}`];
    const inserted = await query(
      `insert into questions (episode_id, stem, choices, answer, explanation, timecode, created_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7)) returning id`,
      [episodeId, `Question ${index}?`, choices, choices[0], `Because ${index}.`, index * 30, index / 1000],
    );
    questions.push({
      id: inserted.rows[0].id,
      stem: `Question ${index}?`,
      choices,
      answer: choices[0] as string,
    });
  }
  return { episodeId, questions };
}

async function start(client: SignedInClient, episodeId: string) {
  const response = await client.post(`/api/v1/episodes/${episodeId}/quiz/attempts`);
  expect([200, 201], response.text).toContain(response.status);
  return response.data as {
    attemptId: string;
    questionCount: number;
    answers: unknown[];
    isResumed: boolean;
  };
}

const answer = (client: ApiClient, attemptId: string, body: Record<string, unknown>) =>
  client.post(`/api/v1/quiz-attempts/${attemptId}/answers`, body);

const stats = async (client: SignedInClient) => (await client.get("/api/v1/me/stats")).data;

describe("GET /episodes/{id}/quiz", () => {
  it("lists up to 12 questions in creation order without answers or explanations, to anyone", async () => {
    const { episodeId, questions } = await seedEpisode(14);
    const response = await server.client().get(`/api/v1/episodes/${episodeId}/quiz`);
    expect(response.status).toBe(200);
    expect(response.data.quizStatus).toBe("complete");
    expect(response.data.episode).toMatchObject({
      id: episodeId,
      title: "An episode",
      audioUrl: "/demo/audio/quiz.mp3",
    });
    expect(response.data.questions).toHaveLength(12);
    expect(response.data.questions.map((q: { id: string }) => q.id)).toEqual(
      questions.slice(0, 12).map((q) => q.id),
    );
    for (const question of response.data.questions) {
      expect(Object.keys(question).sort()).toEqual(["choices", "id", "stem"]);
    }
    expect(response.text).not.toContain("Because");
  });

  it("reports quiz_status for an episode without questions, and 404 for an unknown episode", async () => {
    const { episodeId } = await seedEpisode(0);
    await query("update episodes set quiz_status = 'failed' where id = $1", [episodeId]);
    expect((await server.client().get(`/api/v1/episodes/${episodeId}/quiz`)).data).toMatchObject({
      quizStatus: "failed",
      questions: [],
    });
    expect((await server.client().get(`/api/v1/episodes/${UNKNOWN}/quiz`)).status).toBe(404);
  });
});

describe("a whole quiz", () => {
  it("scores on the server, adds XP and level once, and keeps the results for a reload", async () => {
    const learner = await server.signUp({ name: "Quizzer" });
    const { episodeId, questions } = await seedEpisode(12);
    await query("update profiles set xp = 950, level = 1 where user_id = $1", [learner.user.id]);
    const attempt = await start(learner, episodeId);
    expect(attempt).toMatchObject({ questionCount: 12, answers: [], isResumed: false });

    // Right, right, right, wrong, then right to the end; confidence 4; times around the bonuses.
    const times = [1000, 6000, 12_000, 2000, 4000, 4000, 9000, 4000, 4000, 4000, 4000, 20_000];
    let combo = 0;
    let totalXp = 0;
    let score = 0;
    let weeklyScore = 0;
    for (const [index, question] of questions.entries()) {
      const isCorrect = index !== 3;
      const timeMs = times[index] as number;
      const response = await answer(learner, attempt.attemptId, {
        questionId: question.id,
        choice: isCorrect ? question.answer : question.choices[2],
        confidence: 4,
        timeMs,
      });
      expect(response.status, response.text).toBe(200);
      const expectedXp = questionXp({ isCorrect, confidence: 4, timeMs, comboBefore: combo });
      combo = isCorrect ? combo + 1 : 0;
      totalXp += expectedXp;
      score += (isCorrect ? 100 : 0) + (timeMs < 7000 ? 20 : 0);
      // The week counts only answers that earned XP: the fast wrong answer adds nothing there.
      if (isCorrect) weeklyScore += 100 + (timeMs < 7000 ? 20 : 0);
      expect(response.data).toMatchObject({
        isCorrect,
        correctAnswer: question.answer,
        explanation: `Because ${index}.`,
        timecode: index * 30,
        xpAwarded: expectedXp,
        combo,
        answeredCount: index + 1,
        xpEarned: totalXp,
      });
    }
    // The first answers: 10 + 8 + 10 = 28; then (10 + 8 + 5) × 1.2 = 27.6 → 27.
    expect(questionXp({ isCorrect: true, confidence: 4, timeMs: 6000, comboBefore: 1 })).toBe(27);

    const finished = await learner.post(`/api/v1/quiz-attempts/${attempt.attemptId}/finish`);
    expect(finished.status, finished.text).toBe(200);
    expect(finished.data).toMatchObject({
      attemptId: attempt.attemptId,
      episode: { id: episodeId, title: "An episode", podcastName: "Quiz Show" },
      score,
      correctCount: 11,
      questionCount: 12,
      xpEarned: totalXp,
      maxCombo: 8,
      levelBefore: 1,
      levelAfter: 2,
    });
    expect(finished.data.accuracy).toBeCloseTo((11 / 12) * 100, 5);
    expect(finished.data.answers).toHaveLength(12);
    expect(finished.data.answers[3]).toMatchObject({
      isCorrect: false,
      choice: questions[3]?.choices[2],
      combo: 0,
    });

    expect(await stats(learner)).toMatchObject({ xp: 950 + totalXp, level: 2, streak: 1 });
    const reloaded = await learner.get(`/api/v1/episodes/${episodeId}/quiz/results`);
    expect(reloaded.status).toBe(200);
    expect({ ...reloaded.data, newAchievements: finished.data.newAchievements }).toEqual(finished.data);

    const again = await learner.post(`/api/v1/quiz-attempts/${attempt.attemptId}/finish`);
    expect(again.status).toBe(409);
    expect((await stats(learner)).xp).toBe(950 + totalXp);

    const weekly = await query("select * from leaderboard_entries where user_id = $1", [learner.user.id]);
    expect(weekly.rows).toHaveLength(1);
    expect(weekly.rows[0]).toMatchObject({ type: "weekly", score: weeklyScore, quizzes_completed: 1 });
    expect(weeklyScore).toBe(score - 20);
    expect(weekly.rows[0].average_accuracy).toBeCloseTo((11 / 12) * 100, 3);

    const cards = await query(
      "select question_id, interval, due_at <= now() as is_due from spaced_cards where user_id = $1",
      [learner.user.id],
    );
    expect(cards.rows).toHaveLength(12);
    const missed = cards.rows.find((row) => row.question_id === questions[3]?.id);
    expect(missed).toMatchObject({ interval: 0, is_due: true });
    expect(cards.rows.filter((row) => row.is_due)).toHaveLength(1);
    const due = await learner.get("/api/v1/me/review/due-count");
    expect(due.data).toEqual({ count: 1 });
  });

  it("resumes the unfinished attempt and starts a new one after finishing", async () => {
    const learner = await server.signUp();
    const { episodeId, questions } = await seedEpisode(2);
    const first = await start(learner, episodeId);
    const [q1, q2] = questions as [SeededQuestion, SeededQuestion];
    await answer(learner, first.attemptId, {
      questionId: q1.id,
      choice: q1.answer,
      confidence: 3,
      timeMs: 3000,
    });
    const resumed = await start(learner, episodeId);
    expect(resumed).toMatchObject({ attemptId: first.attemptId, isResumed: true, answeredCount: 1 });
    expect(resumed.answers).toEqual([
      expect.objectContaining({ questionId: q1.id, isCorrect: true, correctAnswer: q1.answer, combo: 1 }),
    ]);
    await answer(learner, first.attemptId, {
      questionId: q2.id,
      choice: q2.answer,
      confidence: 3,
      timeMs: 3000,
    });
    expect((await learner.post(`/api/v1/quiz-attempts/${first.attemptId}/finish`)).status).toBe(200);
    const next = await start(learner, episodeId);
    expect(next.attemptId).not.toBe(first.attemptId);
    expect(next.isResumed).toBe(false);
  });

  it("answers 404 for results before any finished quiz, and refuses an episode without questions", async () => {
    const learner = await server.signUp();
    const { episodeId } = await seedEpisode(1);
    expect((await learner.get(`/api/v1/episodes/${episodeId}/quiz/results`)).status).toBe(404);
    const empty = await seedEpisode(0);
    const response = await learner.post(`/api/v1/episodes/${empty.episodeId}/quiz/attempts`);
    expect(response.status).toBe(409);
    expect((await learner.post(`/api/v1/episodes/${UNKNOWN}/quiz/attempts`)).status).toBe(404);
  });
});

describe("nothing the client sends can inflate a score", () => {
  let cheater: SignedInClient;
  let victim: SignedInClient;
  let other: Awaited<ReturnType<typeof seedEpisode>>;

  beforeAll(async () => {
    [cheater, victim] = await Promise.all([
      server.signUp({ name: "Cheater" }),
      server.signUp({ name: "Victim" }),
    ]);
    other = await seedEpisode(1, "Elsewhere");
  });

  /** A new three-question episode and the client's attempt at it. */
  async function freshQuiz(client: SignedInClient) {
    const { episodeId, questions } = await seedEpisode(3, "Guarded");
    const { attemptId } = await start(client, episodeId);
    const valid = (index: number) => {
      const question = questions[index] as SeededQuestion;
      return { questionId: question.id, choice: question.answer, confidence: 3, timeMs: 3000 };
    };
    return { episodeId, attemptId, valid };
  }

  it("refuses correctness, XP or any other field the client adds", async () => {
    const { attemptId, valid } = await freshQuiz(cheater);
    for (const extra of [
      { isCorrect: true },
      { xpAwarded: 9999 },
      { xp: 9999 },
      { score: 1e6 },
      { combo: 50 },
    ]) {
      const response = await answer(cheater, attemptId, { ...valid(0), ...extra });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
    }
    const { rows } = await query("select count(*)::int as n from user_answers where attempt_id = $1", [
      attemptId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses out-of-range confidence, negative times and choices that are not the question's", async () => {
    const { attemptId, valid } = await freshQuiz(cheater);
    for (const body of [
      { ...valid(0), confidence: 6 },
      { ...valid(0), confidence: 0 },
      { ...valid(0), confidence: 2.5 },
      { ...valid(0), timeMs: -1 },
      { ...valid(0), timeMs: 1.5 },
    ]) {
      expect((await answer(cheater, attemptId, body)).status, JSON.stringify(body)).toBe(400);
    }
    const invented = await answer(cheater, attemptId, { ...valid(0), choice: "Something I made up" });
    expect(invented.status).toBe(400);
    expect(invented.data.error.message).toBe("Choose one of the question's answers.");
  });

  it("clamps an implausibly long answer time to 10 minutes", async () => {
    const { attemptId, valid } = await freshQuiz(cheater);
    const response = await answer(cheater, attemptId, { ...valid(0), timeMs: 86_400_000 });
    expect(response.status).toBe(200);
    const { rows } = await query("select time_ms from user_answers where attempt_id = $1", [attemptId]);
    expect(rows[0].time_ms).toBe(600_000);
  });

  it("refuses a second answer to the same question in an attempt, even sent at once", async () => {
    const { attemptId, valid } = await freshQuiz(cheater);
    expect((await answer(cheater, attemptId, valid(0))).status).toBe(200);
    const second = await answer(cheater, attemptId, { ...valid(0), confidence: 5, timeMs: 1 });
    expect(second.status).toBe(409);
    expect(second.data.error.message).toBe("You already answered this question in this quiz.");
    const results = await Promise.all([1, 2, 3, 4].map(() => answer(cheater, attemptId, valid(1))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const { rows } = await query(
      "select answered_count, correct_count, combo, xp_earned from quiz_attempts where id = $1",
      [attemptId],
    );
    const xp = results.find((r) => r.status === 200)?.data.xpEarned;
    expect(rows[0]).toEqual({ answered_count: 2, correct_count: 2, combo: 2, xp_earned: xp });
  });

  it("refuses unknown questions and questions of another episode", async () => {
    const { attemptId, valid } = await freshQuiz(cheater);
    const unknown = await answer(cheater, attemptId, { ...valid(0), questionId: UNKNOWN });
    expect(unknown.status).toBe(404);
    const foreign = other.questions[0] as SeededQuestion;
    const elsewhere = await answer(cheater, attemptId, {
      ...valid(0),
      questionId: foreign.id,
      choice: foreign.answer,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.data.error.message).toBe("This question belongs to another episode's quiz.");
  });

  it("refuses answering or finishing another user's attempt, as if it did not exist", async () => {
    const { episodeId, attemptId, valid } = await freshQuiz(victim);
    const answered = await answer(cheater, attemptId, valid(0));
    expect(answered.status).toBe(404);
    const unknown = await answer(cheater, UNKNOWN, valid(0));
    expect(answered.data).toEqual(unknown.data);
    expect((await cheater.post(`/api/v1/quiz-attempts/${attemptId}/finish`)).status).toBe(404);
    for (const index of [0, 1, 2]) expect((await answer(victim, attemptId, valid(index))).status).toBe(200);
    const before = (await stats(cheater)).xp;
    expect((await cheater.post(`/api/v1/quiz-attempts/${attemptId}/finish`)).status).toBe(404);
    expect((await victim.post(`/api/v1/quiz-attempts/${attemptId}/finish`)).status).toBe(200);
    expect((await stats(cheater)).xp).toBe(before);
    expect((await cheater.get(`/api/v1/episodes/${episodeId}/quiz/results`)).status).toBe(404);
  });

  it("refuses finishing early or twice (even at once), and answers after finishing", async () => {
    const learner = await server.signUp();
    const { attemptId, valid } = await freshQuiz(learner);
    await answer(learner, attemptId, valid(0));
    const early = await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(early.status).toBe(409);
    expect(early.data.error.message).toBe("Answer every question before finishing the quiz.");
    await answer(learner, attemptId, valid(1));
    await answer(learner, attemptId, valid(2));
    const results = await Promise.all(
      [1, 2, 3].map(() => learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await stats(learner)).xp).toBe(results.find((r) => r.status === 200)?.data.xpEarned);
    expect((await answer(learner, attemptId, valid(0))).status).toBe(409);
    const { rows } = await query("select quizzes_completed from leaderboard_entries where user_id = $1", [
      learner.user.id,
    ]);
    expect(rows).toEqual([{ quizzes_completed: 1 }]);
  });

  it("rolls the whole finish back with 'Could not update XP' when the XP cannot be added", async () => {
    const learner = await server.signUp();
    const { attemptId, valid } = await freshQuiz(learner);
    for (const index of [0, 1, 2]) await answer(learner, attemptId, valid(index));
    // xp + n overflows the integer column: the profile update fails inside the transaction.
    await query("update profiles set xp = 2147483647 where user_id = $1", [learner.user.id]);
    const failed = await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(failed.status).toBe(500);
    expect(failed.data.error.message).toBe("Could not update XP");
    const state = await query(
      `select a.finished_at, (select count(*)::int from leaderboard_entries where user_id = a.user_id) as weeks,
              (select count(*)::int from spaced_cards where user_id = a.user_id) as cards
       from quiz_attempts a where a.id = $1`,
      [attemptId],
    );
    expect(state.rows[0]).toEqual({ finished_at: null, weeks: 0, cards: 0 });
    await query("update profiles set xp = 0, level = 1 where user_id = $1", [learner.user.id]);
    const retried = await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(retried.status).toBe(200);
    expect((await stats(learner)).xp).toBe(retried.data.xpEarned);
  });

  it("needs a signed-in user for every write and for results", async () => {
    const anonymous = server.client();
    const { episodeId, attemptId, valid } = await freshQuiz(victim);
    expect((await anonymous.post(`/api/v1/episodes/${episodeId}/quiz/attempts`)).status).toBe(401);
    expect((await answer(anonymous, attemptId, valid(0))).status).toBe(401);
    expect((await anonymous.post(`/api/v1/quiz-attempts/${attemptId}/finish`)).status).toBe(401);
    expect((await anonymous.get(`/api/v1/episodes/${episodeId}/quiz/results`)).status).toBe(401);
  });
});

describe("levels", () => {
  it("computes the level in SQL exactly as levelForXp does, on both sides of every boundary", async () => {
    const boundaries = [1, 2, 3, 10, 57, 2_000_000].map((level) => level * XP_PER_LEVEL);
    const samples = [0, 1, ...boundaries.flatMap((xp) => [xp - 1, xp, xp + 1]), 2_147_483_647];
    const { rows } = await server.deps.db.execute<{ xp: number; level: number }>(
      sql`select xp, ${levelForXpSql(sql`xp`)} as level
          from unnest(${`{${samples.join(",")}}`}::int[]) as xp`,
    );
    expect(rows.map((row) => [row.xp, row.level])).toEqual(samples.map((xp) => [xp, levelForXp(xp)]));
  });
});

describe("concurrent finishes", () => {
  it("adds every one of 100 quizzes finished at once to the profile and the week", async () => {
    const learner = await server.signUp({ name: "Marathon" });
    const { rows: created } = await query(
      `insert into episodes (podcast_id, title, summary, audio_url)
       select $1, 'Marathon ' || n, 'About it', '/demo/audio/m' || n || '.mp3' from generate_series(1, 100) n
       returning id`,
      [podcastId],
    );
    const { rows: seeded } = await query(
      `insert into questions (episode_id, stem, choices, answer, explanation)
       select id, 'Which?', array['Yes', 'No'], 'Yes', 'It is.' from unnest($1::uuid[]) as id
       returning id, episode_id`,
      [created.map((row) => row.id)],
    );
    const attempts: string[] = [];
    let expectedXp = 0;
    let expectedWeekly = 0;
    for (const [index, question] of seeded.entries()) {
      const { attemptId } = await start(learner, question.episode_id);
      const isCorrect = index % 4 !== 0;
      const timeMs = 1000 + index * 100;
      const response = await answer(learner, attemptId, {
        questionId: question.id,
        choice: isCorrect ? "Yes" : "No",
        confidence: (index % 5) + 1,
        timeMs,
      });
      expect(response.status).toBe(200);
      expectedXp += response.data.xpAwarded;
      if (isCorrect) expectedWeekly += 100 + (timeMs < 7000 ? 20 : 0);
      attempts.push(attemptId);
    }
    const finishes = await Promise.all(
      attempts.map((attemptId) => learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`)),
    );
    expect(finishes.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
    const profile = await stats(learner);
    expect(profile.xp).toBe(expectedXp);
    expect(profile.level).toBe(levelForXp(expectedXp));
    const sumOfFinishes = finishes.reduce((sum, r) => sum + r.data.xpEarned, 0);
    expect(sumOfFinishes).toBe(expectedXp);
    const weekly = await query("select * from leaderboard_entries where user_id = $1", [learner.user.id]);
    expect(weekly.rows).toHaveLength(1);
    expect(weekly.rows[0].quizzes_completed).toBe(100);
    expect(weekly.rows[0].score).toBe(expectedWeekly);
    expect(weekly.rows[0].average_accuracy).toBeCloseTo(75, 2);
  });
});

describe("time zones: streak days and weeks", () => {
  it("saves a valid browser time zone and refuses anything else", async () => {
    const learner = await server.signUp();
    expect(
      (await learner.request("PUT", "/api/v1/me/time-zone", { json: { timeZone: "Mars/Base" } })).status,
    ).toBe(400);
    const saved = await learner.request("PUT", "/api/v1/me/time-zone", { json: { timeZone: "Asia/Tokyo" } });
    expect(saved.status).toBe(200);
    expect((await learner.get("/api/v1/auth/session")).data.profile.timeZone).toBe("Asia/Tokyo");
  });

  it("counts streak days across midnight in each user's own time zone", async () => {
    const [stockholm, losAngeles] = await Promise.all([server.signUp(), server.signUp()]);
    await stockholm.request("PUT", "/api/v1/me/time-zone", { json: { timeZone: "Europe/Stockholm" } });
    await losAngeles.request("PUT", "/api/v1/me/time-zone", { json: { timeZone: "America/Los_Angeles" } });
    const activity = (userId: string, at: string) =>
      server.deps.db.transaction((tx) => recordStreakActivity(tx, userId, new Date(at)));
    // 23:50 and 00:10 in Stockholm (UTC+1): two days there, one afternoon in Los Angeles.
    for (const at of ["2025-01-14T22:50:00Z", "2025-01-14T23:10:00Z"]) {
      await activity(stockholm.user.id, at);
      await activity(losAngeles.user.id, at);
    }
    // 23:50 and 00:10 in Los Angeles (UTC−8) the next evening.
    for (const at of ["2025-01-16T07:50:00Z", "2025-01-16T08:10:00Z"]) {
      await activity(stockholm.user.id, at);
      await activity(losAngeles.user.id, at);
    }
    const streakOf = async (userId: string) =>
      (
        await query(
          "select current_streak, longest_streak, last_active_date::text as day from user_streaks where user_id = $1",
          [userId],
        )
      ).rows[0];
    // Stockholm: Jan 14, 15, 16 (both LA-midnight instants are the morning of the 16th).
    expect(await streakOf(stockholm.user.id)).toEqual({
      current_streak: 3,
      longest_streak: 3,
      day: "2025-01-16",
    });
    // Los Angeles: Jan 14, then Jan 15 and 16 around its own midnight.
    expect(await streakOf(losAngeles.user.id)).toEqual({
      current_streak: 3,
      longest_streak: 3,
      day: "2025-01-16",
    });
    // Two days later in Los Angeles the streak is broken and restarts; the header shows it lapsed before.
    await query(
      "update user_streaks set last_active_date = (now() at time zone 'America/Los_Angeles')::date - 2 where user_id = $1",
      [losAngeles.user.id],
    );
    expect((await stats(losAngeles)).streak).toBe(0);
    await query(
      "update user_streaks set last_active_date = (now() at time zone 'America/Los_Angeles')::date - 1 where user_id = $1",
      [losAngeles.user.id],
    );
    expect((await stats(losAngeles)).streak).toBe(3);
  });

  it("extends the streak through an answer the next day and restarts it after a gap", async () => {
    const learner = await server.signUp();
    const { episodeId, questions } = await seedEpisode(2);
    const { attemptId } = await start(learner, episodeId);
    const [q1, q2] = questions as [SeededQuestion, SeededQuestion];
    await query(
      "insert into user_streaks (user_id, current_streak, longest_streak, last_active_date) values ($1, 4, 4, (now() at time zone 'UTC')::date - 1)",
      [learner.user.id],
    );
    await answer(learner, attemptId, { questionId: q1.id, choice: q1.answer, confidence: 3, timeMs: 4000 });
    expect((await stats(learner)).streak).toBe(5);
    await query(
      "update user_streaks set last_active_date = (now() at time zone 'UTC')::date - 3 where user_id = $1",
      [learner.user.id],
    );
    await answer(learner, attemptId, {
      questionId: q2.id,
      choice: q2.choices[1],
      confidence: 3,
      timeMs: 4000,
    });
    const { rows } = await query(
      "select current_streak, longest_streak from user_streaks where user_id = $1",
      [learner.user.id],
    );
    expect(rows[0]).toEqual({ current_streak: 1, longest_streak: 5 });
  });

  it("files a finished quiz under the Sunday that starts the week in the user's time zone", async () => {
    const learner = await server.signUp();
    await learner.request("PUT", "/api/v1/me/time-zone", { json: { timeZone: "Pacific/Kiritimati" } });
    const { episodeId, questions } = await seedEpisode(1);
    const { attemptId } = await start(learner, episodeId);
    const q1 = questions[0] as SeededQuestion;
    await answer(learner, attemptId, { questionId: q1.id, choice: q1.answer, confidence: 3, timeMs: 4000 });
    // Saturday 2025-03-15 12:00 UTC is Sunday 02:00 in Kiritimati (UTC+14): a new week there.
    await finishQuizAttempt(server.deps, learner.user.id, attemptId, new Date("2025-03-15T12:00:00Z"));
    const { rows } = await query(
      "select week_start::text as week from leaderboard_entries where user_id = $1",
      [learner.user.id],
    );
    expect(rows).toEqual([{ week: "2025-03-16" }]);
  });
});

describe("XP for recall: once per due moment (decision 019)", () => {
  type Episode = Awaited<ReturnType<typeof seedEpisode>>;

  /** Starts (or resumes) an attempt, answers every question — `wrong` lists indexes — and finishes. */
  async function playQuiz(client: SignedInClient, { episodeId, questions }: Episode, wrong: number[] = []) {
    const { attemptId } = await start(client, episodeId);
    const awarded: number[] = [];
    for (const [index, question] of questions.entries()) {
      const response = await answer(client, attemptId, {
        questionId: question.id,
        choice: wrong.includes(index) ? question.choices[1] : question.answer,
        confidence: 3,
        timeMs: 3000,
      });
      expect(response.status, response.text).toBe(200);
      awarded.push(response.data.xpAwarded);
    }
    const finished = await client.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(finished.status, finished.text).toBe(200);
    return { attemptId, awarded, results: finished.data };
  }

  const week = async (userId: string) =>
    (await query("select score, quizzes_completed from leaderboard_entries where user_id = $1", [userId]))
      .rows;
  const ledger = async (userId: string) =>
    (await query("select count(*)::int as n from xp_events where user_id = $1", [userId])).rows[0].n;

  it("pays a replay only for the missed question that came due, then nothing; the week follows", async () => {
    const learner = await server.signUp();
    const episode = await seedEpisode(3, "Replayed");
    const first = await playQuiz(learner, episode, [2]);
    // 10 + 2 × 3 + 10 fast = 26, then × 1.2 in the combo = 31; the miss earns nothing.
    expect(first.awarded).toEqual([26, 31, 0]);
    expect((await stats(learner)).xp).toBe(57);
    expect(await week(learner.user.id)).toEqual([{ score: 240, quizzes_completed: 1 }]);

    // The missed question's card is due now: answering it right is its due moment.
    const second = await playQuiz(learner, episode);
    expect(second.awarded).toEqual([0, 0, 36]);
    expect(second.results).toMatchObject({ xpEarned: 36, score: 360, correctCount: 3 });
    expect(second.results.answers.map((a: { xpAwarded: number }) => a.xpAwarded)).toEqual([0, 0, 36]);
    expect((await stats(learner)).xp).toBe(57 + 36);
    expect(await week(learner.user.id)).toEqual([{ score: 360, quizzes_completed: 2 }]);

    // Everything earned and nothing due: the replay shows its score and earns nothing anywhere.
    const third = await playQuiz(learner, episode);
    expect(third.awarded).toEqual([0, 0, 0]);
    expect(third.results).toMatchObject({ xpEarned: 0, score: 360, accuracy: 100 });
    expect((await stats(learner)).xp).toBe(93);
    expect(await week(learner.user.id)).toEqual([{ score: 360, quizzes_completed: 2 }]);
    expect(await ledger(learner.user.id)).toBe(2);

    // When a card comes due again, the quiz answer is that due moment.
    await query(
      "update spaced_cards set due_at = now() - interval '1 minute' where user_id = $1 and question_id = $2",
      [learner.user.id, episode.questions[0]?.id],
    );
    const fourth = await playQuiz(learner, episode);
    expect(fourth.awarded).toEqual([26, 0, 0]);
    expect((await stats(learner)).xp).toBe(93 + 26);
    expect(await week(learner.user.id)).toEqual([{ score: 480, quizzes_completed: 3 }]);
  });

  it("takes back a quiz answer's XP when a review rating spent the due moment before the finish", async () => {
    const learner = await server.signUp();
    const episode = await seedEpisode(1, "Raced");
    await playQuiz(learner, episode, [0]);
    const { attemptId } = await start(learner, episode.episodeId);
    const question = episode.questions[0] as SeededQuestion;
    const answered = await answer(learner, attemptId, {
      questionId: question.id,
      choice: question.answer,
      confidence: 3,
      timeMs: 3000,
    });
    expect(answered.data.xpAwarded).toBe(26);
    const { rows } = await query("select id from spaced_cards where user_id = $1", [learner.user.id]);
    const rated = await learner.post(`/api/v1/me/review/cards/${rows[0].id}/rating`, { grade: 3 });
    expect(rated.data.xpAwarded).toBe(2);
    const finished = await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(finished.status).toBe(200);
    expect(finished.data).toMatchObject({ xpEarned: 0, score: 120 });
    expect(finished.data.answers[0]).toMatchObject({ isCorrect: true, xpAwarded: 0 });
    expect((await stats(learner)).xp).toBe(2);
    expect(await week(learner.user.id)).toEqual([{ score: 0, quizzes_completed: 1 }]);
  });

  it("earns a first answer once when two open attempts are finished at once", async () => {
    const learner = await server.signUp();
    const episode = await seedEpisode(1, "Twice");
    const question = episode.questions[0] as SeededQuestion;
    const { rows } = await query(
      `insert into quiz_attempts (user_id, episode_id, question_count)
       select $1, $2, 1 from generate_series(1, 2) returning id`,
      [learner.user.id, episode.episodeId],
    );
    for (const { id } of rows) {
      const response = await answer(learner, id, {
        questionId: question.id,
        choice: question.answer,
        confidence: 3,
        timeMs: 3000,
      });
      expect(response.data.xpAwarded).toBe(26);
    }
    const finishes = await Promise.all(
      rows.map(({ id }) => learner.post(`/api/v1/quiz-attempts/${id}/finish`)),
    );
    expect(finishes.map((r) => r.status)).toEqual([200, 200]);
    expect(finishes.map((r) => r.data.xpEarned).sort()).toEqual([0, 26]);
    expect((await stats(learner)).xp).toBe(26);
    expect(await ledger(learner.user.id)).toBe(1);
    expect(await week(learner.user.id)).toEqual([{ score: 120, quizzes_completed: 1 }]);
  });
});

describe("answer time measured by the server (decision 019)", () => {
  const serve = (client: ApiClient, attemptId: string, questionId: string) =>
    client.post(`/api/v1/quiz-attempts/${attemptId}/questions/${questionId}/serve`);
  const storedTimes = async (attemptId: string) =>
    (
      await query("select time_ms from user_answers where attempt_id = $1 order by answered_at", [attemptId])
    ).rows.map((row) => row.time_ms);

  it("gives a forged fast time no speed bonus, served or not", async () => {
    const learner = await server.signUp();
    const { episodeId, questions } = await seedEpisode(2, "Forged");
    const [q1, q2] = questions as [SeededQuestion, SeededQuestion];
    const { attemptId } = await start(learner, episodeId);
    const served = await serve(learner, attemptId, q1.id);
    expect(served.status, served.text).toBe(200);
    expect(served.data.questionId).toBe(q1.id);
    // The question has been on screen for 30 seconds; the client claims 1 ms.
    await query(
      "update quiz_question_serves set served_at = now() - interval '30 seconds' where attempt_id = $1",
      [attemptId],
    );
    const forged = await answer(learner, attemptId, {
      questionId: q1.id,
      choice: q1.answer,
      confidence: 3,
      timeMs: 1,
    });
    expect(forged.data.xpAwarded).toBe(
      questionXp({ isCorrect: true, confidence: 3, timeMs: 30_000, comboBefore: 0 }),
    );
    expect(forged.data.xpAwarded).toBe(16);
    // Never served: timed from the later of the attempt's start (a minute ago) and the previous
    // answer (20 seconds ago).
    await query("update quiz_attempts set started_at = now() - interval '1 minute' where id = $1", [
      attemptId,
    ]);
    await query("update user_answers set answered_at = now() - interval '20 seconds' where attempt_id = $1", [
      attemptId,
    ]);
    const unserved = await answer(learner, attemptId, {
      questionId: q2.id,
      choice: q2.answer,
      confidence: 3,
      timeMs: 1,
    });
    expect(unserved.data.xpAwarded).toBe(19);
    const [first, second] = await storedTimes(attemptId);
    expect(first).toBeGreaterThanOrEqual(30_000);
    expect(second).toBeGreaterThanOrEqual(20_000);
    const finished = await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect(finished.data.score).toBe(200);
  });

  it("keeps a slow honest time and a genuinely fast one", async () => {
    const learner = await server.signUp();
    const { episodeId, questions } = await seedEpisode(2, "Honest");
    const [q1, q2] = questions as [SeededQuestion, SeededQuestion];
    const { attemptId } = await start(learner, episodeId);
    await serve(learner, attemptId, q1.id);
    const slow = await answer(learner, attemptId, {
      questionId: q1.id,
      choice: q1.answer,
      confidence: 3,
      timeMs: 45_000,
    });
    expect(slow.data.xpAwarded).toBe(16);
    await serve(learner, attemptId, q2.id);
    const fast = await answer(learner, attemptId, {
      questionId: q2.id,
      choice: q2.answer,
      confidence: 3,
      timeMs: 2000,
    });
    expect(fast.data.xpAwarded).toBe(
      questionXp({ isCorrect: true, confidence: 3, timeMs: 2000, comboBefore: 1 }),
    );
    expect(await storedTimes(attemptId)).toEqual([45_000, 2000]);
  });

  it("keeps the first serve time, and refuses what an answer would refuse", async () => {
    const [learner, other] = await Promise.all([server.signUp(), server.signUp()]);
    const { episodeId, questions } = await seedEpisode(2, "Served");
    const [q1, q2] = questions as [SeededQuestion, SeededQuestion];
    const elsewhere = (await seedEpisode(1, "Not this one")).questions[0] as SeededQuestion;
    const { attemptId } = await start(learner, episodeId);
    const first = await serve(learner, attemptId, q1.id);
    const again = await serve(learner, attemptId, q1.id);
    expect(again.data).toEqual(first.data);

    expect((await serve(other, attemptId, q1.id)).status).toBe(404);
    expect((await serve(learner, UNKNOWN, q1.id)).status).toBe(404);
    expect((await serve(learner, attemptId, UNKNOWN)).status).toBe(404);
    const foreign = await serve(learner, attemptId, elsewhere.id);
    expect(foreign.status).toBe(400);
    expect(foreign.data.error.message).toBe("This question belongs to another episode's quiz.");
    expect((await serve(learner, attemptId, "not-a-uuid")).status).toBe(400);
    expect((await serve(server.client(), attemptId, q1.id)).status).toBe(401);

    await answer(learner, attemptId, { questionId: q1.id, choice: q1.answer, confidence: 3, timeMs: 3000 });
    const answered = await serve(learner, attemptId, q1.id);
    expect(answered.status).toBe(409);
    expect(answered.data.error.message).toBe("You already answered this question in this quiz.");
    await answer(learner, attemptId, { questionId: q2.id, choice: q2.answer, confidence: 3, timeMs: 3000 });
    await learner.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
    expect((await serve(learner, attemptId, q2.id)).status).toBe(409);
  });
});
