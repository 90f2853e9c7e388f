import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, real, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { episodes } from "./catalog.ts";
import { ownerUserId } from "./columns.ts";

/**
 * The signed-in listener's queue ("Up next"), so it follows them across devices. The whole list is
 * replaced at once (PUT /api/v1/me/queue); `position` is 0-based and dense after each write. The
 * same episode may appear twice, as in the player.
 */
export const playerQueueItems = pgTable(
  "player_queue_items",
  {
    userId: ownerUserId(),
    position: integer("position").notNull(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
  },
  (t) => [
    // Also "the user's queue in order" and the replace-all delete.
    primaryKey({ name: "player_queue_items_pk", columns: [t.userId, t.position] }),
    // QUEUE_MAX (src/domain/player.ts) is 200.
    check("player_queue_items_position_check", sql`${t.position} >= 0 and ${t.position} < 200`),
    index("player_queue_items_episode_id_idx").on(t.episodeId),
  ],
);

/** Per-user player settings: playback speed and the queue index (-1 when no queue item is current). */
export const playerSettings = pgTable(
  "player_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    playbackRate: real("playback_rate").notNull().default(1),
    queueIndex: integer("queue_index").notNull().default(-1),
  },
  (t) => [
    check("player_settings_playback_rate_check", sql`${t.playbackRate} between 0.5 and 3`),
    check("player_settings_queue_index_check", sql`${t.queueIndex} >= -1 and ${t.queueIndex} < 200`),
  ],
);

export const playerQueueItemsRelations = relations(playerQueueItems, ({ one }) => ({
  episode: one(episodes, { fields: [playerQueueItems.episodeId], references: [episodes.id] }),
}));
