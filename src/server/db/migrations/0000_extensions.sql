-- Trigram indexes (episodes.title gin_trgm_ops) and similarity()/word_similarity() need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE (it calls the element type's output function), so it cannot be
-- used in a generated column. For text[] the output function is immutable, which makes this
-- wrapper honestly IMMUTABLE. The SQL-standard body is parsed at creation, so it does not depend
-- on search_path (safe for pg_dump/restore). Used by episodes.search_vector.
CREATE OR REPLACE FUNCTION public.immutable_array_to_string(text[], text)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  STRICT
  PARALLEL SAFE
  RETURN pg_catalog.array_to_string($1, $2);
