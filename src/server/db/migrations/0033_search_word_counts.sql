CREATE TABLE "search_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"episodes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_word_counts_basis" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"episodes" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_word_counts_basis_one_row" CHECK ("search_word_counts_basis"."id" = 1)
);
--> statement-breakpoint
-- Decision 053: the recent tier's word counts, taken again whenever the tier is trimmed. Searches
-- read the previous counts until a refresh commits; the table lock (which plain reads do not wait
-- for) keeps two refreshes from deleting and inserting over each other.
CREATE OR REPLACE FUNCTION public.search_word_counts_refresh() RETURNS integer
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  counted integer;
BEGIN
  LOCK TABLE public.search_word_counts IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM public.search_word_counts;
  INSERT INTO public.search_word_counts (word, episodes)
    SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM public.episode_search_recent');
  SELECT count(*) INTO counted FROM public.episode_search_recent;
  INSERT INTO public.search_word_counts_basis (id, episodes, counted_at) VALUES (1, counted, now())
    ON CONFLICT (id) DO UPDATE SET episodes = excluded.episodes, counted_at = excluded.counted_at;
  RETURN counted;
END;
$$;
--> statement-breakpoint
SELECT public.search_word_counts_refresh();
--> statement-breakpoint
-- Decision 053: no parallel workers for the search tables. Their reads are a request's few
-- milliseconds; on a server's few cores, workers only add process start-ups (decision 040 saw a
-- generic plan start two for each rare-word search). This replaces the separate connections whose
-- planner settings said the same.
ALTER TABLE "episode_search" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "episode_search_recent" SET (parallel_workers = 0);
