import { z } from "zod";
import { chapterSchema } from "./episodes.ts";

/**
 * Response bodies of the player area (src/server/routes/player.ts): saved positions, the
 * server-side queue, the playback speed and an episode's chapters.
 */

export const positionSchema = z
  .object({
    episodeId: z.uuid(),
    positionSeconds: z.int().meta({ description: "last_position_seconds; 0 when never played" }),
    progressSeconds: z.int().meta({ description: "The furthest point reached; never goes back" }),
    lastPlayedAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Position" });
export type Position = z.infer<typeof positionSchema>;

export const mergedPositionsSchema = z
  .object({ merged: z.int(), skipped: z.int().meta({ description: "Unknown episodes" }) })
  .meta({ id: "MergedPositions" });
export type MergedPositions = z.infer<typeof mergedPositionsSchema>;

/** What the player needs to know about an episode; every screen that can start playback builds one. */
export const playableEpisodeSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    audioUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    podcastId: z.uuid().nullable(),
    podcastName: z.string().nullable(),
    duration: z
      .int()
      .nullable()
      .meta({ description: "Seconds, when known; the audio's own duration replaces it once loaded" }),
  })
  .meta({ id: "PlayableEpisode" });
export type PlayableEpisode = z.infer<typeof playableEpisodeSchema>;

export const queueSchema = z
  .object({
    items: z.array(playableEpisodeSchema),
    index: z.int().meta({ description: "The current queue item; -1 when none" }),
  })
  .meta({ id: "Queue" });
export type Queue = z.infer<typeof queueSchema>;

export const playerSettingsSchema = z.object({ playbackRate: z.number() }).meta({ id: "PlayerSettings" });
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;

export const episodeChaptersSchema = z
  .object({ chapters: z.array(chapterSchema) })
  .meta({ id: "EpisodeChapters" });
export type EpisodeChapters = z.infer<typeof episodeChaptersSchema>;
