import type { Database } from "./client.ts";
import { demoCatalog } from "./fixtures/demo-catalog.ts";
import {
  episodeChapters,
  episodeGuests,
  episodeHosts,
  episodes,
  guests,
  hosts,
  podcasts,
} from "./schema/catalog.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Upserts the fixture podcasts and episodes (keyed by podcast guid and episode guid) in one transaction. */
export async function seedDemoCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const podcast of demoCatalog) {
      const [podcastRow] = await tx
        .insert(podcasts)
        .values({
          podcastGuid: podcast.guid,
          name: podcast.name,
          description: podcast.description,
          author: podcast.author,
          coverUrl: podcast.cover,
          sourceType: "manual",
        })
        .onConflictDoUpdate({
          target: podcasts.podcastGuid,
          set: { name: podcast.name, coverUrl: podcast.cover },
        })
        .returning({ id: podcasts.id });
      if (!podcastRow) continue;

      let hostId: string | undefined;
      for (const episode of podcast.episodes) {
        const pubDate = new Date(Date.now() - episode.daysAgo * DAY_MS);
        const [episodeRow] = await tx
          .insert(episodes)
          .values({
            podcastId: podcastRow.id,
            guid: episode.guid,
            title: episode.title,
            summary: episode.summary,
            topics: episode.topics,
            insights: episode.insights,
            imageUrl: podcast.cover,
            duration: episode.duration,
            pubDate,
            publishedAt: pubDate,
            ready: true,
          })
          .onConflictDoNothing()
          .returning({ id: episodes.id });
        // Already seeded: keep it (and its people) as it is.
        if (!episodeRow) continue;
        await tx.insert(episodeChapters).values(
          episode.chapters.map((chapter) => ({
            episodeId: episodeRow.id,
            startTime: chapter.start,
            title: chapter.title,
          })),
        );
        hostId ??= (await tx.insert(hosts).values(podcast.host).returning({ id: hosts.id }))[0]?.id;
        if (hostId) await tx.insert(episodeHosts).values({ episodeId: episodeRow.id, hostId });
        if (episode.guest) {
          const [guestRow] = await tx.insert(guests).values(episode.guest).returning({ id: guests.id });
          if (guestRow)
            await tx.insert(episodeGuests).values({ episodeId: episodeRow.id, guestId: guestRow.id });
        }
      }
    }
  });
}
