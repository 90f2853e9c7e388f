/**
 * The rules of friends and invites (spec 3 §2, §4, §5, §8, §9; decision 020), shared by the server and
 * the /friends and /invite screens: limits, the exact messages, and the placeholder avatar's initials.
 */

/** Spec 3 §9: the player search shows 10 results. */
export const FRIEND_SEARCH_LIMIT = 10;
/** Longer search text is refused (400); a name is at most 100 characters. */
export const FRIEND_SEARCH_MAX_LENGTH = 100;
/** The Friends tab lists this many; the count covers all of them. */
export const FRIENDS_LIST_LIMIT = 100;
/** Each direction of the Requests tab lists this many; the incoming count covers all of them. */
export const FRIEND_REQUESTS_LIMIT = 50;
/** Open (sent, unexpired) invite links a user may hold at once. */
export const OPEN_INVITES_LIMIT = 20;
/** Spec 3 §9: after acceptance the invite page goes to /friends after 1 second. */
export const INVITE_REDIRECT_DELAY_MS = 1000;
/** Spec 3 §9: 24 random bytes in hex. */
export const INVITE_TOKEN_PATTERN = /^[0-9a-f]{48}$/;

export const socialNotices = {
  alreadyPending: "Friend request already pending",
  alreadyFriends: "You're already friends with this user",
  noRequests: "No pending requests right now",
  noSearchResults: "No users found matching your search",
  noFriends: "No friends yet",
  selfRequest: "You can't send a friend request to yourself.",
  userNotFound: "User not found",
  requestNotFound: "Friend request not found",
  notFriends: "You are not friends with this user and have no pending request to them.",
  inviteInvalid: "Invalid or expired invite",
  inviteInvalidHint: "Ask your friend to send a new link.",
  inviteNotFound: "Invite not found",
  inviteLoadFailed: "Failed to load invite",
  inviteAcceptFailed: "Could not accept invite",
  ownInvite: "This is your own invite link. Share it with a friend — they accept it, not you.",
  tooManyInvites: `You already have ${OPEN_INVITES_LIMIT} open invite links. Wait until friends accept them or they expire (after 30 days) before creating more.`,
} as const;

/** One or two capital letters for a placeholder avatar: the first letters of the first two words. */
export function initialsFor(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
  return letters || "?";
}
