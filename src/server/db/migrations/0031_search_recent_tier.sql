CREATE TABLE "episode_search_recent" (
	"episode_id" uuid PRIMARY KEY NOT NULL,
	"podcast_id" uuid NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"title_lower" text GENERATED ALWAYS AS (lower("title")) STORED NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_search_recent_bound" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_search_recent_bound_one_row" CHECK ("episode_search_recent_bound"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "episode_search_recent" ADD CONSTRAINT "episode_search_recent_episode_id_episode_search_episode_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episode_search"("episode_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_search_recent_vector_idx" ON "episode_search_recent" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "episode_search_recent_title_trgm_idx" ON "episode_search_recent" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "episode_search_recent_pub_date_idx" ON "episode_search_recent" USING btree ("pub_date","episode_id");
--> statement-breakpoint
-- Decision 040, third round: episode_search_recent holds exactly the episode_search rows with
-- pub_date >= since. Writers of episode_search read `since` FOR SHARE, so a trim that moves it
-- (an UPDATE of that row) waits for them and they for it: no row is copied or skipped by a bound
-- that is being replaced. Deletes follow through the foreign key (ON DELETE CASCADE).
INSERT INTO "episode_search_recent_bound" (id, since) VALUES (1, '-infinity');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episode_search_sync_recent() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  bound timestamptz;
BEGIN
  SELECT since INTO bound FROM public.episode_search_recent_bound WHERE id = 1 FOR SHARE;
  IF NEW.pub_date >= bound THEN
    INSERT INTO public.episode_search_recent (episode_id, podcast_id, pub_date, title, search_vector)
    VALUES (NEW.episode_id, NEW.podcast_id, NEW.pub_date, NEW.title, NEW.search_vector)
    ON CONFLICT (episode_id) DO UPDATE SET
      podcast_id = EXCLUDED.podcast_id,
      pub_date = EXCLUDED.pub_date,
      title = EXCLUDED.title,
      search_vector = EXCLUDED.search_vector;
  ELSIF TG_OP = 'UPDATE' AND OLD.pub_date >= bound THEN
    DELETE FROM public.episode_search_recent WHERE episode_id = NEW.episode_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episode_search_sync_recent
  AFTER INSERT OR UPDATE OF podcast_id, pub_date, title, search_vector
  ON public.episode_search
  FOR EACH ROW EXECUTE FUNCTION public.episode_search_sync_recent();
--> statement-breakpoint
-- Moves `since` to the pub_date of the p_size-th newest episode (-infinity when there are fewer;
-- infinity for 0) and copies or drops the rows between the old and the new bound, copying in date
-- order: rows of neighbouring dates share pages, which is what makes the window walk cheap here.
-- Run hourly (maintenance.cleanup) and after bulk loads that bypass the trigger.
CREATE OR REPLACE FUNCTION public.episode_search_recent_trim(p_size integer) RETURNS timestamptz
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  old_since timestamptz;
  new_since timestamptz;
BEGIN
  SELECT since INTO old_since FROM public.episode_search_recent_bound WHERE id = 1 FOR UPDATE;
  new_since := CASE WHEN p_size < 1 THEN 'infinity' ELSE coalesce(
    (SELECT pub_date FROM public.episode_search ORDER BY pub_date DESC OFFSET p_size - 1 LIMIT 1),
    '-infinity') END;
  IF new_since > old_since THEN
    DELETE FROM public.episode_search_recent WHERE pub_date < new_since;
  ELSIF new_since < old_since THEN
    INSERT INTO public.episode_search_recent (episode_id, podcast_id, pub_date, title, search_vector)
    SELECT episode_id, podcast_id, pub_date, title, search_vector FROM public.episode_search
    WHERE pub_date >= new_since AND pub_date < old_since
    ORDER BY pub_date, episode_id
    ON CONFLICT (episode_id) DO NOTHING;
    -- A bulk copy goes to the GIN indexes' pending lists: merge them now, not in the next searches.
    PERFORM gin_clean_pending_list('public.episode_search_recent_vector_idx'::regclass);
    PERFORM gin_clean_pending_list('public.episode_search_recent_title_trgm_idx'::regclass);
  END IF;
  UPDATE public.episode_search_recent_bound SET since = new_since WHERE id = 1;
  RETURN new_since;
END;
$$;
--> statement-breakpoint
-- The tier starts at the 100,000 newest (RECENT_TIER_SIZE in services/catalog/discovery.ts).
UPDATE "episode_search_recent_bound" SET since = 'infinity';
--> statement-breakpoint
SELECT public.episode_search_recent_trim(100000);
--> statement-breakpoint
ANALYZE public.episode_search_recent;
