-- mindmap_concepts indexes the related concepts of every node of every stored mind map (decision
-- 024), so the catalog-wide concept look-up reads a few index rows instead of every map's JSON.
-- A row trigger on episode_mindmaps replaces an episode's rows whenever its map is written.

-- The concept key: NFKC, whitespace runs (JavaScript's trim set plus NEL) collapsed to one space,
-- trimmed, lower-cased with full Unicode case mapping. It must equal conceptKey() in
-- src/domain/mindmap.ts (the look-up keys its input there); an API test compares the two.
-- pg_unicode_fast makes lower() independent of the database's locale and equal to JavaScript's
-- toLowerCase (final sigma, "İ" → "i̇").
CREATE OR REPLACE FUNCTION public.mindmap_concept_key(concept text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(
  btrim(
    regexp_replace(
      normalize(concept, NFKC),
      '[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+',
      ' ',
      'g'
    ),
    ' '
  ) COLLATE pg_unicode_fast
);
--> statement-breakpoint
-- The index rows of one map: every node at any depth ('strict $.**' visits each value once; lax
-- mode would visit array items twice) that has an id and a relatedConcepts array, one row per
-- distinct key and node id (the first node wins when a map repeats an id). Keys or ids too long
-- for a btree entry, blank keys and non-string concepts are skipped rather than failing the write
-- of the map. Times are whole seconds; anything but a number is null. A legacy central/branches
-- map has no "nodes" and gives no rows.
CREATE OR REPLACE FUNCTION public.mindmap_concept_rows(episode uuid, data jsonb)
  RETURNS TABLE (concept_key text, episode_id uuid, node_id text, node_title text, "time" integer)
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT ON (k.key, n.node ->> 'id')
    k.key,
    episode,
    n.node ->> 'id',
    coalesce(n.node ->> 'title', ''),
    CASE WHEN jsonb_typeof(n.node -> 'time') = 'number'
      THEN least(greatest(floor((n.node ->> 'time')::numeric), 0), 2147483647)::integer
    END
  FROM jsonb_path_query(data -> 'nodes', 'strict $.** ? (@.relatedConcepts.type() == "array")')
    WITH ORDINALITY AS n(node, ord)
  CROSS JOIN LATERAL jsonb_array_elements(n.node -> 'relatedConcepts') AS c(concept)
  CROSS JOIN LATERAL (SELECT public.mindmap_concept_key(c.concept #>> '{}')) AS k(key)
  WHERE jsonb_typeof(c.concept) = 'string'
    AND char_length(n.node ->> 'id') BETWEEN 1 AND 200
    AND char_length(k.key) BETWEEN 1 AND 500
  ORDER BY k.key, n.node ->> 'id', n.ord
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.episode_mindmaps_sync_concepts()
  RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public.mindmap_concepts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM public.mindmap_concepts WHERE episode_id = OLD.episode_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.mindmap_concepts (concept_key, episode_id, node_id, node_title, "time")
      SELECT * FROM public.mindmap_concept_rows(NEW.episode_id, NEW.mindmap_data);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episode_mindmaps_sync_concepts
  AFTER INSERT OR DELETE OR UPDATE OF episode_id, mindmap_data ON public.episode_mindmaps
  FOR EACH ROW EXECUTE FUNCTION public.episode_mindmaps_sync_concepts();
--> statement-breakpoint
CREATE TRIGGER episode_mindmaps_sync_concepts_truncate
  AFTER TRUNCATE ON public.episode_mindmaps
  FOR EACH STATEMENT EXECUTE FUNCTION public.episode_mindmaps_sync_concepts();
--> statement-breakpoint
-- Backfill: the maps stored before this migration.
INSERT INTO public.mindmap_concepts (concept_key, episode_id, node_id, node_title, "time")
  SELECT r.*
  FROM public.episode_mindmaps m
  CROSS JOIN LATERAL public.mindmap_concept_rows(m.episode_id, m.mindmap_data) r;
