import { APIError } from "better-auth/api";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { accountNotices, type ChangePasswordInput } from "../../../domain/account-controls.ts";
import type { AccountOverview } from "../../../domain/contract/billing.ts";
import { sessionCacheOf } from "../../auth/auth.ts";
import type { AppDeps } from "../../context.ts";
import { profiles, userRoles } from "../../db/schema/account.ts";
import { accounts, sessions, users } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { podcastSubscriptions } from "../../db/schema/catalog.ts";
import { postReflections } from "../../db/schema/feed.ts";
import {
  episodeChats,
  leagueMembers,
  leagues,
  quizAttempts,
  spacedCards,
  userAnswers,
  userBookmarks,
  userListEpisodes,
  userLists,
  xpEvents,
} from "../../db/schema/learning.ts";
import { playHistory } from "../../db/schema/player.ts";
import { playerQueueItems } from "../../db/schema/player-queue.ts";
import { invites, leaderboardEntries, userAchievements, userFollows } from "../../db/schema/social.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import {
  type BillingDeps,
  cancelSubscriptionsForDeletion,
  getBillingStatus,
} from "../billing/billing-service.ts";
import type { AvatarStorage } from "./avatar-storage.ts";
import { consumeRateLimits } from "./rate-limit.ts";

/**
 * The account page's controls (decision 030): the overview, change password, sign out everywhere,
 * download my data and delete my account. Every session change also clears this process's session
 * cache for the user, so a revoked cookie stops working at once, not within SESSION_CACHE_SECONDS.
 */

export async function getAccountOverview(billing: BillingDeps, userId: string): Promise<AccountOverview> {
  const [[user], [profile], passwordRows, status] = await Promise.all([
    billing.db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    billing.db
      .select({ name: profiles.name, handle: profiles.handle })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    billing.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
      .limit(1),
    getBillingStatus(billing, userId),
  ]);
  if (!user) throw notFound("This account no longer exists.");
  return {
    email: user.email,
    name: profile?.name ?? null,
    handle: profile?.handle ?? null,
    hasPassword: passwordRows.length > 0,
    billing: status,
  };
}

/**
 * Checks the current password, stores the new one and signs out every other session (better-auth
 * issues this browser a new session cookie). Attempts are limited per user, so a stolen session
 * cannot be used to guess the password.
 */
export async function changePassword(
  deps: Pick<AppDeps, "auth" | "db">,
  userId: string,
  input: ChangePasswordInput,
  headers: Headers,
): Promise<string[]> {
  await consumeRateLimits(
    deps.db,
    [{ key: `change-password:${userId}`, limit: 10, windowSeconds: 15 * 60 }],
    (wait) => `Too many password attempts. Please wait ${wait} and try again.`,
  );
  const [credential] = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential) throw new AppError("BAD_REQUEST", accountNotices.noPassword);
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw new AppError("BAD_REQUEST", accountNotices.wrongCurrentPassword, {
        currentPassword: accountNotices.wrongCurrentPassword,
      });
    }
    throw error;
  } finally {
    sessionCacheOf(deps.auth).deleteUser(userId);
  }
}

/** Expired cookies for the session: the browser forgets it whatever happened to the row. */
export async function expiredSessionCookies(deps: Pick<AppDeps, "auth" | "config">): Promise<string[]> {
  const context = await deps.auth.$context;
  const secure = deps.config.publicUrl.startsWith("https://") ? "; Secure" : "";
  return [context.authCookies.sessionToken.name, context.authCookies.sessionData.name].map(
    (name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Deletes every session of the user, this one included. */
export async function signOutEverywhere(deps: Pick<AppDeps, "auth" | "db">, userId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
  sessionCacheOf(deps.auth).deleteUser(userId);
}

/**
 * Everything stored about the user, as JSON: one query per table, each by the user's id (all are
 * indexed by it). Catalog rows (episodes, podcasts) are referenced by id, not copied.
 */
export async function exportUserData(deps: Pick<AppDeps, "db">, userId: string) {
  const { db } = deps;
  const [
    [user],
    [profile],
    roles,
    subscription,
    answers,
    attempts,
    cards,
    bookmarks,
    lists,
    listEpisodes,
    history,
    queue,
    followedPodcasts,
    reflections,
    chats,
    xp,
    achievements,
    follows,
    sentInvites,
    leagueRows,
    weeklyScores,
  ] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId)),
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db
      .select({ role: userRoles.role, createdAt: userRoles.createdAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId)),
    db
      .select({
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    db.select().from(userAnswers).where(eq(userAnswers.userId, userId)).orderBy(asc(userAnswers.answeredAt)),
    db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId)),
    db.select().from(spacedCards).where(eq(spacedCards.userId, userId)),
    db.select().from(userBookmarks).where(eq(userBookmarks.userId, userId)),
    db.select().from(userLists).where(eq(userLists.userId, userId)),
    db
      .select({ listId: userListEpisodes.listId, episodeId: userListEpisodes.episodeId })
      .from(userListEpisodes)
      .innerJoin(userLists, eq(userLists.id, userListEpisodes.listId))
      .where(eq(userLists.userId, userId)),
    db.select().from(playHistory).where(eq(playHistory.userId, userId)),
    db.select().from(playerQueueItems).where(eq(playerQueueItems.userId, userId)),
    db.select().from(podcastSubscriptions).where(eq(podcastSubscriptions.userId, userId)),
    db.select().from(postReflections).where(eq(postReflections.userId, userId)),
    db.select().from(episodeChats).where(eq(episodeChats.userId, userId)),
    db.select().from(xpEvents).where(eq(xpEvents.userId, userId)),
    db.select().from(userAchievements).where(eq(userAchievements.userId, userId)),
    db
      .select()
      .from(userFollows)
      .where(or(eq(userFollows.followerId, userId), eq(userFollows.followingId, userId))),
    db.select().from(invites).where(eq(invites.inviterUserId, userId)),
    db.select().from(leagueMembers).where(eq(leagueMembers.userId, userId)),
    db.select().from(leaderboardEntries).where(eq(leaderboardEntries.userId, userId)),
  ]);
  if (!user) throw notFound("This account no longer exists.");
  return {
    exportedAt: new Date().toISOString(),
    user,
    profile: profile ?? null,
    roles,
    subscription: subscription[0] ?? null,
    answers,
    quizAttempts: attempts,
    reviewCards: cards,
    bookmarks,
    lists: lists.map((list) => ({
      ...list,
      episodeIds: listEpisodes.filter((row) => row.listId === list.id).map((row) => row.episodeId),
    })),
    playHistory: history,
    playerQueue: queue,
    followedPodcasts,
    reflections,
    askHistory: chats,
    xpEvents: xp,
    achievements,
    friendships: follows,
    invites: sentInvites,
    leagues: leagueRows,
    weeklyScores,
  };
}

/**
 * Deletes the account. The Stripe subscription is cancelled first: if that fails nothing is
 * deleted. Then, in one transaction, leagues the user owns pass to their longest-standing member
 * (or go when empty) and the user row is deleted, which removes every personal row by foreign key
 * (profile, answers, cards, lists, bookmarks, history, reflections, chats, friendships, invites,
 * sessions, billing rows); anonymous analytics and contact messages keep no link to the user.
 * Avatar files go after the commit (a failure there is logged, the account is gone either way).
 */
export async function deleteAccount(
  billing: BillingDeps & Pick<AppDeps, "auth">,
  storage: AvatarStorage,
  userId: string,
): Promise<void> {
  await cancelSubscriptionsForDeletion(billing, userId);
  await billing.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: leagues.id })
      .from(leagues)
      .where(eq(leagues.ownerUserId, userId))
      .for("update");
    if (owned.length) {
      const ids = owned.map((row) => row.id);
      await tx
        .delete(leagueMembers)
        .where(and(eq(leagueMembers.userId, userId), inArray(leagueMembers.leagueId, ids)));
      // The longest-standing remaining member of each league becomes its owner.
      await tx.execute(sql`
        with next_owner as (
          select distinct on (league_id) league_id, user_id
          from league_members
          where league_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          order by league_id, joined_at, user_id
        ),
        promoted as (
          update league_members m set role = 'owner'
          from next_owner n where m.league_id = n.league_id and m.user_id = n.user_id
        )
        update leagues l set owner_user_id = n.user_id from next_owner n where l.id = n.league_id`);
      await tx.delete(leagues).where(and(inArray(leagues.id, ids), eq(leagues.ownerUserId, userId)));
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
  sessionCacheOf(billing.auth).deleteUser(userId);
  try {
    const keys = await storage.list(`${userId}/`);
    if (keys.length) await storage.remove(keys);
  } catch (error) {
    billing.logger.warn({ err: error, userId }, "could not remove a deleted account's avatar files");
  }
}
