import type { Tx } from "../../db/client.ts";

/**
 * The one place the app learns that two users have just become friends — a friend request was
 * accepted (friends.ts) or an invite was (invites.ts). It runs inside the accepting transaction, after
 * both accepted rows exist, so whatever it writes commits or rolls back with the friendship.
 */
export async function onFriendshipAccepted(
  _tx: Tx,
  _friendship: { userId: string; friendUserId: string; via: "request" | "invite" },
): Promise<void> {
  // achievements: friends — award the "friends" metric (user_achievements) to both users here.
}
