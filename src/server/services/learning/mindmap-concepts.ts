import { sql } from "drizzle-orm";
import { CONCEPT_OCCURRENCES_LIMIT, type ConceptOccurrences } from "../../../domain/contract/mindmap.ts";
import { conceptKey } from "../../../domain/mindmap.ts";
import type { Database } from "../../db/client.ts";

/**
 * The catalog-wide concept look-up (decision 024): the nodes of every visible episode's mind map
 * whose related concepts include the concept, compared by conceptKey (case, width and spacing
 * ignored), read from the mindmap_concepts index that a trigger keeps.
 */

type OccurrenceRow = {
  episode_id: string;
  episode_title: string;
  podcast_name: string;
  node_id: string;
  node_title: string;
  time: number | null;
};

/**
 * Newest episode first, then the node's time (nodes without one last), at most
 * CONCEPT_OCCURRENCES_LIMIT, leaving out `excludeEpisodeId` (the map being viewed). Only ready
 * episodes: the ones the public catalog lists.
 */
export async function findConceptOccurrences(
  db: Database,
  concept: string,
  excludeEpisodeId: string | null,
): Promise<ConceptOccurrences> {
  const key = conceptKey(concept);
  const { rows } = await db.execute<OccurrenceRow>(sql`
    select c.episode_id, e.title as episode_title, p.name as podcast_name, c.node_id, c.node_title, c.time
    from mindmap_concepts c
    join episodes e on e.id = c.episode_id
    join podcasts p on p.id = e.podcast_id
    where c.concept_key = ${key} and e.ready
      and (${excludeEpisodeId}::uuid is null or c.episode_id <> ${excludeEpisodeId}::uuid)
    order by e.pub_date desc, c.episode_id, c.time asc nulls last, c.node_id
    limit ${CONCEPT_OCCURRENCES_LIMIT}`);
  return {
    concept: concept.trim(),
    occurrences: rows.map((row) => ({
      episodeId: row.episode_id,
      episodeTitle: row.episode_title,
      podcastName: row.podcast_name,
      nodeId: row.node_id,
      nodeTitle: row.node_title,
      time: row.time,
    })),
  };
}
