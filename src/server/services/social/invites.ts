import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AcceptedInvite, CreatedInvite, InvitePreview } from "../../../domain/contract/social.ts";
import {
  INVITE_TOKEN_PATTERN,
  initialsFor,
  OPEN_INVITES_LIMIT,
  socialNotices,
} from "../../../domain/social.ts";
import type { AppDeps } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { onFriendshipAccepted } from "./friendship-hooks.ts";
import { insertFriendship, lockPair } from "./shared.ts";

/**
 * Invite links (spec 3 §2 Invite acceptance, §4, §7; decision 020). A link is /invite/{token} with 24
 * random bytes in hex; it can be accepted once, by anyone but its creator, until it expires (the
 * schema's default: 30 days after creation). Accepting makes the two users friends in the same
 * transaction that marks the invite accepted.
 */

type Deps = Pick<AppDeps, "db">;

const toIso = (value: Date | string) => new Date(value).toISOString();
const invalidInvite = () => notFound(socialNotices.inviteInvalid);
export const placeholderAvatarPath = (token: string) => `/api/v1/invites/${token}/avatar`;

/** A new link; at most OPEN_INVITES_LIMIT sent, unexpired links per user (409 beyond). */
export async function createInvite(deps: Deps, userId: string): Promise<CreatedInvite> {
  return deps.db.transaction(async (tx) => {
    // The profile row lock serialises one user's concurrent creations, so the count below holds.
    await tx.execute(sql`select 1 from profiles where user_id = ${userId} for update`);
    // invites_inviter_user_id_idx serves the count.
    const open = await tx.execute<{ count: number }>(sql`
      select count(*)::int as count from invites
      where inviter_user_id = ${userId} and state = 'sent' and expires_at > now()`);
    if (Number(open.rows[0]?.count ?? 0) >= OPEN_INVITES_LIMIT)
      throw new AppError("CONFLICT", socialNotices.tooManyInvites);
    const token = randomBytes(24).toString("hex");
    const result = await tx.execute<{ expires_at: Date | string }>(sql`
      insert into invites (inviter_user_id, token) values (${userId}, ${token}) returning expires_at`);
    return { token, path: `/invite/${token}`, expiresAt: toIso(result.rows[0]?.expires_at ?? "") };
  });
}

type OpenInviteRow = {
  inviter_user_id: string;
  name: string | null;
  avatar_url: string | null;
  expires_at: Date | string;
};

/** A sent, unexpired invite with its inviter's profile, or null. */
async function findOpenInvite(deps: Deps, token: string): Promise<OpenInviteRow | null> {
  if (!INVITE_TOKEN_PATTERN.test(token)) return null;
  const result = await deps.db.execute<OpenInviteRow>(sql`
    select i.inviter_user_id, p.name, p.avatar_url, i.expires_at
    from invites i join profiles p on p.user_id = i.inviter_user_id
    where i.token = ${token} and i.state = 'sent' and i.expires_at > now()`);
  return result.rows[0] ?? null;
}

/** Public: who invited you. Used, expired and unknown tokens are all the same 404. */
export async function getInvitePreview(deps: Deps, token: string): Promise<InvitePreview> {
  const invite = await findOpenInvite(deps, token);
  if (!invite) throw invalidInvite();
  return {
    inviter: {
      userId: invite.inviter_user_id,
      name: invite.name,
      avatarUrl: invite.avatar_url || placeholderAvatarPath(token),
    },
    expiresAt: toIso(invite.expires_at),
  };
}

/** The placeholder picture of an open invite's inviter: their initials on a colour of their own. */
export async function getInviteAvatarSvg(deps: Deps, token: string): Promise<string> {
  const invite = await findOpenInvite(deps, token);
  if (!invite) throw invalidInvite();
  return placeholderAvatarSvg(invite.name, invite.inviter_user_id);
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 96×96 SVG with up to two initials; the hue comes from the user id, so it stays the same. */
export function placeholderAvatarSvg(name: string | null, userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials = escapeXml(initialsFor(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 55% 38%)"/><text x="48" y="50" fill="#fff" font-family="system-ui, sans-serif" font-size="38" font-weight="600" text-anchor="middle" dominant-baseline="central">${initials}</text></svg>`;
}

/**
 * Accepts an invite: marks it accepted by the viewer and makes both users friends (pending rows
 * between them become accepted), all in one transaction. Accepting again by the same user answers
 * the same; anyone else finds a used link invalid. The creator cannot accept their own link.
 */
export async function acceptInvite(deps: Deps, viewerId: string, token: string): Promise<AcceptedInvite> {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw invalidInvite();
  return deps.db.transaction(async (tx) => {
    const found = await tx.execute<{
      id: string;
      inviter_user_id: string;
      state: string;
      accepted_at: Date | string | null;
      accepted_user_id: string | null;
      is_expired: boolean;
    }>(sql`
      select id, inviter_user_id, state, accepted_at, accepted_user_id, expires_at <= now() as is_expired
      from invites where token = ${token} for update`);
    const invite = found.rows[0];
    if (!invite) throw invalidInvite();
    if (invite.state === "accepted") {
      if (invite.accepted_user_id === viewerId && invite.accepted_at)
        return { inviterUserId: invite.inviter_user_id, acceptedAt: toIso(invite.accepted_at) };
      throw invalidInvite();
    }
    if (invite.is_expired) throw invalidInvite();
    if (invite.inviter_user_id === viewerId) throw new AppError("CONFLICT", socialNotices.ownInvite);

    const accepted = await tx.execute<{ accepted_at: Date | string }>(sql`
      update invites set state = 'accepted', accepted_at = now(), accepted_user_id = ${viewerId}
      where id = ${invite.id} returning accepted_at`);
    await lockPair(tx, viewerId, invite.inviter_user_id);
    await insertFriendship(tx, viewerId, invite.inviter_user_id);
    await onFriendshipAccepted(tx, {
      userId: viewerId,
      friendUserId: invite.inviter_user_id,
      via: "invite",
    });
    return {
      inviterUserId: invite.inviter_user_id,
      acceptedAt: toIso(accepted.rows[0]?.accepted_at ?? new Date()),
    };
  });
}
