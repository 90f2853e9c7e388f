import { relations, sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { PostBlock } from "../../../domain/feed.ts";
import type { PostType } from "../../../domain/post-types.ts";
import { profiles } from "./account.ts";
import { episodes } from "./catalog.ts";
import { createdAt, ownerUserId, primaryId, updatedAt } from "./columns.ts";

/** Deep Dives ("insights"). A post is visible once published_at is set and not in the future. */
export const posts = pgTable(
  "posts",
  {
    id: primaryId(),
    slug: text("slug").notNull().unique("posts_slug_key"),
    type: text("type").$type<PostType>().notNull(),
    title: text("title").notNull(),
    dek: text("dek"),
    heroImage: text("hero_image"),
    // Null = draft; a future value schedules the post.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    author: text("author"),
    readTimeMinutes: integer("read_time_minutes"),
    blocks: jsonb("blocks").$type<PostBlock[]>().notNull().default(sql`'[]'::jsonb`),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("posts_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("posts_type_check", sql`${t.type} in ('explainer', 'weekly', 'debate', 'tactical')`),
    check("posts_title_check", sql`char_length(btrim(${t.title})) > 0`),
    check("posts_read_time_check", sql`${t.readTimeMinutes} > 0`),
    check("posts_blocks_check", sql`jsonb_typeof(${t.blocks}) = 'array'`),
    // Home (latest 3) and /feed: published posts, newest first.
    index("posts_published_at_idx").on(t.publishedAt).where(sql`${t.publishedAt} is not null`),
    // /feed with a format filter.
    index("posts_type_published_at_idx").on(t.type, t.publishedAt).where(sql`${t.publishedAt} is not null`),
    // The authoring list: every post, most recently edited first.
    index("posts_updated_at_idx").on(t.updatedAt.desc(), t.id.desc()),
  ],
);

export const topics = pgTable(
  "topics",
  {
    id: primaryId(),
    slug: text("slug").notNull().unique("topics_slug_key"),
    title: text("title").notNull(),
  },
  (t) => [
    check("topics_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // Feed topic chips, ordered by title.
    index("topics_title_idx").on(t.title),
  ],
);

export const postTopics = pgTable(
  "post_topics",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.topicId] }), index("post_topics_topic_id_idx").on(t.topicId)],
);

/** A post's sources: an episode excerpt with its time range (seconds) and a quote. */
export const postEpisodes = pgTable(
  "post_episodes",
  {
    id: primaryId(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    startTs: integer("start_ts"),
    endTs: integer("end_ts"),
    quote: text("quote"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("post_episodes_start_check", sql`${t.startTs} >= 0`),
    check("post_episodes_range_check", sql`${t.endTs} >= ${t.startTs}`),
    // Post page: sources in order.
    index("post_episodes_post_position_idx").on(t.postId, t.position),
    index("post_episodes_episode_id_idx").on(t.episodeId),
  ],
);

export const postReflections = pgTable(
  "post_reflections",
  {
    id: primaryId(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // 'Reflection must be between 10 and 500 characters'; whitespace padding does not count.
    check(
      "post_reflections_content_check",
      sql`char_length(${t.content}) <= 500 and char_length(btrim(${t.content})) >= 10`,
    ),
    // Post page: reflections newest first.
    index("post_reflections_post_created_idx").on(t.postId, t.createdAt),
    index("post_reflections_user_id_idx").on(t.userId),
  ],
);

export const postsRelations = relations(posts, ({ many }) => ({
  postTopics: many(postTopics),
  postEpisodes: many(postEpisodes),
  reflections: many(postReflections),
}));

export const topicsRelations = relations(topics, ({ many }) => ({
  postTopics: many(postTopics),
}));

export const postTopicsRelations = relations(postTopics, ({ one }) => ({
  post: one(posts, { fields: [postTopics.postId], references: [posts.id] }),
  topic: one(topics, { fields: [postTopics.topicId], references: [topics.id] }),
}));

export const postEpisodesRelations = relations(postEpisodes, ({ one }) => ({
  post: one(posts, { fields: [postEpisodes.postId], references: [posts.id] }),
  episode: one(episodes, { fields: [postEpisodes.episodeId], references: [episodes.id] }),
}));

export const postReflectionsRelations = relations(postReflections, ({ one }) => ({
  post: one(posts, { fields: [postReflections.postId], references: [posts.id] }),
  author: one(profiles, { fields: [postReflections.userId], references: [profiles.userId] }),
}));
