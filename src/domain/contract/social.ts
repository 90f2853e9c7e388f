import { z } from "zod";

/**
 * Response bodies of the social area (src/server/routes/social.ts, spec 3 §2 Friends and Invite
 * acceptance; decision 020): friends, friend requests, the player search and invite links.
 */

const dateTime = () => z.string().meta({ format: "date-time" });

/** Another user as the friends screens show them: only what their public profile header shows. */
export const socialUserSchema = z
  .object({
    userId: z.uuid(),
    name: z.string().nullable().meta({ description: "The display name; the web shows 'User' when null" }),
    handle: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    level: z.int(),
    xp: z.int(),
  })
  .meta({ id: "SocialUser" });
export type SocialUser = z.infer<typeof socialUserSchema>;

export const friendRelations = ["none", "requested", "incoming", "friends"] as const;
export type FriendRelation = (typeof friendRelations)[number];

export const friendSearchSchema = z
  .object({
    items: z.array(
      z.object({
        user: socialUserSchema,
        relation: z.enum(friendRelations).meta({
          description:
            "none; requested: you sent a pending request; incoming: they sent you one; friends: accepted",
        }),
      }),
    ),
  })
  .meta({ id: "FriendSearch", description: "Up to 10 users whose name or handle contains the text" });
export type FriendSearch = z.infer<typeof friendSearchSchema>;

export const friendsSchema = z
  .object({
    count: z.int().meta({ description: "All accepted friends" }),
    items: z.array(z.object({ user: socialUserSchema, since: dateTime() })),
  })
  .meta({ id: "Friends", description: "Accepted friends, newest first (at most 100)" });
export type Friends = z.infer<typeof friendsSchema>;

const requestItemSchema = z.object({ user: socialUserSchema, requestedAt: dateTime() });

export const friendRequestsSchema = z
  .object({
    incomingCount: z.int().meta({ description: "All pending requests to you" }),
    incoming: z.array(requestItemSchema),
    outgoing: z.array(requestItemSchema),
  })
  .meta({
    id: "FriendRequests",
    description: "Pending requests to you and from you, newest first (50 each)",
  });
export type FriendRequests = z.infer<typeof friendRequestsSchema>;

export const followStatusSchema = z
  .object({
    userId: z.uuid(),
    status: z.enum(["pending", "accepted"]).meta({
      description: "pending: a request was sent; accepted: you are now friends",
    }),
  })
  .meta({ id: "FollowStatus" });
export type FollowStatusBody = z.infer<typeof followStatusSchema>;

export const createdInviteSchema = z
  .object({
    token: z.string().meta({ description: "48 hex characters; the link is /invite/{token}" }),
    path: z.string().meta({ description: "/invite/{token}" }),
    expiresAt: dateTime(),
  })
  .meta({ id: "CreatedInvite" });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

export const invitePreviewSchema = z
  .object({
    inviter: z.object({
      userId: z.uuid(),
      name: z.string().nullable(),
      avatarUrl: z
        .string()
        .meta({ description: "The inviter's picture, or a placeholder with initials from this server" }),
    }),
    expiresAt: dateTime(),
  })
  .meta({ id: "InvitePreview", description: "An invite that can still be accepted" });
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const acceptedInviteSchema = z
  .object({ inviterUserId: z.uuid(), acceptedAt: dateTime() })
  .meta({ id: "AcceptedInvite", description: "You and the inviter are now friends" });
export type AcceptedInvite = z.infer<typeof acceptedInviteSchema>;
