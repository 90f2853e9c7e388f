-- episode_search mirrors the searchable columns of ready episodes (see schema/catalog.ts). An AFTER
-- trigger sees the generated search_vector; only changes to the columns search or readiness (migration
-- 0006) read fire it.
CREATE OR REPLACE FUNCTION public.episodes_sync_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ready THEN
    INSERT INTO public.episode_search (episode_id, podcast_id, pub_date, title, search_vector)
    VALUES (NEW.id, NEW.podcast_id, NEW.pub_date, NEW.title, NEW.search_vector)
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
CREATE TRIGGER episodes_sync_search
  AFTER INSERT OR UPDATE OF ready, audio_url, youtube_url, podcast_id, pub_date, title, summary, topics ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.episodes_sync_search();
--> statement-breakpoint
INSERT INTO public.episode_search (episode_id, podcast_id, pub_date, title, search_vector)
SELECT id, podcast_id, pub_date, title, search_vector FROM public.episodes WHERE ready
ON CONFLICT (episode_id) DO NOTHING;
--> statement-breakpoint
ANALYZE public.episode_search;
