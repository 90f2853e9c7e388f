-- Every user has exactly one profile, created in the same statement that creates the user, so no
-- code path (email sign-up, OAuth, admin script, seed) can leave a user without one.
CREATE OR REPLACE FUNCTION public.create_profile_for_new_user()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  INSERT INTO public.profiles (user_id, name)
  VALUES (NEW.id, NEW.name)
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_create_profile
  AFTER INSERT ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.create_profile_for_new_user();
--> statement-breakpoint
-- updated_at is maintained by the database so that every writer (API, jobs, admin SQL) keeps it
-- honest. Tables owned by better-auth are left alone: the library sets updated_at itself.
CREATE OR REPLACE FUNCTION public.set_updated_at()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER podcasts_set_updated_at BEFORE UPDATE ON public.podcasts
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER episodes_set_updated_at BEFORE UPDATE ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER guests_set_updated_at BEFORE UPDATE ON public.guests
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER hosts_set_updated_at BEFORE UPDATE ON public.hosts
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER user_activity_set_updated_at BEFORE UPDATE ON public.user_activity
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER user_streaks_set_updated_at BEFORE UPDATE ON public.user_streaks
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER spaced_cards_set_updated_at BEFORE UPDATE ON public.spaced_cards
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER user_lists_set_updated_at BEFORE UPDATE ON public.user_lists
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER leagues_set_updated_at BEFORE UPDATE ON public.leagues
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER episode_mindmaps_set_updated_at BEFORE UPDATE ON public.episode_mindmaps
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER leaderboard_entries_set_updated_at BEFORE UPDATE ON public.leaderboard_entries
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER user_achievements_set_updated_at BEFORE UPDATE ON public.user_achievements
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER posts_set_updated_at BEFORE UPDATE ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
CREATE TRIGGER subscriptions_set_updated_at BEFORE UPDATE ON public.subscriptions
  FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
--> statement-breakpoint
-- leagues.member_count is derived from league_members; clients never write it. Row-level UPDATE
-- serialises concurrent joins on the league row, so the count cannot drift.
CREATE OR REPLACE FUNCTION public.sync_league_member_count()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE public.leagues SET member_count = member_count + 1 WHERE id = NEW.league_id;
  ELSIF TG_OP = 'DELETE' THEN
    -- When the league itself is being deleted the row is already gone and this updates nothing.
    UPDATE public.leagues SET member_count = member_count - 1 WHERE id = OLD.league_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER league_members_sync_count
  AFTER INSERT OR DELETE ON public.league_members
  FOR EACH ROW EXECUTE FUNCTION public.sync_league_member_count();
--> statement-breakpoint
-- A list's updated_at also moves when episodes are added to or removed from it (profile Lists tab).
CREATE OR REPLACE FUNCTION public.touch_user_list()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  UPDATE public.user_lists SET updated_at = now()
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.list_id ELSE NEW.list_id END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_list_episodes_touch_list
  AFTER INSERT OR DELETE ON public.user_list_episodes
  FOR EACH ROW EXECUTE FUNCTION public.touch_user_list();
