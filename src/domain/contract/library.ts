import { z } from "zod";

/** The library API (spec 2 §2 Lists, §4 Bookmark, §5, §6): bookmarks and lists. */

const dateTime = () => z.string().meta({ format: "date-time" });

/** An episode as the library screens show it: card data plus what the player needs. */
export const libraryEpisodeSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    imageUrl: z.string().nullable().meta({ description: "The episode's image, else the podcast's cover" }),
    pubDate: dateTime(),
    duration: z.int().nullable().meta({ description: "Seconds" }),
    audioUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    podcast: z.object({ id: z.uuid(), name: z.string(), coverUrl: z.string().nullable() }),
  })
  .meta({ id: "LibraryEpisode" });
export type LibraryEpisode = z.infer<typeof libraryEpisodeSchema>;

export const bookmarkStateSchema = z
  .object({ bookmarked: z.boolean(), bookmarkedAt: dateTime().nullable() })
  .meta({ id: "BookmarkState" });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

export const bookmarkItemSchema = z.object({ bookmarkedAt: dateTime(), episode: libraryEpisodeSchema });
export type BookmarkItem = z.infer<typeof bookmarkItemSchema>;

export const bookmarkPageSchema = z
  .object({
    items: z.array(bookmarkItemSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null at the end" }),
  })
  .meta({ id: "BookmarkPage" });
export type BookmarkPage = z.infer<typeof bookmarkPageSchema>;

const listSummaryShape = {
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  episodeCount: z.int(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};
export const listSummarySchema = z.object(listSummaryShape).meta({ id: "ListSummary" });
export type ListSummary = z.infer<typeof listSummarySchema>;

export const myListSummarySchema = z
  .object({
    ...listSummaryShape,
    containsEpisode: z.boolean().meta({ description: "Whether the list holds the episodeId asked about" }),
  })
  .meta({ id: "MyListSummary" });
export type MyListSummary = z.infer<typeof myListSummarySchema>;

export const myListsSchema = z.object({ items: z.array(myListSummarySchema) }).meta({ id: "MyLists" });
export type MyLists = z.infer<typeof myListsSchema>;

export const listEntrySchema = z.object({
  position: z.int(),
  addedAt: dateTime(),
  episode: libraryEpisodeSchema,
});
export type ListEntry = z.infer<typeof listEntrySchema>;

export const listViewSchema = z
  .object({
    list: z.object({ ...listSummaryShape, isOwner: z.boolean(), ownerName: z.string().nullable() }),
    episodes: z.array(listEntrySchema),
  })
  .meta({ id: "ListView" });
export type ListView = z.infer<typeof listViewSchema>;

export const listEpisodeAddedSchema = z
  .object({ listId: z.uuid(), episodeId: z.uuid(), position: z.int(), addedAt: dateTime() })
  .meta({ id: "ListEpisodeAdded" });
export type ListEpisodeAdded = z.infer<typeof listEpisodeAddedSchema>;
