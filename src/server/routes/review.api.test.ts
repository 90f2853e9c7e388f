import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { DAY_MS } from "../../domain/spaced-repetition.ts";

let server: TestServer;
let episodeId: string;
const questionIds: string[] = [];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  const podcast = await query(
    "insert into podcasts (name, source_type) values ('Review Show', 'manual') returning id",
  );
  const episode = await query(
    "insert into episodes (podcast_id, title, summary, audio_url) values ($1, 'Memory Lane', 'About it', '/demo/a.mp3') returning id",
    [podcast.rows[0].id],
  );
  episodeId = episode.rows[0].id;
  const { rows } = await query(
    `insert into questions (episode_id, stem, choices, answer, explanation, timecode)
     select $1, 'Question ' || n || '?', array['Right ' || n, 'Wrong ' || n], 'Right ' || n, 'Because.', n
     from generate_series(1, 25) n order by n returning id`,
    [episodeId],
  );
  questionIds.push(...rows.map((row) => row.id as string));
});
afterAll(() => server.stop());

/** Cards for the first `count` questions, card i due i hours ago (so the last is the oldest). */
async function seedCards(
  user: SignedInClient,
  count: number,
  values = { ease: 2.5, interval: 0, lapses: 0 },
) {
  const { rows } = await query(
    `insert into spaced_cards (user_id, question_id, ease, interval, lapses, due_at)
     select $1, q, $2, $3, $4, now() - make_interval(hours => i::int)
     from unnest($5::uuid[]) with ordinality as t(q, i)
     returning id, question_id`,
    [user.user.id, values.ease, values.interval, values.lapses, questionIds.slice(0, count)],
  );
  return rows as { id: string; question_id: string }[];
}

const rate = (client: SignedInClient, cardId: string, body: unknown) =>
  client.request("POST", `/api/v1/me/review/cards/${cardId}/rating`, { json: body });

describe("due cards", () => {
  it("lists up to 20 due cards, oldest first, with question, episode and podcast", async () => {
    const learner = await server.signUp();
    await seedCards(learner, 25);
    // One card that is not due yet.
    await query(
      "update spaced_cards set due_at = now() + interval '1 day' where user_id = $1 and question_id = $2",
      [learner.user.id, questionIds[24]],
    );
    const response = await learner.get("/api/v1/me/review/cards");
    expect(response.status).toBe(200);
    const cards = response.data.cards as { dueAt: string; question: { id: string } }[];
    expect(cards).toHaveLength(20);
    expect(cards[0]?.question.id).toBe(questionIds[23]);
    const dueTimes = cards.map((card) => Date.parse(card.dueAt));
    expect(dueTimes).toEqual([...dueTimes].sort((a, b) => a - b));
    expect(cards[0]).toMatchObject({
      ease: 2.5,
      interval: 0,
      lapses: 0,
      question: {
        stem: "Question 24?",
        choices: ["Right 24", "Wrong 24"],
        answer: "Right 24",
        explanation: "Because.",
      },
      episode: { id: episodeId, title: "Memory Lane" },
      podcast: { name: "Review Show" },
    });
    expect((await learner.get("/api/v1/me/review/due-count")).data).toEqual({ count: 24 });
  });

  it("shows each user only their own cards", async () => {
    const [owner, other] = await Promise.all([server.signUp(), server.signUp()]);
    await seedCards(owner, 2);
    expect((await other.get("/api/v1/me/review/cards")).data).toEqual({ cards: [] });
    expect((await other.get("/api/v1/me/review/due-count")).data).toEqual({ count: 0 });
  });
});

describe("rating a card", () => {
  it("schedules Good, Easy and Again by SM-2 and counts the day for the streak", async () => {
    const learner = await server.signUp();
    const [good, easy, again] = await seedCards(learner, 3, { ease: 2.5, interval: 6, lapses: 1 });
    const before = Date.now();

    const rated = await rate(learner, good?.id as string, { grade: 3 });
    expect(rated.status, rated.text).toBe(200);
    expect(rated.data).toMatchObject({ ease: 2.36, interval: 15, lapses: 1 });
    expect(Date.parse(rated.data.dueAt) - before).toBeGreaterThanOrEqual(15 * DAY_MS - 1000);
    expect(Date.parse(rated.data.dueAt) - before).toBeLessThan(15 * DAY_MS + 60_000);

    expect((await rate(learner, easy?.id as string, { grade: 5 })).data).toMatchObject({
      ease: 2.6,
      interval: 20,
      lapses: 1,
    });
    expect((await rate(learner, again?.id as string, { grade: 1 })).data).toMatchObject({
      ease: 2.3,
      interval: 1,
      lapses: 2,
    });
    expect((await learner.get("/api/v1/me/review/cards")).data.cards).toEqual([]);
    expect((await learner.get("/api/v1/me/stats")).data.streak).toBe(1);
    const { rows } = await query(
      "select count(*)::int as n from spaced_cards where user_id = $1 and last_reviewed_at is not null",
      [learner.user.id],
    );
    expect(rows[0].n).toBe(3);
  });

  it("refuses another user's card, an unknown card, a card not due yet and a second rating", async () => {
    const [owner, other] = await Promise.all([server.signUp(), server.signUp()]);
    const [card] = await seedCards(owner, 1);
    const cardId = card?.id as string;
    const foreign = await rate(other, cardId, { grade: 5 });
    expect(foreign.status).toBe(404);
    expect(foreign.data).toEqual((await rate(other, UNKNOWN, { grade: 5 })).data);

    const results = await Promise.all([rate(owner, cardId, { grade: 3 }), rate(owner, cardId, { grade: 5 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.status === 409);
    expect(conflict?.data.error.message).toBe("This card is not due for review yet.");
    // The refused ratings earned nothing; the other user's attempt took nothing from the owner.
    expect((await owner.get("/api/v1/me/stats")).data.xp).toBe(2);
    expect((await other.get("/api/v1/me/stats")).data.xp).toBe(0);
  });

  it("accepts only the grades 1, 3 and 5, and nothing else in the body", async () => {
    const learner = await server.signUp();
    const [card] = await seedCards(learner, 1);
    for (const body of [
      { grade: 2 },
      { grade: 0 },
      { grade: "5" },
      {},
      { grade: 5, interval: 365 },
      { grade: 5, ease: 9 },
    ]) {
      const response = await rate(learner, card?.id as string, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const { rows } = await query("select interval, ease from spaced_cards where id = $1", [card?.id]);
    expect(rows[0]).toEqual({ interval: 0, ease: 2.5 });
  });

  it("needs a signed-in user", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/v1/me/review/cards")).status).toBe(401);
    expect((await anonymous.get("/api/v1/me/review/due-count")).status).toBe(401);
    expect(
      (await anonymous.request("POST", `/api/v1/me/review/cards/${UNKNOWN}/rating`, { json: { grade: 3 } }))
        .status,
    ).toBe(401);
  });
});

describe("review XP (decision 019)", () => {
  const xpOf = async (client: SignedInClient) => (await client.get("/api/v1/me/stats")).data.xp;

  it("earns 2 XP for Good or Easy and 1 for Again, into the profile and the ledger, once per due moment", async () => {
    const learner = await server.signUp();
    const [good, easy, again] = await seedCards(learner, 3);
    const awarded = [];
    for (const [card, grade] of [
      [good, 3],
      [easy, 5],
      [again, 1],
    ] as const) {
      const response = await rate(learner, card?.id as string, { grade });
      expect(response.status, response.text).toBe(200);
      awarded.push(response.data.xpAwarded);
    }
    expect(awarded).toEqual([2, 2, 1]);
    expect(await xpOf(learner)).toBe(5);
    const { rows } = await query("select amount, source, source_id from xp_events where user_id = $1", [
      learner.user.id,
    ]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { amount: 2, source: "review", source_id: good?.id },
        { amount: 2, source: "review", source_id: easy?.id },
        { amount: 1, source: "review", source_id: again?.id },
      ]),
    );
    expect((await learner.get("/api/v1/me/today")).data.xpToday).toBe(5);

    // Rated: not due, so no second award until it comes due again.
    expect((await rate(learner, good?.id as string, { grade: 5 })).status).toBe(409);
    expect(await xpOf(learner)).toBe(5);
    await query("update spaced_cards set due_at = now() - interval '1 minute' where id = $1", [good?.id]);
    expect((await rate(learner, good?.id as string, { grade: 5 })).data.xpAwarded).toBe(2);
    expect(await xpOf(learner)).toBe(7);
  });

  it("awards a card rated many times at once only once", async () => {
    const learner = await server.signUp();
    const [card] = await seedCards(learner, 1);
    const results = await Promise.all(
      [3, 5, 1, 3].map((grade) => rate(learner, card?.id as string, { grade })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rated = results.find((r) => r.status === 200);
    expect(await xpOf(learner)).toBe(rated?.data.xpAwarded);
    const { rows } = await query("select count(*)::int as n from xp_events where user_id = $1", [
      learner.user.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
