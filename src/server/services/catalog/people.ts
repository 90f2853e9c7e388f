import { desc, eq } from "drizzle-orm";
import type { EpisodeListing } from "../../../domain/contract/catalog.ts";
import type { PersonPage } from "../../../domain/contract/people.ts";
import type { AppDeps } from "../../context.ts";
import { episodeGuests, episodeHosts, episodes, guests, hosts, podcasts } from "../../db/schema/catalog.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * Guest and host pages (spec 2 §2 Guest and host pages, §7: guests/hosts by id; episode_guests /
 * episode_hosts by guest_id or host_id with episodes and podcasts, ordered by pub_date descending).
 */

type Deps = Pick<AppDeps, "db">;

/** A page lists at most this many of a person's episodes (newest first). */
export const PERSON_EPISODES_LIMIT = 200;

const personColumns = (table: typeof guests | typeof hosts) => ({
  id: table.id,
  name: table.name,
  bio: table.bio,
  avatarUrl: table.avatarUrl,
  websiteUrl: table.websiteUrl,
  twitterHandle: table.twitterHandle,
  linkedinUrl: table.linkedinUrl,
});

const episodeColumns = {
  id: episodes.id,
  title: episodes.title,
  summary: episodes.summary,
  imageUrl: episodes.imageUrl,
  pubDate: episodes.pubDate,
  duration: episodes.duration,
  podcastId: podcasts.id,
  podcastName: podcasts.name,
  podcastCoverUrl: podcasts.coverUrl,
};

type EpisodeRow = {
  id: string;
  title: string;
  summary: string | null;
  imageUrl: string | null;
  pubDate: Date;
  duration: number | null;
  podcastId: string;
  podcastName: string;
  podcastCoverUrl: string | null;
};

const toEpisode = (row: EpisodeRow): EpisodeListing => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  imageUrl: row.imageUrl || row.podcastCoverUrl || null,
  pubDate: row.pubDate.toISOString(),
  duration: row.duration,
  podcast: { id: row.podcastId, name: row.podcastName, coverUrl: row.podcastCoverUrl },
});

/** Where each kind of person and their episode links live. */
const people = {
  guest: {
    table: guests,
    links: episodeGuests,
    personId: episodeGuests.guestId,
    episodeId: episodeGuests.episodeId,
    missing: "Guest not found",
  },
  host: {
    table: hosts,
    links: episodeHosts,
    personId: episodeHosts.hostId,
    episodeId: episodeHosts.episodeId,
    missing: "Host not found",
  },
} as const;

export type PersonKind = keyof typeof people;

/** A guest or host with their episodes, newest first (at most PERSON_EPISODES_LIMIT); 404 when unknown. */
export async function getPersonPage(deps: Deps, kind: PersonKind, id: string): Promise<PersonPage> {
  const { table, links, personId, episodeId, missing } = people[kind];
  const [person] = await deps.db.select(personColumns(table)).from(table).where(eq(table.id, id));
  if (!person) throw notFound(missing);
  const rows = await deps.db
    .select(episodeColumns)
    .from(links)
    .innerJoin(episodes, eq(episodes.id, episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(personId, id))
    .orderBy(desc(episodes.pubDate), desc(episodes.id))
    .limit(PERSON_EPISODES_LIMIT);
  return { person, episodes: rows.map(toEpisode) };
}
