-- Decision 040, second round: the dropdown's window walk tests the title substring on the stored
-- lower-cased title (LIKE) instead of lower-casing each title again (ILIKE). IF NOT EXISTS: the
-- 1M bench database got the column while it was prototyped. Rewrites episode_search (42 s at 1M).
ALTER TABLE "episode_search" ADD COLUMN IF NOT EXISTS "title_lower" text GENERATED ALWAYS AS (lower("title")) STORED NOT NULL;
