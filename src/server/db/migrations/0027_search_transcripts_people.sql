CREATE TABLE "episode_transcript_lines" (
	"episode_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"start_seconds" real NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "episode_transcript_lines_episode_id_line_pk" PRIMARY KEY("episode_id","line")
);
--> statement-breakpoint
ALTER TABLE "episode_transcript_lines" ADD CONSTRAINT "episode_transcript_lines_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_transcript_lines_text_idx" ON "episode_transcript_lines" USING gin (to_tsvector('english', "text"));--> statement-breakpoint
CREATE INDEX "guests_name_search_idx" ON "guests" USING gin (to_tsvector('english', "name"));--> statement-breakpoint
CREATE INDEX "hosts_name_search_idx" ON "hosts" USING gin (to_tsvector('english', "name"));--> statement-breakpoint
CREATE INDEX "podcasts_name_search_idx" ON "podcasts" USING gin (to_tsvector('english', "name"));--> statement-breakpoint
-- Decision 033. An episode's search document is its own words (episodes.search_vector: title A,
-- summary B, topics C) plus the names of its guests and hosts (A, like the title), its key insights
-- (C), and the names of its podcast and the labels of its show-note links (D). Every change to one of
-- those sources refreshes the episode_search rows it touches. (Read in an AFTER trigger, the
-- episode's row is already the new one.)
CREATE OR REPLACE FUNCTION public.episode_search_document(p_episode uuid)
RETURNS tsvector LANGUAGE sql STABLE SET search_path = pg_catalog, public AS $$
  SELECT e.search_vector
    || setweight(to_tsvector('english', coalesce((
         SELECT string_agg(n.name, ' ') FROM (
           SELECT g.name FROM public.episode_guests eg JOIN public.guests g ON g.id = eg.guest_id
           WHERE eg.episode_id = e.id
           UNION ALL
           SELECT h.name FROM public.episode_hosts eh JOIN public.hosts h ON h.id = eh.host_id
           WHERE eh.episode_id = e.id
         ) n), '')), 'A')
    || setweight(to_tsvector('english', coalesce((
         SELECT string_agg(i.item->>'key_point', ' ')
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.insights) = 'array' THEN e.insights ELSE '[]' END) i(item)
         WHERE jsonb_typeof(i.item) = 'object'), '')), 'C')
    || setweight(to_tsvector('english', p.name || ' ' || coalesce((
         SELECT string_agg(s.item->>'label', ' ')
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.show_notes) = 'array' THEN e.show_notes ELSE '[]' END) s(item)
         WHERE jsonb_typeof(s.item) = 'object'), '')), 'D')
  FROM public.episodes e JOIN public.podcasts p ON p.id = e.podcast_id
  WHERE e.id = p_episode
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episodes_sync_search() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  document tsvector;
BEGIN
  IF NEW.ready THEN
    document := public.episode_search_document(NEW.id);
    INSERT INTO public.episode_search (episode_id, podcast_id, pub_date, title, search_vector)
    VALUES (NEW.id, NEW.podcast_id, NEW.pub_date, NEW.title, document)
    ON CONFLICT (episode_id) DO UPDATE SET
      podcast_id = EXCLUDED.podcast_id,
      pub_date = EXCLUDED.pub_date,
      title = EXCLUDED.title,
      search_vector = EXCLUDED.search_vector
    WHERE (episode_search.podcast_id, episode_search.pub_date, episode_search.title, episode_search.search_vector)
      IS DISTINCT FROM (EXCLUDED.podcast_id, EXCLUDED.pub_date, EXCLUDED.title, EXCLUDED.search_vector);
  ELSIF TG_OP = 'UPDATE' AND OLD.ready THEN
    DELETE FROM public.episode_search WHERE episode_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER episodes_sync_search ON public.episodes;
--> statement-breakpoint
CREATE TRIGGER episodes_sync_search
  AFTER INSERT OR UPDATE OF ready, audio_url, youtube_url, podcast_id, pub_date, title, summary, topics, insights, show_notes
  ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.episodes_sync_search();
--> statement-breakpoint
-- Recomputes the search document of the given (ready) episodes.
CREATE OR REPLACE FUNCTION public.episode_search_refresh(p_episodes uuid[]) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public AS $$
  UPDATE public.episode_search s
  SET search_vector = d.document
  FROM (SELECT id, public.episode_search_document(id) AS document FROM unnest(p_episodes) AS u(id)) d
  WHERE s.episode_id = d.id AND s.search_vector IS DISTINCT FROM d.document;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episode_people_sync_search() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.episode_search_refresh(ARRAY[OLD.episode_id]);
  ELSE
    PERFORM public.episode_search_refresh(ARRAY[NEW.episode_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episode_guests_sync_search AFTER INSERT OR DELETE ON public.episode_guests
  FOR EACH ROW EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE TRIGGER episode_hosts_sync_search AFTER INSERT OR DELETE ON public.episode_hosts
  FOR EACH ROW EXECUTE FUNCTION public.episode_people_sync_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.people_sync_search() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    IF TG_TABLE_NAME = 'guests' THEN
      PERFORM public.episode_search_refresh(ARRAY(SELECT episode_id FROM public.episode_guests WHERE guest_id = NEW.id));
    ELSE
      PERFORM public.episode_search_refresh(ARRAY(SELECT episode_id FROM public.episode_hosts WHERE host_id = NEW.id));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER guests_sync_search AFTER UPDATE OF name ON public.guests
  FOR EACH ROW EXECUTE FUNCTION public.people_sync_search();
--> statement-breakpoint
CREATE TRIGGER hosts_sync_search AFTER UPDATE OF name ON public.hosts
  FOR EACH ROW EXECUTE FUNCTION public.people_sync_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.podcasts_sync_search() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM public.episode_search_refresh(ARRAY(SELECT episode_id FROM public.episode_search WHERE podcast_id = NEW.id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER podcasts_sync_search AFTER UPDATE OF name ON public.podcasts
  FOR EACH ROW EXECUTE FUNCTION public.podcasts_sync_search();
--> statement-breakpoint
-- The timed segments of transcript_segments as rows (text present, start a number), replaced
-- whenever the segments change.
CREATE OR REPLACE FUNCTION public.episodes_sync_transcript_lines() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.transcript_segments IS NOT DISTINCT FROM OLD.transcript_segments THEN
      RETURN NULL;
    END IF;
    DELETE FROM public.episode_transcript_lines WHERE episode_id = NEW.id;
  END IF;
  IF NEW.transcript_segments IS NOT NULL THEN
    INSERT INTO public.episode_transcript_lines (episode_id, line, start_seconds, text)
    SELECT NEW.id, s.n, greatest((s.segment->>'start')::real, 0), btrim(s.segment->>'text')
    FROM jsonb_array_elements(NEW.transcript_segments) WITH ORDINALITY AS s(segment, n)
    WHERE jsonb_typeof(s.segment->'start') = 'number' AND jsonb_typeof(s.segment->'text') = 'string'
      AND btrim(s.segment->>'text') <> '';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episodes_sync_transcript_lines
  AFTER INSERT OR UPDATE OF transcript_segments ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.episodes_sync_transcript_lines();
--> statement-breakpoint
INSERT INTO public.episode_transcript_lines (episode_id, line, start_seconds, text)
SELECT e.id, s.n, greatest((s.segment->>'start')::real, 0), btrim(s.segment->>'text')
FROM public.episodes e
CROSS JOIN LATERAL jsonb_array_elements(e.transcript_segments) WITH ORDINALITY AS s(segment, n)
WHERE e.transcript_segments IS NOT NULL
  AND jsonb_typeof(s.segment->'start') = 'number' AND jsonb_typeof(s.segment->'text') = 'string'
  AND btrim(s.segment->>'text') <> '';
--> statement-breakpoint
SELECT public.episode_search_refresh(ARRAY(SELECT episode_id FROM public.episode_search));
--> statement-breakpoint
ANALYZE public.episode_search;
--> statement-breakpoint
ANALYZE public.episode_transcript_lines;
