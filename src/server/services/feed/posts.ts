import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type {
  PostEpisode,
  PostPage,
  PostSummary,
  PostView,
  Topic,
  TopicList,
} from "../../../domain/contract/feed.ts";
import { gatePostBlocks, type PostBlock } from "../../../domain/feed.ts";
import { feedNotices } from "../../../domain/feed-constants.ts";
import type { PostType } from "../../../domain/post-types.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { userRoles } from "../../db/schema/account.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { postEpisodes, posts, postTopics, topics } from "../../db/schema/feed.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * Deep Dives for readers (spec 3 §2, §6, §7; spec 1 §1). Rules:
 * - a post is visible only when published_at is set and at or before now — in the feed, by slug,
 *   on the home page (catalog/discovery.ts), in the RSS feed and for reflections — so a scheduled
 *   post appears at its time without anyone acting;
 * - the feed's format and topic filters are applied in SQL, a keyset page at a time;
 * - the premium gate is applied here, before anything leaves the server (gatePostBlocks).
 */

type Deps = Pick<AppDeps, "db">;

/** The SQL condition for "published and not in the future" (posts_published_at_idx). */
export const isVisiblePost = sql`${posts.publishedAt} is not null and ${posts.publishedAt} <= now()`;

const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  type: posts.type,
  title: posts.title,
  dek: posts.dek,
  heroImage: posts.heroImage,
  publishedAt: posts.publishedAt,
  author: posts.author,
  readTimeMinutes: posts.readTimeMinutes,
};

type SummaryRow = {
  id: string;
  slug: string;
  type: PostType;
  title: string;
  dek: string | null;
  heroImage: string | null;
  publishedAt: Date | null;
  author: string | null;
  readTimeMinutes: number | null;
};

const toSummary = (row: SummaryRow, postTopicList: Topic[]): PostSummary => ({
  id: row.id,
  slug: row.slug,
  type: row.type,
  title: row.title,
  dek: row.dek,
  heroImage: row.heroImage,
  publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
  author: row.author,
  readTimeMinutes: row.readTimeMinutes,
  topics: postTopicList,
});

/** The topics of several posts in one query, by title. */
export async function loadPostTopics(db: Database, postIds: string[]): Promise<Map<string, Topic[]>> {
  const byPost = new Map<string, Topic[]>();
  if (!postIds.length) return byPost;
  const rows = await db
    .select({ postId: postTopics.postId, id: topics.id, slug: topics.slug, title: topics.title })
    .from(postTopics)
    .innerJoin(topics, eq(topics.id, postTopics.topicId))
    .where(inArray(postTopics.postId, postIds))
    .orderBy(asc(topics.title));
  for (const { postId, ...topic } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), topic]);
  return byPost;
}

/** Topics by title, for the feed's chips: only those with at least one visible post. */
export async function listTopics(deps: Deps): Promise<TopicList> {
  const items = await deps.db
    .select({ id: topics.id, slug: topics.slug, title: topics.title })
    .from(topics)
    .where(
      sql`exists (select 1 from ${postTopics} pt join ${posts} on ${posts.id} = pt.post_id
                  where pt.topic_id = ${topics.id} and ${isVisiblePost})`,
    )
    .orderBy(asc(topics.title))
    .limit(200);
  return { items };
}

/** Published posts, newest first, filtered by format and topic (slug) in SQL, a keyset page at a time. */
export async function listPosts(
  deps: Deps,
  input: {
    type?: PostType | undefined;
    topic?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<PostPage> {
  const cursor = decodePageCursor(input.cursor);
  const after = cursor
    ? or(
        sql`${posts.publishedAt} < ${new Date(cursor.at)}`,
        and(sql`${posts.publishedAt} = ${new Date(cursor.at)}`, sql`${posts.id} < ${cursor.id}`),
      )
    : undefined;
  const rows = await deps.db
    .select(summaryColumns)
    .from(posts)
    .where(
      and(
        isVisiblePost,
        input.type ? eq(posts.type, input.type) : undefined,
        input.topic
          ? sql`exists (select 1 from ${postTopics} pt join ${topics} t on t.id = pt.topic_id
                        where pt.post_id = ${posts.id} and t.slug = ${input.topic})`
          : undefined,
        after,
      ),
    )
    .orderBy(sql`${posts.publishedAt} desc`, sql`${posts.id} desc`)
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const topicsByPost = await loadPostTopics(
    deps.db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toSummary(row, topicsByPost.get(row.id) ?? [])),
    nextCursor:
      rows.length > input.limit && last?.publishedAt
        ? encodePageCursor({ at: last.publishedAt.toISOString(), id: last.id })
        : null,
  };
}

/** Whether the viewer reads everything: the premium role, or an admin (who authors the posts). */
export async function canReadPremium(db: Database, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ["premium", "admin"])))
    .limit(1);
  return rows.length > 0;
}

/** The visible post with this slug, or null. */
export async function findVisiblePost(db: Database, slug: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      blocks: posts.blocks,
      metaTitle: posts.metaTitle,
      metaDescription: posts.metaDescription,
    })
    .from(posts)
    .where(and(eq(posts.slug, slug), isVisiblePost))
    .limit(1);
  return row ?? null;
}

/** Episodes by id with their podcast, in one query. */
export async function loadPostEpisodes(db: Database, ids: string[]): Promise<PostEpisode[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: episodes.id,
      title: episodes.title,
      imageUrl: episodes.imageUrl,
      audioUrl: episodes.audioUrl,
      duration: episodes.duration,
      podcastId: podcasts.id,
      podcastName: podcasts.name,
      coverUrl: podcasts.coverUrl,
    })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(inArray(episodes.id, ids));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl ?? row.coverUrl ?? null,
    audioUrl: row.audioUrl,
    duration: row.duration,
    podcast: { id: row.podcastId, name: row.podcastName },
  }));
}

/**
 * A visible post for this viewer: without the premium role (or admin), the blocks stop at the
 * premium gate, whose content is the teaser. Unknown, draft and scheduled posts are the same 404.
 */
export async function getPostBySlug(deps: Deps, slug: string, viewerId: string | null): Promise<PostView> {
  const [row, isPremiumReader] = await Promise.all([
    findVisiblePost(deps.db, slug),
    canReadPremium(deps.db, viewerId),
  ]);
  if (!row) throw notFound(feedNotices.postNotFound);
  const { blocks, isGated } = gatePostBlocks(row.blocks as PostBlock[], isPremiumReader);
  const [topicsByPost, sources] = await Promise.all([
    loadPostTopics(deps.db, [row.id]),
    deps.db
      .select({
        episodeId: postEpisodes.episodeId,
        startTs: postEpisodes.startTs,
        endTs: postEpisodes.endTs,
        quote: postEpisodes.quote,
      })
      .from(postEpisodes)
      .where(eq(postEpisodes.postId, row.id))
      .orderBy(asc(postEpisodes.position), asc(postEpisodes.id)),
  ]);
  const episodeIds = new Set(sources.map((source) => source.episodeId));
  for (const block of blocks) if (block.type === "quote" && block.episodeId) episodeIds.add(block.episodeId);
  const postEpisodeList = await loadPostEpisodes(deps.db, [...episodeIds]);
  return {
    ...toSummary(row, topicsByPost.get(row.id) ?? []),
    blocks,
    isGated,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    sources,
    episodes: postEpisodeList,
  };
}
