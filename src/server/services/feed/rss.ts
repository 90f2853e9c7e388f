import { and, eq, sql } from "drizzle-orm";
import { RSS_ITEM_LIMIT } from "../../../domain/feed-constants.ts";
import type { AppDeps } from "../../context.ts";
import { posts } from "../../db/schema/feed.ts";
import { toAbsoluteUrl } from "../../ingest/stored-url.ts";
import type { PageHead } from "../../static.ts";
import { isVisiblePost } from "./posts.ts";

type Deps = Pick<AppDeps, "db" | "config">;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char] ?? char,
  );

/** XML 1.0 refuses most control characters even escaped; a title could hold one. */
const stripControl = (text: string) =>
  [...text]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (
        code === 0x09 ||
        code === 0x0a ||
        code === 0x0d ||
        (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
      );
    })
    .join("");

const xmlText = (text: string) => escapeXml(stripControl(text));

/** /feed.xml: RSS 2.0 of the newest published posts (never drafts or scheduled ones). */
export async function renderPostsRss(deps: Deps): Promise<string> {
  const rows = await deps.db
    .select({
      slug: posts.slug,
      title: posts.title,
      dek: posts.dek,
      author: posts.author,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(isVisiblePost)
    .orderBy(sql`${posts.publishedAt} desc`, sql`${posts.id} desc`)
    .limit(RSS_ITEM_LIMIT);
  const base = deps.config.publicUrl;
  const items = rows.map((row) => {
    const link = `${base}/feed/${row.slug}`;
    return [
      "<item>",
      `<title>${xmlText(row.title)}</title>`,
      `<link>${xmlText(link)}</link>`,
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      row.publishedAt ? `<pubDate>${row.publishedAt.toUTCString()}</pubDate>` : "",
      row.dek ? `<description>${xmlText(row.dek)}</description>` : "",
      row.author ? `<dc:creator>${xmlText(row.author)}</dc:creator>` : "",
      "</item>",
    ].join("");
  });
  const newest = rows[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    "<title>Earmark Deep Dives</title>",
    `<link>${xmlText(`${base}/feed`)}</link>`,
    `<atom:link href="${xmlText(`${base}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    "<description>Explainers, weekly syntheses, debates and tactical guides drawn from the world's best conversations.</description>",
    "<language>en</language>",
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

const POST_PAGE = /^\/feed\/([^/]+)\/?$/;
const DESCRIPTION_MAX = 300;

/**
 * The head of /feed/{slug} for a visible post: meta_title (else the title) as the document title,
 * meta_description (else the dek) as the description, and the Open Graph tags; null otherwise.
 */
export function postPageHead(deps: Deps) {
  return async (pathname: string): Promise<PageHead | null> => {
    const raw = POST_PAGE.exec(pathname)?.[1];
    if (!raw) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
    const [row] = await deps.db
      .select({
        title: posts.title,
        dek: posts.dek,
        heroImage: posts.heroImage,
        metaTitle: posts.metaTitle,
        metaDescription: posts.metaDescription,
      })
      .from(posts)
      .where(and(eq(posts.slug, slug), isVisiblePost))
      .limit(1);
    if (!row) return null;
    const title = row.metaTitle || row.title;
    const description = (row.metaDescription || row.dek || `A Deep Dive on Earmark: ${row.title}`).slice(
      0,
      DESCRIPTION_MAX,
    );
    let image: string | null = null;
    if (row.heroImage) {
      try {
        image = toAbsoluteUrl(row.heroImage, deps.config.publicUrl);
      } catch {
        image = null;
      }
    }
    return {
      title,
      description,
      image,
      url: `${deps.config.publicUrl}/feed/${slug}`,
      type: "article",
      documentTitle: `${title} — Earmark`,
    };
  };
}
