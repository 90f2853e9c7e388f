import { type SQL, sql } from "drizzle-orm";
import type {
  Achievement,
  AchievementList,
  UnlockedAchievement,
} from "../../../domain/contract/achievements.ts";
import { knowledgeLevels } from "../../../domain/knowledge.ts";
import type { AppDeps } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { type AchievementMetric, achievementMetrics } from "../../db/schema/social.ts";

/**
 * Achievements (spec 3 §2 Achievements, decision 022). The definitions are rows seeded by a
 * migration; the server measures each metric from the tables that already hold it and records the
 * caller's progress in user_achievements, in the transaction of the recall event that moved it
 * (quiz finish, review rating, streak day, accepted friend). earned_at is set once: the update that
 * sets it only matches rows where it is still null, under a per-user lock.
 */

type Deps = Pick<AppDeps, "db">;

/** A theme counts as mastered from Expert on (src/domain/knowledge.ts). */
const MASTERED_POINTS = knowledgeLevels.find((level) => level.name === "Expert")?.min ?? 4000;

/** Each metric as one scalar subquery for the user; every one reads through a per-user index. */
function metricSql(metric: AchievementMetric, userId: string): SQL {
  switch (metric) {
    case "xp":
      return sql`(select xp from profiles where user_id = ${userId})`;
    case "level":
      return sql`(select level from profiles where user_id = ${userId})`;
    case "streak_days":
      // The longest streak, so a lapse later does not take progress back.
      return sql`(select longest_streak from user_streaks where user_id = ${userId})`;
    case "quizzes_completed":
      return sql`(select count(*) from quiz_attempts where user_id = ${userId} and finished_at is not null)`;
    case "perfect_quizzes":
      return sql`(select count(*) from quiz_attempts
                  where user_id = ${userId} and finished_at is not null and correct_count = question_count)`;
    case "correct_answers":
      return sql`(select sum(correct_count) from quiz_attempts where user_id = ${userId} and finished_at is not null)`;
    case "episodes_completed":
      return sql`(select count(distinct episode_id) from quiz_attempts
                  where user_id = ${userId} and finished_at is not null)`;
    case "cards_reviewed":
      return sql`(select count(*) from spaced_cards where user_id = ${userId} and last_reviewed_at is not null)`;
    case "friends":
      // Friends are two accepted rows, one each way; the caller's outgoing one counts each friend once.
      return sql`(select count(*) from user_follows where follower_id = ${userId} and status = 'accepted')`;
    case "reflections":
      return sql`(select count(*) from post_reflections where user_id = ${userId})`;
    case "themes_mastered":
      // Theme points as src/domain/knowledge.ts themePoints: correct × 10 + accuracy% × total / 10.
      return sql`(select count(*) from (
                    select t.theme_id
                    from user_answers ua
                    join questions q on q.id = ua.question_id
                    cross join lateral unnest(q.theme_ids) as t(theme_id)
                    where ua.user_id = ${userId}
                    group by t.theme_id
                    having round(count(*) filter (where ua.is_correct) * 10
                      + round(100.0 * count(*) filter (where ua.is_correct) / count(*)) * count(*) / 10.0)
                      >= ${MASTERED_POINTS}) mastered)`;
  }
}

const tierOrder = ["bronze", "silver", "gold", "platinum"];

/** The toast names the first unlock: the most attainable one (lowest tier, smallest goal, by name). */
const byTierThenRequirement = (
  a: UnlockedAchievement & { requirement_value: number },
  b: UnlockedAchievement & { requirement_value: number },
) =>
  tierOrder.indexOf(a.tier) - tierOrder.indexOf(b.tier) ||
  a.requirement_value - b.requirement_value ||
  a.name.localeCompare(b.name);

/**
 * What a transaction has unlocked so far. The streak hook and the event's own call run in the same
 * transaction; the event's response reports both.
 */
const unlockedInTx = new WeakMap<Tx, UnlockedAchievement[]>();

/**
 * Measures the given metrics (all by default) for the user, stores the progress of every
 * achievement on them, and earns the ones whose requirement is reached. Call it inside the
 * transaction that changed the metric, as its last write (it takes a per-user lock). Returns every
 * achievement this transaction has unlocked, each exactly once across all transactions: concurrent
 * callers serialise on the lock, and only the first sees earned_at still null.
 */
export async function recordAchievementProgress(
  tx: Tx,
  userId: string,
  metrics: readonly AchievementMetric[] = achievementMetrics,
): Promise<UnlockedAchievement[]> {
  const values = sql.join(
    metrics.map((metric) => sql`(${metric}::text, coalesce(${metricSql(metric, userId)}, 0)::int)`),
    sql`, `,
  );
  // One writer per user at a time, held to the end of the transaction: a transaction that calls this
  // twice (a rating: the streak, then the rating) cannot interleave its row locks with another's.
  // Callers take no other lock after it, so waiting here never closes a cycle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`achievements:${userId}`}, 0))`);
  await tx.execute(sql`
    with measured(metric, value) as (values ${values})
    insert into user_achievements (user_id, achievement_id, progress)
    select ${userId}, a.id, least(greatest(m.value, 0), a.requirement_value)
    from achievements a join measured m on m.metric = a.metric
    order by a.id
    on conflict (user_id, achievement_id) do update
      set progress = excluded.progress, updated_at = now()
      where user_achievements.earned_at is null and user_achievements.progress <> excluded.progress`);
  const { rows } = await tx.execute<UnlockedAchievement & { requirement_value: number }>(sql`
    update user_achievements ua set earned_at = now(), updated_at = now()
    from achievements a
    where a.id = ua.achievement_id and ua.user_id = ${userId}
      and ua.earned_at is null and ua.progress >= a.requirement_value
    returning a.id, a.slug, a.name, a.tier, a.icon, a.requirement_value`);
  const unlocked = [
    ...(unlockedInTx.get(tx) ?? []),
    ...rows
      .sort(byTierThenRequirement)
      .map(({ id, slug, name, tier, icon }) => ({ id, slug, name, tier, icon })),
  ];
  unlockedInTx.set(tx, unlocked);
  return unlocked;
}

type AchievementRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
  tier: Achievement["tier"];
  requirement_value: number;
  progress: number;
  earned_at: Date | string | null;
};

/** At most this many definitions are listed (there are about twenty). */
export const ACHIEVEMENT_LIST_LIMIT = 200;

/**
 * Every achievement with the caller's progress, in one query: earned first (newest first), then
 * in progress (closest to done first), then by tier and name.
 */
export async function listAchievements(deps: Deps, userId: string): Promise<AchievementList> {
  const { rows } = await deps.db.execute<AchievementRow>(sql`
    select a.id, a.slug, a.name, a.description, a.icon, a.tier, a.requirement_value,
           coalesce(ua.progress, 0)::int as progress, ua.earned_at
    from achievements a
    left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = ${userId}
    order by ua.earned_at desc nulls last,
             coalesce(ua.progress, 0)::float / a.requirement_value desc,
             array_position(array['bronze', 'silver', 'gold', 'platinum'], a.tier),
             a.requirement_value, a.name
    limit ${ACHIEVEMENT_LIST_LIMIT}`);
  const achievements = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    tier: row.tier,
    requirementValue: Number(row.requirement_value),
    progress: row.earned_at ? Number(row.requirement_value) : Math.min(row.progress, row.requirement_value),
    earnedAt: row.earned_at ? new Date(row.earned_at).toISOString() : null,
  }));
  return { achievements, earnedCount: achievements.filter((item) => item.earnedAt).length };
}
