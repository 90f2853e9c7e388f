import { z } from "zod";
import { createTextField } from "./text.ts";

/**
 * Lists and bookmarks (spec 2 §2 Lists, §4 Bookmark, §5, §8): one schema validates the list forms in
 * the browser and the list handlers on the server.
 */
export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 500;
/** More than anyone reorders by hand; bounds the reorder request. */
export const LIST_EPISODES_MAX = 1000;

export const libraryNotices = {
  listName: "Please enter a list name",
  listNameTooLong: `List name must be at most ${LIST_NAME_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${LIST_DESCRIPTION_MAX} characters.`,
  /** Spec 2 §8: a duplicate list entry (SQLSTATE 23505). Title, then description. */
  alreadyInList: { title: "Already in list", description: "This episode is already in that list" },
  listNotFound: "List not found",
} as const;

/** The API's 409 message for a duplicate entry: the spec's notice as one line. */
export const ALREADY_IN_LIST_MESSAGE = `${libraryNotices.alreadyInList.title} - ${libraryNotices.alreadyInList.description}`;

/** Spec 2 §5: the exact confirmation before a list is deleted. */
export function deleteListConfirmation(name: string): string {
  return `Delete "${name}"? This will remove all episodes from this list.`;
}

export const listNameField = createTextField(libraryNotices.listName)
  .trim()
  .min(1, { error: libraryNotices.listName })
  .max(LIST_NAME_MAX, { error: libraryNotices.listNameTooLong });

/** Optional; blank becomes null. */
export const listDescriptionField = createTextField("Description must be text.")
  .trim()
  .max(LIST_DESCRIPTION_MAX, { error: libraryNotices.descriptionTooLong })
  .nullish()
  .transform((value) => (value ? value : null));

export const listVisibilityField = z.boolean({ error: "isPublic must be true or false." });

export const createListSchema = z.object({
  name: listNameField,
  description: listDescriptionField,
  isPublic: listVisibilityField.default(false),
});
export type CreateListInput = z.input<typeof createListSchema>;
export type CreateListValues = z.output<typeof createListSchema>;

/** Every field optional: only what is sent changes. */
export const updateListSchema = z.object({
  name: listNameField.optional(),
  description: listDescriptionField.optional(),
  isPublic: listVisibilityField.optional(),
});
export type UpdateListInput = z.input<typeof updateListSchema>;

export const addListEpisodeSchema = z.object({
  episodeId: z.uuid({ error: "episodeId must be an episode id." }),
});

export const reorderListSchema = z.object({
  episodeIds: z
    .array(z.uuid({ error: "episodeIds must be episode ids." }), { error: "episodeIds must be a list." })
    .max(LIST_EPISODES_MAX),
});

/** Moves the item at `from` to `to` (both clamped), returning a new array; the reorder buttons use it. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}
