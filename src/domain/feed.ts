import { z } from "zod";
import { feedNotices, REFLECTION_MAX, REFLECTION_MIN } from "./feed-constants.ts";
import { postTypes } from "./post-types.ts";

import { createTextField } from "./text.ts";

/**
 * Deep Dives (spec 3 §2 Deep Dives feed and Post page, §3, §5, §6, §9): post types, the body
 * blocks, the premium gate, reflections and the authoring rules. One schema validates a form in the
 * browser and the handler on the server.
 */

/** The reflection box and the POST body share this: trimmed, 10 to 500 characters. */
export const reflectionSchema = z.object({
  content: createTextField(feedNotices.reflectionLength)
    .trim()
    .min(REFLECTION_MIN, { error: feedNotices.reflectionLength })
    .max(REFLECTION_MAX, { error: feedNotices.reflectionLength }),
});
export type ReflectionInput = z.input<typeof reflectionSchema>;

const blockText = (max: number, label: string) =>
  createTextField(`${label} must be text.`)
    .trim()
    .min(1, { error: `${label} cannot be empty.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** A link target: an absolute http(s) URL or a path on this site. */
const linkField = (label: string) =>
  createTextField(`${label} must be text.`)
    .trim()
    .max(2000, { error: `${label} is too long.` })
    .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
      error: `${label} must start with https:// or /.`,
    });

/** The body blocks of a post (spec 3 §3); a quote's timestamp is seconds into its episode. */
export const postBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), content: blockText(200, "A heading") }),
  z.object({ type: z.literal("paragraph"), content: blockText(5000, "A paragraph") }),
  z.object({ type: z.literal("premium-gate"), content: blockText(1000, "The premium teaser") }),
  z.object({
    type: z.literal("bullets"),
    items: z.array(blockText(500, "A bullet")).min(1, { error: "A list needs at least one item." }).max(30),
  }),
  z.object({
    type: z.literal("quote"),
    content: blockText(1000, "A quote"),
    episodeId: z.uuid({ error: "Choose the quote's episode." }).optional(),
    timestamp: z.int().min(0).max(86_400).optional(),
  }),
  z.object({
    type: z.literal("image"),
    src: linkField("The image address"),
    alt: createTextField().trim().max(300).optional(),
  }),
  z.object({
    type: z.literal("cta"),
    url: linkField("The button link"),
    label: blockText(80, "The button label"),
  }),
]);
export type PostBlock = z.infer<typeof postBlockSchema>;

/**
 * What a reader may receive (spec 3 §6, enforced by the server): a premium reader gets every block
 * and no gate; anyone else gets the blocks up to the first premium gate, the gate itself (its
 * content is the teaser) and nothing after it.
 */
export function gatePostBlocks(
  blocks: readonly PostBlock[],
  isPremiumReader: boolean,
): { blocks: PostBlock[]; isGated: boolean } {
  if (isPremiumReader)
    return { blocks: blocks.filter((block) => block.type !== "premium-gate"), isGated: false };
  const gate = blocks.findIndex((block) => block.type === "premium-gate");
  if (gate < 0) return { blocks: [...blocks], isGated: false };
  return { blocks: blocks.slice(0, gate + 1), isGated: true };
}

/** A URL slug from a title: lower-case ASCII words joined by hyphens ("post" when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "post";
}

/** Reading time at 220 words a minute, at least one minute. */
export function estimateReadMinutes(blocks: readonly PostBlock[], dek: string | null): number {
  const text = [
    dek ?? "",
    ...blocks.flatMap((block) =>
      block.type === "bullets" ? block.items : "content" in block ? [block.content] : [],
    ),
  ].join(" ");
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

const optionalText = (max: number, label: string) =>
  createTextField(`${label} must be text.`)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

export const postSourceSchema = z
  .object({
    episodeId: z.uuid({ error: "Choose the source's episode." }),
    startTs: z.int().min(0, { error: "The start must be 0 or later." }).max(86_400).nullish(),
    endTs: z.int().min(0).max(86_400).nullish(),
    quote: optionalText(1000, "The source quote"),
  })
  .refine((source) => source.startTs == null || source.endTs == null || source.endTs >= source.startTs, {
    error: "The end must not be before the start.",
    path: ["endTs"],
  });

/** The authoring form and the admin API body: a post with its blocks, topics and sources. */
export const postInputSchema = z.object({
  type: z.enum(postTypes, { error: "Choose a format." }),
  title: blockText(200, "The title"),
  /** Blank: generated from the title (and made unique). */
  slug: createTextField()
    .trim()
    .max(80, { error: "The slug must be at most 80 characters." })
    .refine((value) => value === "" || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value), {
      error: "Use lower-case letters, digits and single hyphens in the slug.",
    })
    .nullish()
    .transform((value) => (value ? value : null)),
  dek: optionalText(400, "The dek"),
  heroImage: linkField("The hero image address")
    .nullish()
    .or(z.literal(""))
    .transform((value) => (value ? value : null)),
  author: optionalText(100, "The author"),
  /** Blank: estimated from the words. */
  readTimeMinutes: z.int().min(1).max(180).nullish(),
  /** Null: a draft. In the future: scheduled. */
  publishedAt: z.iso
    .datetime({ offset: true, error: "Give the publication time as a date and time." })
    .nullish(),
  metaTitle: optionalText(120, "The meta title"),
  metaDescription: optionalText(300, "The meta description"),
  blocks: z.array(postBlockSchema).max(200, { error: "A post has at most 200 blocks." }),
  /** Topic titles; new ones are created. */
  topics: z.array(blockText(60, "A topic")).max(10, { error: "A post has at most 10 topics." }).default([]),
  sources: z.array(postSourceSchema).max(20, { error: "A post has at most 20 sources." }).default([]),
});
export type PostInput = z.input<typeof postInputSchema>;
export type PostValues = z.output<typeof postInputSchema>;
