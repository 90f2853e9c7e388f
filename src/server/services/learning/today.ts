import { sql } from "drizzle-orm";
import { addDays, localDay, startOfLocalDay } from "../../../domain/calendar.ts";
import type { NextStep, Today } from "../../../domain/contract/today.ts";
import { chooseNextStep, type DailyXpGoal, isMostlyHeard, streakToday } from "../../../domain/today.ts";
import type { AppDeps } from "../../context.ts";
import { profiles } from "../../db/schema/account.ts";
import { FINISHED_MARGIN_SECONDS } from "../catalog/discovery.ts";
import { countDueCards } from "./review.ts";

/**
 * The signed-in home's Today card (decision 018): cards due now, the streak and whether today
 * counts, XP earned since local midnight against the daily goal, and the next suggested step.
 * At most four statements, each on an index: the profile with its streak, the XP ledger over the
 * local day, the due count, and (only when no card is due) the last and the in-progress plays.
 */

type Deps = Pick<AppDeps, "db">;
type Row = Record<string, unknown>;

const EPISODE_COLUMNS = sql`e.id, e.title, e.audio_url,
  coalesce(nullif(e.image_url, ''), p.cover_url) as image_url, e.duration, p.id as podcast_id,
  p.name as podcast_name`;

const toEpisode = (row: Row) => ({
  id: String(row.id),
  title: String(row.title),
  audioUrl: (row.audio_url as string | null) ?? null,
  imageUrl: (row.image_url as string | null) || null,
  duration: row.duration === null || row.duration === undefined ? null : Number(row.duration),
  podcast: { id: String(row.podcast_id), name: String(row.podcast_name) },
});

export async function getToday(deps: Deps, userId: string, now = new Date()): Promise<Today> {
  const { rows } = await deps.db.execute<Row>(
    sql`select p.time_zone, p.daily_xp_goal, s.current_streak, s.longest_streak,
          s.last_active_date::text as last_active_date
        from profiles p left join user_streaks s on s.user_id = p.user_id
        where p.user_id = ${userId}`,
  );
  const profile = rows[0];
  const timeZone = String(profile?.time_zone ?? "UTC");
  const day = localDay(now, timeZone);
  const [xpToday, dueCount] = await Promise.all([
    sumXpBetween(deps, userId, startOfLocalDay(day, timeZone), startOfLocalDay(addDays(day, 1), timeZone)),
    countDueCards(deps, userId, now),
  ]);
  const streak = streakToday(
    {
      current: Number(profile?.current_streak ?? 0),
      longest: Number(profile?.longest_streak ?? 0),
      lastActiveDate: (profile?.last_active_date as string | null | undefined) ?? null,
    },
    day,
  );
  return {
    day,
    dueCount,
    streak,
    xpToday,
    dailyGoal: Number(profile?.daily_xp_goal ?? 30) as DailyXpGoal,
    nextStep: dueCount > 0 ? { kind: "review", count: dueCount } : await nextListeningStep(deps, userId),
  };
}

/** The XP ledger's total in [from, to): a range scan of xp_events_user_created_idx. */
async function sumXpBetween(deps: Deps, userId: string, from: Date, to: Date): Promise<number> {
  const { rows } = await deps.db.execute<{ total: number }>(
    sql`select coalesce(sum(amount), 0)::int as total from xp_events
        where user_id = ${userId} and created_at >= ${from} and created_at < ${to}`,
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * When no card is due: the quiz of the last played episode if it is (mostly) heard, has questions
 * and the learner has not finished its quiz; else the most recent episode still in progress; else
 * finding an episode. One statement: two single-row reads of play_history by
 * (user_id, last_played_at), with the quiz checks on questions and quiz_attempts indexes.
 */
async function nextListeningStep(deps: Deps, userId: string): Promise<NextStep> {
  const { rows } = await deps.db.execute<Row>(
    sql`(select 'last' as role, ${EPISODE_COLUMNS}, h.progress_seconds, h.last_position_seconds,
           exists (select 1 from questions q where q.episode_id = e.id) as has_quiz,
           exists (select 1 from quiz_attempts a
                   where a.user_id = ${userId} and a.episode_id = e.id and a.finished_at is not null)
             as has_finished_quiz
         from play_history h join episodes e on e.id = h.episode_id join podcasts p on p.id = e.podcast_id
         where h.user_id = ${userId}
         order by h.last_played_at desc limit 1)
        union all
        (select 'progress', ${EPISODE_COLUMNS}, h.progress_seconds, h.last_position_seconds, false, false
         from play_history h join episodes e on e.id = h.episode_id join podcasts p on p.id = e.podcast_id
         where h.user_id = ${userId} and h.last_position_seconds > 0 and e.ready
           and (e.duration is null or h.last_position_seconds < e.duration - ${FINISHED_MARGIN_SECONDS})
         order by h.last_played_at desc limit 1)`,
  );
  const last = rows.find((row) => row.role === "last");
  const progress = rows.find((row) => row.role === "progress");
  const lastDuration = last?.duration === null || last?.duration === undefined ? null : Number(last.duration);
  const isLastHeard =
    last !== undefined &&
    isMostlyHeard(Math.max(Number(last.progress_seconds), Number(last.last_position_seconds)), lastDuration);
  const quizCandidate =
    last && isLastHeard && last.has_quiz && !last.has_finished_quiz ? toEpisode(last) : null;
  const inProgress = progress ? toEpisode(progress) : null;
  const hasListened = last !== undefined;
  const kind = chooseNextStep({ dueCount: 0, quizCandidate, inProgress, hasListened });
  if (kind === "quiz" && quizCandidate) return { kind, episode: quizCandidate };
  if (kind === "continue" && inProgress)
    return { kind, episode: inProgress, positionSeconds: Number(progress?.last_position_seconds ?? 0) };
  return { kind: "discover", hasListened };
}

/** Saves the daily XP goal (the route has checked it is one of the four). */
export async function saveDailyGoal(deps: Deps, userId: string, goal: DailyXpGoal): Promise<DailyXpGoal> {
  await deps.db.execute(sql`update ${profiles} set daily_xp_goal = ${goal} where user_id = ${userId}`);
  return goal;
}
