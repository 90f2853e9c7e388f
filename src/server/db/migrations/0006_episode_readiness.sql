-- An episode is ready (visible in public lists and search) when it has playable audio or a video,
-- a title and a summary. Derived here so every writer (ingestion, video import, the learning engine
-- writing a summary later) keeps it true; published_at records when it first became visible.
CREATE OR REPLACE FUNCTION public.episodes_derive_readiness() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.ready := (NEW.audio_url IS NOT NULL OR NEW.youtube_url IS NOT NULL)
    AND char_length(btrim(NEW.title)) > 0
    AND coalesce(btrim(NEW.summary), '') <> '';
  IF NEW.ready AND NEW.published_at IS NULL THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episodes_derive_readiness
  BEFORE INSERT OR UPDATE OF audio_url, youtube_url, title, summary, ready, published_at ON public.episodes
  FOR EACH ROW EXECUTE FUNCTION public.episodes_derive_readiness();
--> statement-breakpoint
UPDATE public.episodes SET ready = ready;
