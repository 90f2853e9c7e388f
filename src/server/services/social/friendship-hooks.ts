import type { Tx } from "../../db/client.ts";
import { recordAchievementProgress } from "../achievements/achievements.ts";

/**
 * The one place the app learns that two users have just become friends — a friend request was
 * accepted (friends.ts) or an invite was (invites.ts). It runs inside the accepting transaction, after
 * both accepted rows exist, so whatever it writes commits or rolls back with the friendship. Both
 * users' "friends" achievements move on; their per-user locks are taken in user-id order, so two
 * friendships being made at once can never wait on each other in a circle.
 */
export async function onFriendshipAccepted(
  tx: Tx,
  friendship: { userId: string; friendUserId: string; via: "request" | "invite" },
): Promise<void> {
  const [first, second] = [friendship.userId, friendship.friendUserId].sort();
  for (const userId of [first, second]) if (userId) await recordAchievementProgress(tx, userId, ["friends"]);
}
