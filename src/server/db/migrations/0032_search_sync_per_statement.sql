-- Decision 046: the search index is kept per statement, not per row. An import writes 1,000
-- episodes, then their hosts, then their guests, each in one statement; per-row triggers computed
-- every episode's search document once per statement and wrote its episode_search and
-- episode_search_recent rows (with their GIN indexes) as many times. Now each statement computes
-- the documents of the episodes it touched in one set-based query, and writes only rows that change.
--
-- The search document of a set of episodes (decision 033: the episode's own vector, its people's
-- names A, key insights C, podcast name and show-note labels D). Plain SQL without SET so the planner
-- inlines it into its callers and sees `e.id = ANY (…)`; names are schema-qualified for that reason.
-- Its callers switch sequential scans, hash and merge joins off: a document is a few index lookups
-- per episode, but right after a bulk load the statistics of guests and hosts still say "empty", and
-- the planner then hashed the whole guests table once per episode (quadratic in an import's size).
CREATE OR REPLACE FUNCTION public.episode_search_documents(p_episodes uuid[])
RETURNS TABLE (episode_id uuid, podcast_id uuid, pub_date timestamptz, title text, ready boolean, document tsvector)
LANGUAGE sql STABLE AS $$
  SELECT e.id, e.podcast_id, e.pub_date, e.title, e.ready,
    e.search_vector
    || pg_catalog.setweight(pg_catalog.to_tsvector('english', coalesce((
         SELECT pg_catalog.string_agg(n.name, ' ') FROM (
           SELECT g.name FROM public.episode_guests eg JOIN public.guests g ON g.id = eg.guest_id
           WHERE eg.episode_id = e.id
           UNION ALL
           SELECT h.name FROM public.episode_hosts eh JOIN public.hosts h ON h.id = eh.host_id
           WHERE eh.episode_id = e.id
         ) n), '')), 'A')
    || pg_catalog.setweight(pg_catalog.to_tsvector('english', coalesce((
         SELECT pg_catalog.string_agg(i.item->>'key_point', ' ')
         FROM pg_catalog.jsonb_array_elements(CASE WHEN pg_catalog.jsonb_typeof(e.insights) = 'array' THEN e.insights ELSE '[]' END) i(item)
         WHERE pg_catalog.jsonb_typeof(i.item) = 'object'), '')), 'C')
    || pg_catalog.setweight(pg_catalog.to_tsvector('english', p.name || ' ' || coalesce((
         SELECT pg_catalog.string_agg(s.item->>'label', ' ')
         FROM pg_catalog.jsonb_array_elements(CASE WHEN pg_catalog.jsonb_typeof(e.show_notes) = 'array' THEN e.show_notes ELSE '[]' END) s(item)
         WHERE pg_catalog.jsonb_typeof(s.item) = 'object'), '')), 'D')
  FROM public.episodes e JOIN public.podcasts p ON p.id = e.podcast_id
  WHERE e.id = ANY (p_episodes)
$$;
--> statement-breakpoint
-- One episode's document, kept for callers of migration 0027's function; one definition.
CREATE OR REPLACE FUNCTION public.episode_search_document(p_episode uuid)
RETURNS tsvector LANGUAGE sql STABLE SET search_path = pg_catalog, public
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
  SELECT d.document FROM public.episode_search_documents(ARRAY[p_episode]) d
$$;
--> statement-breakpoint
-- Recomputes the documents of the given episodes that have a search row (the ready ones; the others
-- cost one index probe) and writes only the changed ones: links written by the statement that
-- inserts their episodes (ingestion) find the documents the episodes' insert trigger wrote unchanged.
CREATE OR REPLACE FUNCTION public.episode_search_refresh(p_episodes uuid[]) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  indexed uuid[];
BEGIN
  indexed := ARRAY(SELECT s.episode_id FROM public.episode_search s WHERE s.episode_id = ANY (p_episodes)
                   ORDER BY s.episode_id);
  IF cardinality(indexed) = 0 THEN
    RETURN;
  END IF;
  UPDATE public.episode_search s
  SET search_vector = d.document
  FROM public.episode_search_documents(indexed) d
  WHERE s.episode_id = d.episode_id AND s.search_vector IS DISTINCT FROM d.document;
END;
$$;
--> statement-breakpoint
-- Inserted episodes: the ready ones get their search rows in one statement. (Updates stay per row:
-- a trigger with transition tables cannot name columns, and most updates of episodes touch none
-- that search reads.)
CREATE OR REPLACE FUNCTION public.episodes_sync_search_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  ids uuid[];
BEGIN
  ids := ARRAY(SELECT n.id FROM new_episodes n WHERE n.ready ORDER BY n.id);
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  -- The rows as they are now (a later part of the same statement may have changed them).
  INSERT INTO public.episode_search (episode_id, podcast_id, pub_date, title, search_vector)
  SELECT d.episode_id, d.podcast_id, d.pub_date, d.title, d.document
  FROM public.episode_search_documents(ids) d
  WHERE d.ready
  ON CONFLICT (episode_id) DO UPDATE SET
    podcast_id = EXCLUDED.podcast_id,
    pub_date = EXCLUDED.pub_date,
    title = EXCLUDED.title,
    search_vector = EXCLUDED.search_vector
  WHERE (episode_search.podcast_id, episode_search.pub_date, episode_search.title, episode_search.search_vector)
    IS DISTINCT FROM (EXCLUDED.podcast_id, EXCLUDED.pub_date, EXCLUDED.title, EXCLUDED.search_vector);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER episodes_sync_search ON public.episodes;
--> statement-breakpoint
CREATE TRIGGER episodes_sync_search
  AFTER UPDATE OF ready, audio_url, youtube_url, podcast_id, pub_date, title, summary, topics, insights, show_notes
  ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.episodes_sync_search();
--> statement-breakpoint
CREATE TRIGGER episodes_sync_search_insert
  AFTER INSERT ON public.episodes REFERENCING NEW TABLE AS new_episodes
  FOR EACH STATEMENT EXECUTE FUNCTION public.episodes_sync_search_inserted();
--> statement-breakpoint
-- People links: one refresh per statement of every episode it linked, unlinked or moved (a link
-- whose episode_id changes refreshes both episodes; before this, updates of links were not seen).
DROP TRIGGER episode_guests_sync_search ON public.episode_guests;
--> statement-breakpoint
DROP TRIGGER episode_hosts_sync_search ON public.episode_hosts;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episode_people_sync_search() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.episode_search_refresh(ARRAY(SELECT DISTINCT n.episode_id FROM new_links n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.episode_search_refresh(ARRAY(SELECT DISTINCT o.episode_id FROM old_links o));
  ELSE
    PERFORM public.episode_search_refresh(
      ARRAY(SELECT n.episode_id FROM new_links n UNION SELECT o.episode_id FROM old_links o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episode_guests_sync_search_insert AFTER INSERT ON public.episode_guests
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_guests_sync_search_update AFTER UPDATE ON public.episode_guests
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_guests_sync_search_delete AFTER DELETE ON public.episode_guests
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_hosts_sync_search_insert AFTER INSERT ON public.episode_hosts
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_hosts_sync_search_update AFTER UPDATE ON public.episode_hosts
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_hosts_sync_search_delete AFTER DELETE ON public.episode_hosts
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
-- The recent tier (decision 040, third round), per statement: the bound is read FOR SHARE once,
-- rows at or after it are upserted (identical ones skipped), rows an update moved before it leave.
DROP TRIGGER episode_search_sync_recent ON public.episode_search;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episode_search_sync_recent() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  bound timestamptz;
BEGIN
  -- A statement that wrote no row (a refresh that found nothing changed) costs no lock.
  IF NOT EXISTS (SELECT 1 FROM new_search) THEN
    RETURN NULL;
  END IF;
  SELECT since INTO bound FROM public.episode_search_recent_bound WHERE id = 1 FOR SHARE;
  INSERT INTO public.episode_search_recent (episode_id, podcast_id, pub_date, title, search_vector)
  SELECT n.episode_id, n.podcast_id, n.pub_date, n.title, n.search_vector
  FROM new_search n WHERE n.pub_date >= bound
  ORDER BY n.episode_id
  ON CONFLICT (episode_id) DO UPDATE SET
    podcast_id = EXCLUDED.podcast_id,
    pub_date = EXCLUDED.pub_date,
    title = EXCLUDED.title,
    search_vector = EXCLUDED.search_vector
  WHERE (episode_search_recent.podcast_id, episode_search_recent.pub_date, episode_search_recent.title,
         episode_search_recent.search_vector)
    IS DISTINCT FROM (EXCLUDED.podcast_id, EXCLUDED.pub_date, EXCLUDED.title, EXCLUDED.search_vector);
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.episode_search_recent r
    USING new_search n, old_search o
    WHERE r.episode_id = n.episode_id AND o.episode_id = n.episode_id
      AND n.pub_date < bound AND o.pub_date >= bound;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episode_search_sync_recent_insert AFTER INSERT ON public.episode_search
  REFERENCING NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_search_sync_recent();
--> statement-breakpoint
CREATE TRIGGER episode_search_sync_recent_update AFTER UPDATE ON public.episode_search
  REFERENCING OLD TABLE AS old_search NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_search_sync_recent();
