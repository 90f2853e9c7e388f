import { sql } from "drizzle-orm";
import { weekStart } from "../../../domain/calendar.ts";
import type { EpisodeListing } from "../../../domain/contract/catalog.ts";
import {
  type AllTimeLeaderboard,
  type FriendsLeaderboard,
  LEADERBOARD_LIMITS,
  type LeaderboardPlayer,
  type LeaderboardQuizzes,
  type PlayerSearch,
  type WeeklyLeaderboard,
  type WeeklyPlayer,
} from "../../../domain/contract/leaderboard.ts";
import type { AppDeps } from "../../context.ts";
import { containsPattern } from "../catalog/discovery.ts";

/**
 * The leaderboard (spec 3 §2 Leaderboard, §7, §9; decision 021). One order everywhere: XP (or the
 * week's score) descending, then user id ascending; rank = 1 + the players with strictly more, so
 * ties share a rank. Every query below reads an index in that order:
 * - all-time top 100: profiles_xp_user_id_idx (xp desc, user_id), 100 rows;
 * - all-time rank: leaderboard_xp_band_counts + leaderboard_xp_counts, a sum over a few hundred rows;
 * - weekly top 100 and rank: leaderboard_entries_week_score_user_idx (type, week_start, score desc,
 *   user_id) — the rank counts the entries ahead in that week, index-only.
 */

type Deps = Pick<AppDeps, "db">;

/** The width of a band in leaderboard_xp_band_counts (migration 0018's trigger uses the same). */
const XP_BAND_WIDTH = 256;

type PlayerRow = {
  user_id: string;
  name: string | null;
  handle: string | null;
  avatar_url: string | null;
  level: number;
  xp: number;
};
type RankedRow = PlayerRow & { rank: number };
type WeeklyRow = RankedRow & { score: number; quizzes_completed: number; average_accuracy: number };

const toPlayer = (row: PlayerRow) => ({
  userId: row.user_id,
  name: row.name,
  handle: row.handle,
  avatarUrl: row.avatar_url,
  level: Number(row.level),
  xp: Number(row.xp),
});

// Written out rather than spread from toPlayer: it runs for 100 rows on every leaderboard answer.
const toRanked = (row: RankedRow): LeaderboardPlayer => ({
  userId: row.user_id,
  name: row.name,
  handle: row.handle,
  avatarUrl: row.avatar_url,
  level: Number(row.level),
  xp: Number(row.xp),
  rank: Number(row.rank),
});

const toWeekly = (row: WeeklyRow): WeeklyPlayer => ({
  ...toRanked(row),
  score: Number(row.score),
  quizzesCompleted: Number(row.quizzes_completed),
  averageAccuracy: Math.round(Number(row.average_accuracy)),
});

/** The all-time rank of profile `p`: 1 + the bands above its band + the values above it inside it. */
const ALL_TIME_RANK = `(1
  + coalesce((select sum(b.users) from leaderboard_xp_band_counts b where b.band > p.xp / ${XP_BAND_WIDTH}), 0)
  + coalesce((select sum(c.users) from leaderboard_xp_counts c
              where c.xp > p.xp and c.xp < (p.xp / ${XP_BAND_WIDTH} + 1) * ${XP_BAND_WIDTH}), 0)
)::int`;

/**
 * The top 100 (in_top) and the viewer ($1, not in_top) in one statement: one round trip, planned
 * once per connection (a named prepared statement), where two parallel queries cost two round trips
 * and two plannings per request (decision 021, "The request pipeline").
 */
const ALL_TIME_STATEMENT = {
  name: "leaderboard-all-time-v1",
  text: `(select true as in_top, t.*, (rank() over (order by t.xp desc))::int as rank
  from (
    select user_id, name, handle, avatar_url, level, xp from profiles
    order by xp desc nulls last, user_id
    limit ${LEADERBOARD_LIMITS.ranked}
  ) t)
union all
(select false, p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp, ${ALL_TIME_RANK}
  from profiles p where p.user_id = $1)
order by in_top desc, xp desc, user_id`,
};

/**
 * All-time: the top 100 by XP, and the viewer with their true rank. The top 100 are the first rows
 * of the whole order, so rank() over them is their global competition rank.
 */
export async function getAllTimeLeaderboard(deps: Deps, viewerId: string): Promise<AllTimeLeaderboard> {
  const result = await deps.db.$client.query<RankedRow & { in_top: boolean }>({
    ...ALL_TIME_STATEMENT,
    values: [viewerId],
  });
  const players: LeaderboardPlayer[] = [];
  let you: LeaderboardPlayer | null = null;
  for (const row of result.rows) {
    if (row.in_top) players.push(toRanked(row));
    else you = toRanked(row);
  }
  return { players, you };
}

/**
 * A player's all-time position: 1 + the profiles holding more XP — the bands of 256 XP values above
 * the player's band, plus the values above theirs inside it (leaderboard_xp_band_counts and
 * leaderboard_xp_counts; at most a few hundred rows however many players).
 */
export async function getAllTimePosition(deps: Deps, userId: string): Promise<LeaderboardPlayer | null> {
  const result = await deps.db.execute<RankedRow>(sql`
    select p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp, ${sql.raw(ALL_TIME_RANK)} as rank
    from profiles p where p.user_id = ${userId}`);
  const row = result.rows[0];
  return row ? toRanked(row) : null;
}

/** The Sunday that starts the viewer's current week, in their profile's time zone. */
async function viewerWeekStart(deps: Deps, viewerId: string, now: Date): Promise<string> {
  const result = await deps.db.execute<{ time_zone: string }>(
    sql`select time_zone from profiles where user_id = ${viewerId}`,
  );
  return weekStart(now, result.rows[0]?.time_zone ?? "UTC");
}

const weeklyColumns = sql`p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp,
  l.score, l.quizzes_completed, l.average_accuracy`;

/**
 * This Week: the weekly entries whose week starts on the viewer's current Sunday (each entry's
 * week_start was written in its player's own time zone), top 100 by score, and the viewer's entry
 * with their true rank — null until they finish a quiz this week.
 */
export async function getWeeklyLeaderboard(
  deps: Deps,
  viewerId: string,
  now = new Date(),
): Promise<WeeklyLeaderboard> {
  const week = await viewerWeekStart(deps, viewerId, now);
  const [top, you] = await Promise.all([
    deps.db.execute<WeeklyRow>(sql`
      select ${weeklyColumns}, (rank() over (order by l.score desc))::int as rank
      from (
        select user_id, score, quizzes_completed, average_accuracy from leaderboard_entries
        where type = 'weekly' and week_start = ${week}::date
        order by score desc nulls last, user_id
        limit ${LEADERBOARD_LIMITS.ranked}
      ) l
      join profiles p on p.user_id = l.user_id
      order by l.score desc, l.user_id`),
    deps.db.execute<WeeklyRow>(sql`
      select ${weeklyColumns},
        (1 + (select count(*) from leaderboard_entries o
              where o.type = 'weekly' and o.week_start = l.week_start and o.score > l.score))::int as rank
      from leaderboard_entries l
      join profiles p on p.user_id = l.user_id
      where l.user_id = ${viewerId} and l.type = 'weekly' and l.week_start = ${week}::date`),
  ]);
  const youRow = you.rows[0];
  return { weekStart: week, players: top.rows.map(toWeekly), you: youRow ? toWeekly(youRow) : null };
}

/**
 * Friends: the viewer and everyone they are friends with (an accepted follow either way), by XP,
 * ranked among themselves; at most 100 rows.
 */
export async function getFriendsLeaderboard(deps: Deps, viewerId: string): Promise<FriendsLeaderboard> {
  const result = await deps.db.execute<RankedRow>(sql`
    with circle as (
      select following_id as user_id from user_follows where follower_id = ${viewerId} and status = 'accepted'
      union
      select follower_id from user_follows where following_id = ${viewerId} and status = 'accepted'
      union
      select ${viewerId}::uuid
    )
    select p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp,
      (rank() over (order by p.xp desc))::int as rank
    from profiles p join circle c on c.user_id = p.user_id
    order by p.xp desc nulls last, p.user_id
    limit ${LEADERBOARD_LIMITS.ranked}`);
  return { players: result.rows.map(toRanked) };
}

type QuizEpisodeRow = {
  id: string;
  title: string;
  summary: string | null;
  image_url: string | null;
  pub_date: Date | string;
  duration: number | null;
  podcast_id: string;
  podcast_name: string;
  podcast_cover_url: string | null;
};

const toQuizEpisode = (row: QuizEpisodeRow): EpisodeListing => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  imageUrl: row.image_url || row.podcast_cover_url || null,
  pubDate: new Date(row.pub_date).toISOString(),
  duration: row.duration === null ? null : Number(row.duration),
  podcast: { id: row.podcast_id, name: row.podcast_name, coverUrl: row.podcast_cover_url },
});

/** Quizzes: the 6 newest visible episodes whose quiz is ready (episodes_quiz_ready_pub_date_idx). */
export async function getLeaderboardQuizzes(deps: Deps): Promise<LeaderboardQuizzes> {
  const result = await deps.db.execute<QuizEpisodeRow>(sql`
    select e.id, e.title, e.summary, e.image_url, e.pub_date, e.duration,
      pc.id as podcast_id, pc.name as podcast_name, pc.cover_url as podcast_cover_url
    from episodes e join podcasts pc on pc.id = e.podcast_id
    where e.ready and e.quiz_status = 'complete'
    order by e.pub_date desc
    limit ${LEADERBOARD_LIMITS.quizzes}`);
  return { episodes: result.rows.map(toQuizEpisode) };
}

/** Search players: name or handle contains the text, case-insensitive (trigram indexes), most XP first. */
export async function searchPlayers(deps: Deps, text: string): Promise<PlayerSearch> {
  const pattern = containsPattern(text);
  const result = await deps.db.execute<PlayerRow>(sql`
    select user_id, name, handle, avatar_url, level, xp from profiles
    where name ilike ${pattern} or handle ilike ${pattern}
    order by xp desc, user_id
    limit ${LEADERBOARD_LIMITS.search}`);
  return { players: result.rows.map(toPlayer) };
}
