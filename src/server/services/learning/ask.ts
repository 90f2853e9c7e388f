import { and, asc, desc, eq } from "drizzle-orm";
import { askNotices } from "../../../domain/ask.ts";
import type { ChatEntry, ChatSource } from "../../../domain/contract/learning.ts";
import { parseTimecode } from "../../../domain/episode.ts";
import { entitlementsFor, planNotices } from "../../../domain/plans.ts";
import { answerFromOverview, type EpisodeOverview } from "../../ai/episode-intent.ts";
import { type Answer, answerSchema, type EpisodeInput } from "../../ai/provider.ts";
import { retrievePassages } from "../../ai/retrieval.ts";
import type { Database } from "../../db/client.ts";
import { userRoles } from "../../db/schema/account.ts";
import { episodeGuests, episodeHosts, episodes, guests, hosts } from "../../db/schema/catalog.ts";
import { episodeChats } from "../../db/schema/learning.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import type { LearningDeps } from "./engine.ts";
import { EPISODE_NOT_FOUND, loadEpisodeInput, loadShowSpeakers } from "./episode-input.ts";

/**
 * Ask AI (spec 2 §2, §7 ask-episode): answers from the episode's transcript with timecoded sources.
 * The chat history is private: every read and write is by the signed-in user's id.
 */

/** How much of the history the chat screen shows (the newest turns, oldest first). */
export const CHAT_HISTORY_LIMIT = 50;
/** Earlier turns given to the provider, so "and why?" can refer back. */
const CONTEXT_TURNS = 3;
/**
 * Passages scored for an answer (of an hour's ~100): with 16 rather than 8, the window that answers in
 * other words than the question's is more often among them, and the rarer-word weights are counted
 * over more sentences (decision 050).
 */
const PASSAGE_LIMIT = 16;
export const ASK_LIMITS = { perMinute: 20, perDay: 200 } as const;

const chatColumns = {
  id: episodeChats.id,
  question: episodeChats.question,
  answer: episodeChats.answer,
  sources: episodeChats.sources,
  createdAt: episodeChats.createdAt,
};

const toEntry = (row: { createdAt: Date } & Omit<ChatEntry, "createdAt">): ChatEntry => ({
  ...row,
  sources: Array.isArray(row.sources) ? row.sources : [],
  createdAt: row.createdAt.toISOString(),
});

async function recentChats(db: Database, userId: string, episodeId: string, limit: number) {
  const rows = await db
    .select(chatColumns)
    .from(episodeChats)
    .where(and(eq(episodeChats.episodeId, episodeId), eq(episodeChats.userId, userId)))
    .orderBy(desc(episodeChats.createdAt))
    .limit(limit);
  return rows.reverse().map(toEntry);
}

/** The user's earlier questions and answers about the episode, oldest first (the newest 50). */
export async function listEpisodeChats(
  db: Database,
  userId: string,
  episodeId: string,
): Promise<ChatEntry[]> {
  const [episode] = await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, episodeId));
  if (!episode) throw notFound(EPISODE_NOT_FOUND);
  return recentChats(db, userId, episodeId, CHAT_HISTORY_LIMIT);
}

/** The chapter a moment falls in, as the source's title. */
function chapterAt(input: EpisodeInput, seconds: number): string | undefined {
  return input.chapters.findLast((chapter) => chapter.startTime <= seconds)?.title;
}

/**
 * What an episode-level question is answered from: summary, timed insights, guests and hosts, and,
 * for a question about the people, who is heard across the show.
 */
async function loadEpisodeOverview(
  db: Database,
  input: EpisodeInput,
  { isAboutPeople }: { isAboutPeople: boolean },
): Promise<EpisodeOverview> {
  const [[row], guestRows, hostRows, showSpeakers] = await Promise.all([
    db
      .select({ summary: episodes.summary, insights: episodes.insights })
      .from(episodes)
      .where(eq(episodes.id, input.id)),
    db
      .select({ name: guests.name, bio: guests.bio })
      .from(episodeGuests)
      .innerJoin(guests, eq(guests.id, episodeGuests.guestId))
      .where(eq(episodeGuests.episodeId, input.id))
      .orderBy(asc(guests.name)),
    db
      .select({ name: hosts.name, bio: hosts.bio })
      .from(episodeHosts)
      .innerJoin(hosts, eq(hosts.id, episodeHosts.hostId))
      .where(eq(episodeHosts.episodeId, input.id))
      .orderBy(asc(hosts.name)),
    isAboutPeople ? loadShowSpeakers(db, [input.id]) : null,
  ]);
  const insights = (Array.isArray(row?.insights) ? row.insights : [])
    .filter((insight) => typeof insight?.key_point === "string" && insight.key_point.trim())
    .map((insight) => ({ keyPoint: insight.key_point.trim(), timecode: parseTimecode(insight.timecode) }));
  return {
    title: input.title,
    podcastName: input.podcastName ?? null,
    summary: row?.summary ?? null,
    insights,
    guests: guestRows,
    hosts: hostRows,
    topics: input.topics,
    transcriptSegments: input.transcriptSegments,
    ...(showSpeakers ? { showSpeakers: showSpeakers.get(input.id) ?? [] } : {}),
  };
}

/** An episode-level question's answer from the overview, or the provider's from retrieved passages. */
async function answerQuestion(
  deps: LearningDeps,
  input: EpisodeInput,
  question: string,
  history: ChatEntry[],
): Promise<Answer> {
  const overviewAnswer = await answerFromOverview(question, (needs) =>
    loadEpisodeOverview(deps.db, input, needs),
  );
  if (overviewAnswer) return answerSchema.parse(overviewAnswer);
  const passages = await retrievePassages(deps.db, input, question, PASSAGE_LIMIT);
  return answerSchema.parse(await deps.provider.answer(input, question, history, passages));
}

/**
 * The plan's daily allowance (src/domain/plans.ts entitlements): Free users get a number of
 * questions per 24-hour window, Plus members no plan limit (the abuse limits above still apply).
 * Counted in the shared rate_limits table, so concurrent requests cannot exceed it.
 */
async function consumeAskAllowance(db: Database, userId: string): Promise<void> {
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const perDay = entitlementsFor(roles.map((row) => row.role)).askQuestionsPerDay;
  if (perDay === null) return;
  try {
    await consumeRateLimits(
      db,
      [{ key: `ask:free-day:${userId}`, limit: perDay, windowSeconds: 24 * 60 * 60 }],
      planNotices.askLimitReached,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      throw new AppError("PLAN_LIMIT", error.message, undefined, error.headers);
    }
    throw error;
  }
}

/**
 * ask-episode: retrieval over the transcript (PostgreSQL full-text ranking), an answer from the
 * provider with at most the last three turns as context, stored in the user's history. Limited per
 * user to 20 questions a minute and 200 a day.
 */
export async function askEpisode(
  deps: LearningDeps,
  userId: string,
  episodeId: string,
  question: string,
): Promise<ChatEntry> {
  const input = await loadEpisodeInput(deps.db, episodeId);
  await consumeRateLimits(
    deps.db,
    [
      { key: `ask:minute:${userId}`, limit: ASK_LIMITS.perMinute, windowSeconds: 60 },
      { key: `ask:day:${userId}`, limit: ASK_LIMITS.perDay, windowSeconds: 24 * 60 * 60 },
    ],
    (wait) => `You've asked a lot of questions. Please wait ${wait} and try again.`,
  );
  await consumeAskAllowance(deps.db, userId);
  const history = await recentChats(deps.db, userId, episodeId, CONTEXT_TURNS);
  let sources: ChatSource[];
  let answer: string;
  try {
    const result = await answerQuestion(deps, input, question, history);
    answer = result.answer;
    const end = input.duration ? Math.floor(input.duration) : Number.POSITIVE_INFINITY;
    sources = result.sources.map((source) => {
      const timecode = Math.min(source.timecode, end);
      const title = chapterAt(input, timecode);
      return { timecode, text: source.text, ...(title ? { title } : {}) };
    });
  } catch (error) {
    deps.logger.warn(
      { episodeId, err: error instanceof Error ? error.message : error, provider: deps.provider.name },
      "ask failed",
    );
    throw new AppError("UPSTREAM_FAILED", `${askNotices.failed}. Please try again.`);
  }
  const [row] = await deps.db
    .insert(episodeChats)
    .values({ userId, episodeId, question, answer, sources })
    .returning(chatColumns);
  if (!row) throw new Error("The chat entry was not stored.");
  return toEntry(row);
}
