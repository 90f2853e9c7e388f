import { z } from "zod";
import { postBlockSchema } from "../feed.ts";
import { postTypes } from "../post-types.ts";
import { orNull } from "./or-null.ts";

/** The Deep Dives API (spec 3 §2, §3, §6, §7 posts / post by slug / post_reflections). */

const dateTime = () => z.string().meta({ format: "date-time" });

export const topicSchema = z
  .object({ id: z.uuid(), slug: z.string(), title: z.string() })
  .meta({ id: "Topic" });
export type Topic = z.infer<typeof topicSchema>;

export const topicListSchema = z.object({ items: z.array(topicSchema) }).meta({ id: "TopicList" });
export type TopicList = z.infer<typeof topicListSchema>;

export const postTypeSchema = z.enum(postTypes);

export const postSummarySchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    type: postTypeSchema,
    title: z.string(),
    dek: z.string().nullable(),
    heroImage: z.string().nullable(),
    publishedAt: dateTime(),
    author: z.string().nullable(),
    readTimeMinutes: z.int().nullable(),
    topics: z.array(topicSchema).meta({ description: "By title" }),
  })
  .meta({ id: "PostSummary" });
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postPageSchema = z
  .object({
    items: z.array(postSummarySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null at the end" }),
  })
  .meta({ id: "PostPage" });
export type PostPage = z.infer<typeof postPageSchema>;

/** An episode a post cites, with what the player needs to play it. */
export const postEpisodeSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    audioUrl: z.string().nullable(),
    duration: z.int().nullable(),
    podcast: z.object({ id: z.uuid(), name: z.string() }),
  })
  .meta({ id: "PostEpisode" });
export type PostEpisode = z.infer<typeof postEpisodeSchema>;

export const postSourceViewSchema = z.object({
  episodeId: z.uuid(),
  startTs: z.int().nullable(),
  endTs: z.int().nullable(),
  quote: z.string().nullable(),
});
export type PostSourceView = z.infer<typeof postSourceViewSchema>;

export const postViewSchema = postSummarySchema
  .extend({
    blocks: z.array(postBlockSchema).meta({
      description:
        "For a reader without the premium role: the blocks up to and including the first premium-gate block (its content is the teaser), never those after it. Premium readers and admins get every block and no gate.",
    }),
    isGated: z.boolean().meta({ description: "True when blocks after a premium gate were withheld" }),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    sources: z.array(postSourceViewSchema),
    episodes: z
      .array(postEpisodeSchema)
      .meta({ description: "The episodes of the sources and of the quote blocks returned" }),
  })
  .meta({ id: "PostView" });
export type PostView = z.infer<typeof postViewSchema>;

export const reflectionSchema = z
  .object({
    id: z.uuid(),
    content: z.string().meta({ description: "Plain text; render it as text, never as HTML" }),
    createdAt: dateTime(),
    author: z.object({
      userId: z.uuid(),
      name: z.string().nullable(),
      handle: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
    canDelete: z.boolean().meta({ description: "The viewer wrote it or is an admin" }),
  })
  .meta({ id: "Reflection" });
export type Reflection = z.infer<typeof reflectionSchema>;

export const reflectionPageSchema = z
  .object({ items: z.array(reflectionSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ReflectionPage" });
export type ReflectionPage = z.infer<typeof reflectionPageSchema>;

/** The authoring view: any post, draft or scheduled, with its topics and sources as stored. */
export const adminPostSchema = postSummarySchema
  .extend({
    publishedAt: orNull(dateTime()),
    status: z.enum(["draft", "scheduled", "published"]),
    blocks: z.array(postBlockSchema),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    sources: z.array(postSourceViewSchema.extend({ episodeTitle: z.string() })),
    updatedAt: dateTime(),
  })
  .meta({ id: "AdminPost" });
export type AdminPost = z.infer<typeof adminPostSchema>;

export const adminPostPageSchema = z
  .object({
    items: z.array(adminPostSchema.omit({ blocks: true, sources: true })),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "AdminPostPage" });
export type AdminPostPage = z.infer<typeof adminPostPageSchema>;
