import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { weekStart } from "../../../domain/calendar.ts";
import type {
  LeagueLeft,
  LeaguePage,
  LeagueStanding,
  LeagueSummary,
  LeagueView,
  MyLeagues,
} from "../../../domain/contract/leagues.ts";
import { type CreateLeagueValues, leagueNotices } from "../../../domain/leagues.ts";
import type { AppDeps } from "../../context.ts";
import type { Database, Tx } from "../../db/client.ts";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors.ts";
import { profiles } from "../../db/schema/account.ts";
import { type LeagueRole, leagueMembers, leagues } from "../../db/schema/learning.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { decodeCursor, encodeCursor } from "../library/shared.ts";

/**
 * Leagues (spec 2 §2 Leagues, §6, §7). Rules:
 * - every league is public: any signed-in user sees it, its members and their weekly standings;
 * - the creator becomes its owner in the transaction that creates it;
 * - joining twice is refused by the primary key of league_members (ON CONFLICT DO NOTHING, so a
 *   race of two joins gives one 201 and one 409), never by a select first;
 * - member_count is kept by the league_members trigger (migration 0002), which updates the league
 *   row and so serialises concurrent joins;
 * - an owner who leaves hands the league to its longest-standing member; the last member leaving
 *   removes the league (decision 023).
 */

type Deps = Pick<AppDeps, "db">;

/** Standings show the top of a league; a league is a small group, this bounds it all the same. */
export const STANDINGS_LIMIT = 100;
/** My leagues are few; this bounds the answer all the same. */
export const MY_LEAGUES_LIMIT = 200;

const leagueNotFound = () => notFound(leagueNotices.leagueNotFound);

const ownerProfile = alias(profiles, "owner_profile");

/** The summary columns, with the viewer's role from a left join on their membership. */
function summaryQuery(db: Database | Tx, viewerId: string) {
  return db
    .select({
      id: leagues.id,
      name: leagues.name,
      description: leagues.description,
      memberCount: leagues.memberCount,
      createdAt: leagues.createdAt,
      ownerName: ownerProfile.name,
      myRole: leagueMembers.role,
    })
    .from(leagues)
    .leftJoin(ownerProfile, eq(ownerProfile.userId, leagues.ownerUserId))
    .leftJoin(leagueMembers, and(eq(leagueMembers.leagueId, leagues.id), eq(leagueMembers.userId, viewerId)));
}

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdAt: Date;
  ownerName: string | null;
  myRole: LeagueRole | null;
};

const toSummary = (row: SummaryRow): LeagueSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  visibility: "public",
  memberCount: Number(row.memberCount),
  ownerName: row.ownerName ?? null,
  createdAt: row.createdAt.toISOString(),
  myRole: row.myRole ?? null,
});

async function findSummary(db: Database | Tx, viewerId: string, leagueId: string): Promise<LeagueSummary> {
  const [row] = await summaryQuery(db, viewerId).where(eq(leagues.id, leagueId)).limit(1);
  if (!row) throw leagueNotFound();
  return toSummary(row);
}

/** Public leagues, newest first, a keyset page at a time (leagues_public_created_idx). */
export async function listLeagues(
  deps: Deps,
  viewerId: string,
  input: { limit: number; cursor?: string | undefined },
): Promise<LeaguePage> {
  const cursor = decodeCursor(input.cursor);
  const after = cursor
    ? or(
        lt(leagues.createdAt, new Date(cursor.at)),
        and(eq(leagues.createdAt, new Date(cursor.at)), lt(leagues.id, cursor.id)),
      )
    : undefined;
  const rows = await summaryQuery(deps.db, viewerId)
    .where(and(eq(leagues.visibility, "public"), after))
    .orderBy(desc(leagues.createdAt), desc(leagues.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor:
      rows.length > input.limit && last
        ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}

/** The leagues the user belongs to, most recently joined first, with their role. */
export async function listMyLeagues(deps: Deps, userId: string): Promise<MyLeagues> {
  const rows = await deps.db
    .select({
      id: leagues.id,
      name: leagues.name,
      description: leagues.description,
      memberCount: leagues.memberCount,
      createdAt: leagues.createdAt,
      ownerName: ownerProfile.name,
      myRole: leagueMembers.role,
      joinedAt: leagueMembers.joinedAt,
    })
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, leagues.ownerUserId))
    .where(eq(leagueMembers.userId, userId))
    .orderBy(desc(leagueMembers.joinedAt), asc(leagueMembers.leagueId))
    .limit(MY_LEAGUES_LIMIT);
  return { items: rows.map((row) => ({ ...toSummary(row), joinedAt: row.joinedAt.toISOString() })) };
}

/** Creates the league and makes its creator the owner, in one transaction. */
export async function createLeague(
  deps: Deps,
  userId: string,
  values: CreateLeagueValues,
): Promise<LeagueSummary> {
  return deps.db.transaction(async (tx) => {
    const [league] = await tx
      .insert(leagues)
      .values({
        name: values.name,
        description: values.description,
        visibility: values.visibility,
        ownerUserId: userId,
      })
      .returning({ id: leagues.id });
    if (!league) throw new Error("insert returned no row");
    await tx.insert(leagueMembers).values({ leagueId: league.id, userId, role: "owner" });
    return findSummary(tx, userId, league.id);
  });
}

/**
 * Joins as a member. A second join (or the loser of two racing joins) inserts nothing and gets
 * 409; a league deleted meanwhile is a foreign-key violation, which is the same 404 as unknown.
 */
export async function joinLeague(deps: Deps, userId: string, leagueId: string): Promise<LeagueSummary> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [league] = await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
      if (!league) throw leagueNotFound();
      const inserted = await tx
        .insert(leagueMembers)
        .values({ leagueId, userId, role: "member" })
        .onConflictDoNothing()
        .returning({ userId: leagueMembers.userId });
      if (!inserted.length) throw new AppError("CONFLICT", leagueNotices.alreadyMember);
      return findSummary(tx, userId, leagueId);
    });
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw leagueNotFound();
    throw error;
  }
}

/**
 * Leaves the league. The league row is locked first, so a leave and the membership trigger of a
 * concurrent join take their locks in the same order. An owner who leaves passes ownership to the
 * longest-standing member; when nobody is left, the league is removed.
 */
export async function leaveLeague(deps: Deps, userId: string, leagueId: string): Promise<LeagueLeft> {
  return deps.db.transaction(async (tx) => {
    const [league] = await tx
      .select({ id: leagues.id })
      .from(leagues)
      .where(eq(leagues.id, leagueId))
      .for("update");
    if (!league) throw leagueNotFound();
    const [left] = await tx
      .delete(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
      .returning({ role: leagueMembers.role });
    if (!left) throw new AppError("CONFLICT", leagueNotices.notMember);

    const [next] = await tx
      .select({ userId: leagueMembers.userId, role: leagueMembers.role })
      .from(leagueMembers)
      .where(eq(leagueMembers.leagueId, leagueId))
      .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.userId))
      .limit(1);
    if (!next) {
      await tx.delete(leagues).where(eq(leagues.id, leagueId));
      return { league: null, newOwnerUserId: null };
    }
    let newOwnerUserId: string | null = null;
    if (left.role === "owner") {
      await tx
        .update(leagueMembers)
        .set({ role: "owner" })
        .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, next.userId)));
      await tx.update(leagues).set({ ownerUserId: next.userId }).where(eq(leagues.id, leagueId));
      newOwnerUserId = next.userId;
    }
    return { league: await findSummary(tx, userId, leagueId), newOwnerUserId };
  });
}

type StandingRow = {
  user_id: string;
  role: LeagueRole;
  name: string | null;
  avatar_url: string | null;
  xp: number;
  level: number;
  weekly_score: number;
  quizzes_completed: number;
  rank: number;
};

/**
 * The league and its members' standings this week: the week is the Sunday that starts the viewer's
 * week in their time zone, and each member's score is their weekly leaderboard row for that Sunday.
 * Ranked by weekly score (equal scores share a rank), then XP. One statement: members by the
 * primary key of league_members, their weekly row by leaderboard_entries' unique key.
 */
export async function getLeagueView(
  deps: Deps,
  viewerId: string,
  leagueId: string,
  now = new Date(),
): Promise<LeagueView> {
  const [summary, [viewer]] = await Promise.all([
    findSummary(deps.db, viewerId, leagueId),
    deps.db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, viewerId)),
  ]);
  const week = weekStart(now, viewer?.timeZone ?? "UTC");
  const { rows } = await deps.db.execute<StandingRow>(
    sql`select m.user_id, m.role, p.name, p.avatar_url,
          coalesce(p.xp, 0)::int as xp, coalesce(p.level, 1)::int as level,
          coalesce(e.score, 0)::int as weekly_score,
          coalesce(e.quizzes_completed, 0)::int as quizzes_completed,
          rank() over (order by coalesce(e.score, 0) desc)::int as rank
        from league_members m
        left join profiles p on p.user_id = m.user_id
        left join leaderboard_entries e
          on e.user_id = m.user_id and e.type = 'weekly' and e.week_start = ${week}::date
        where m.league_id = ${leagueId}
        order by weekly_score desc, xp desc, m.joined_at asc, m.user_id asc
        limit ${STANDINGS_LIMIT}`,
  );
  const standings: LeagueStanding[] = rows.map((row) => ({
    rank: Number(row.rank),
    userId: row.user_id,
    name: row.name,
    avatarUrl: row.avatar_url,
    role: row.role,
    weeklyScore: Number(row.weekly_score),
    quizzesCompleted: Number(row.quizzes_completed),
    xp: Number(row.xp),
    level: Number(row.level),
    isMe: row.user_id === viewerId,
  }));
  return { league: summary, weekStart: week, standings };
}
