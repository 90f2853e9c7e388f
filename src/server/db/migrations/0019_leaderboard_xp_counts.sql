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
--> statement-breakpoint
-- The rank's sum over every XP value above the player's grew with the number of distinct values
-- (~20,000 at a million players: 11 ms). leaderboard_xp_band_counts sums them per band of 256
-- values, so a rank adds up the bands above plus at most 255 values (decision 021). The trigger
-- function now computes each statement's net change per XP value once and applies it to both
-- tables, each in key order and the values before the bands, so concurrent writers lock in one order.
CREATE OR REPLACE FUNCTION public.leaderboard_count_xp()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
DECLARE
  xps integer[];
  deltas integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public.leaderboard_xp_counts;
    DELETE FROM public.leaderboard_xp_band_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(xp ORDER BY xp), array_agg(n ORDER BY xp) INTO xps, deltas
      FROM (SELECT xp, count(*)::int AS n FROM new_rows WHERE xp > 0 GROUP BY xp) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(xp ORDER BY xp), array_agg(n ORDER BY xp) INTO xps, deltas
      FROM (SELECT xp, -count(*)::int AS n FROM old_rows WHERE xp > 0 GROUP BY xp) d;
  ELSE
    SELECT array_agg(xp ORDER BY xp), array_agg(n ORDER BY xp) INTO xps, deltas
      FROM (
        SELECT xp, sum(n)::int AS n FROM (
          SELECT xp, count(*) AS n FROM new_rows WHERE xp > 0 GROUP BY xp
          UNION ALL
          SELECT xp, -count(*) FROM old_rows WHERE xp > 0 GROUP BY xp
        ) s
        GROUP BY xp HAVING sum(n) <> 0
      ) d;
  END IF;
  IF xps IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.leaderboard_xp_counts AS c (xp, users)
    SELECT x, n FROM unnest(xps, deltas) AS u(x, n) ORDER BY x
    ON CONFLICT (xp) DO UPDATE SET users = c.users + excluded.users;
  INSERT INTO public.leaderboard_xp_band_counts AS b (band, users)
    SELECT x / 256, sum(n) FROM unnest(xps, deltas) AS u(x, n) GROUP BY x / 256 HAVING sum(n) <> 0 ORDER BY 1
    ON CONFLICT (band) DO UPDATE SET users = b.users + excluded.users;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO public.leaderboard_xp_band_counts (band, users)
  SELECT xp / 256, sum(users) FROM public.leaderboard_xp_counts GROUP BY xp / 256;
