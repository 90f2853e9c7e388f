-- leaderboard_xp_counts holds how many profiles have each XP value above 0 (decision 021), so an
-- all-time rank is 1 + the sum of the counts above the player's XP. Statement-level triggers with
-- transition tables keep it: a bulk write aggregates once, a single award touches one or two rows.
-- Rows are written in xp order so concurrent writers take their row locks in one order.
CREATE OR REPLACE FUNCTION public.leaderboard_count_xp()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.leaderboard_xp_counts AS c (xp, users)
      SELECT xp, count(*) FROM new_rows WHERE xp > 0 GROUP BY xp ORDER BY xp
      ON CONFLICT (xp) DO UPDATE SET users = c.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.leaderboard_xp_counts AS c (xp, users)
      SELECT xp, -count(*) FROM old_rows WHERE xp > 0 GROUP BY xp ORDER BY xp
      ON CONFLICT (xp) DO UPDATE SET users = c.users + excluded.users;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public.leaderboard_xp_counts;
  ELSE
    INSERT INTO public.leaderboard_xp_counts AS c (xp, users)
      SELECT xp, sum(n) FROM (
        SELECT xp, count(*) AS n FROM new_rows WHERE xp > 0 GROUP BY xp
        UNION ALL
        SELECT xp, -count(*) FROM old_rows WHERE xp > 0 GROUP BY xp
      ) delta
      GROUP BY xp HAVING sum(n) <> 0 ORDER BY xp
      ON CONFLICT (xp) DO UPDATE SET users = c.users + excluded.users;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_count_insert AFTER INSERT ON public.profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.leaderboard_count_xp();
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_count_update AFTER UPDATE ON public.profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.leaderboard_count_xp();
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_count_delete AFTER DELETE ON public.profiles
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.leaderboard_count_xp();
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_count_truncate AFTER TRUNCATE ON public.profiles
  FOR EACH STATEMENT EXECUTE FUNCTION public.leaderboard_count_xp();
--> statement-breakpoint
INSERT INTO public.leaderboard_xp_counts (xp, users)
  SELECT xp, count(*) FROM public.profiles WHERE xp > 0 GROUP BY xp;
