import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminPost, AdminPostPage } from "../../../domain/contract/feed.ts";
import { estimateReadMinutes, type PostValues, slugify } from "../../../domain/feed.ts";
import { feedNotices } from "../../../domain/feed-constants.ts";
import type { AppDeps } from "../../context.ts";
import type { Database, Tx } from "../../db/client.ts";
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from "../../db/errors.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { postEpisodes, posts, postTopics, topics } from "../../db/schema/feed.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { loadPostTopics } from "./posts.ts";

/**
 * Writing Deep Dives (admins only; the routes check the role). Rules:
 * - a post, its topics and its sources are written in one transaction, so a failed save changes nothing;
 * - a blank slug is generated from the title and made unique with a numeric suffix; a slug given by
 *   the author that another post uses is a 409, never a silent rename;
 * - published_at null is a draft, in the future a scheduled post (it appears at that time on its own);
 * - topics are named by title and created when new (their slug from the title).
 */

type Deps = Pick<AppDeps, "db">;

export const ADMIN_POSTS_PAGE = 50;

const postNotFound = () => notFound(feedNotices.postNotFound);

function statusOf(publishedAt: Date | null, now = new Date()): AdminPost["status"] {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

/** The first free slug among base, base-2, base-3, … (one query over the posts_slug_key index). */
async function findFreeSlug(tx: Tx, base: string, exceptPostId: string | null): Promise<string> {
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      sql`(${posts.slug} = ${base} or ${posts.slug} like ${`${base}-%`})
          ${exceptPostId ? sql`and ${posts.id} <> ${exceptPostId}` : sql``}`,
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function writeTopicsAndSources(tx: Tx, postId: string, values: PostValues) {
  await tx.delete(postTopics).where(eq(postTopics.postId, postId));
  await tx.delete(postEpisodes).where(eq(postEpisodes.postId, postId));
  const bySlug = new Map<string, string>();
  for (const title of values.topics) bySlug.set(slugify(title), title);
  if (bySlug.size) {
    await tx
      .insert(topics)
      .values([...bySlug].map(([slug, title]) => ({ slug, title })))
      .onConflictDoNothing({ target: topics.slug });
    const rows = await tx
      .select({ id: topics.id })
      .from(topics)
      .where(inArray(topics.slug, [...bySlug.keys()]));
    await tx.insert(postTopics).values(rows.map((row) => ({ postId, topicId: row.id })));
  }
  if (values.sources.length) {
    await tx.insert(postEpisodes).values(
      values.sources.map((source, position) => ({
        postId,
        episodeId: source.episodeId,
        startTs: source.startTs ?? null,
        endTs: source.endTs ?? null,
        quote: source.quote,
        position,
      })),
    );
  }
}

function toColumns(values: PostValues) {
  return {
    type: values.type,
    title: values.title,
    dek: values.dek,
    heroImage: values.heroImage,
    author: values.author,
    readTimeMinutes: values.readTimeMinutes ?? estimateReadMinutes(values.blocks, values.dek),
    publishedAt: values.publishedAt ? new Date(values.publishedAt) : null,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    blocks: values.blocks,
  };
}

/** Database refusals as answers: a taken slug is 409, a source episode that is gone is 400. */
function translateWriteError(error: unknown): never {
  const state = sqlState(error);
  if (state === UNIQUE_VIOLATION)
    throw new AppError("CONFLICT", feedNotices.slugTaken, { slug: feedNotices.slugTaken });
  if (state === FOREIGN_KEY_VIOLATION)
    throw new AppError("VALIDATION", "A source episode no longer exists. Choose another.", {
      sources: "A source episode no longer exists. Choose another.",
    });
  throw error;
}

export async function createPost(deps: Deps, values: PostValues): Promise<AdminPost> {
  try {
    const id = await deps.db.transaction(async (tx) => {
      const slug = values.slug ?? (await findFreeSlug(tx, slugify(values.title), null));
      const [row] = await tx
        .insert(posts)
        .values({ ...toColumns(values), slug })
        .returning({ id: posts.id });
      if (!row) throw new Error("insert returned no row");
      await writeTopicsAndSources(tx, row.id, values);
      return row.id;
    });
    return await getAdminPost(deps, id);
  } catch (error) {
    translateWriteError(error);
  }
}

/** Replaces a post's fields, topics and sources. A blank slug keeps the current one. */
export async function updatePost(deps: Deps, postId: string, values: PostValues): Promise<AdminPost> {
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ slug: posts.slug })
        .from(posts)
        .where(eq(posts.id, postId))
        .for("update");
      if (!current) throw postNotFound();
      await tx
        .update(posts)
        .set({ ...toColumns(values), slug: values.slug ?? current.slug, updatedAt: new Date() })
        .where(eq(posts.id, postId));
      await writeTopicsAndSources(tx, postId, values);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    translateWriteError(error);
  }
  return getAdminPost(deps, postId);
}

export async function deletePost(deps: Deps, postId: string): Promise<void> {
  const deleted = await deps.db.delete(posts).where(eq(posts.id, postId)).returning({ id: posts.id });
  if (!deleted.length) throw postNotFound();
}

export async function getAdminPost(deps: Deps, postId: string, db: Database = deps.db): Promise<AdminPost> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId)).limit(1);
  if (!row) throw postNotFound();
  const [topicsByPost, sources] = await Promise.all([
    loadPostTopics(db, [postId]),
    db
      .select({
        episodeId: postEpisodes.episodeId,
        startTs: postEpisodes.startTs,
        endTs: postEpisodes.endTs,
        quote: postEpisodes.quote,
        episodeTitle: episodes.title,
      })
      .from(postEpisodes)
      .innerJoin(episodes, eq(episodes.id, postEpisodes.episodeId))
      .where(eq(postEpisodes.postId, postId))
      .orderBy(asc(postEpisodes.position), asc(postEpisodes.id)),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    dek: row.dek,
    heroImage: row.heroImage,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    status: statusOf(row.publishedAt),
    author: row.author,
    readTimeMinutes: row.readTimeMinutes,
    topics: topicsByPost.get(postId) ?? [],
    blocks: row.blocks,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    sources,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every post (drafts, scheduled, published), most recently edited first. */
export async function listAdminPosts(
  deps: Deps,
  input: { limit: number; cursor?: string | undefined },
): Promise<AdminPostPage> {
  const cursor = decodePageCursor(input.cursor);
  const rows = await deps.db
    .select()
    .from(posts)
    .where(
      cursor ? sql`(${posts.updatedAt}, ${posts.id}) < (${new Date(cursor.at)}, ${cursor.id})` : undefined,
    )
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const topicsByPost = await loadPostTopics(
    deps.db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: row.type,
      title: row.title,
      dek: row.dek,
      heroImage: row.heroImage,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      status: statusOf(row.publishedAt),
      author: row.author,
      readTimeMinutes: row.readTimeMinutes,
      topics: topicsByPost.get(row.id) ?? [],
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor:
      rows.length > input.limit && last
        ? encodePageCursor({ at: last.updatedAt.toISOString(), id: last.id })
        : null,
  };
}
