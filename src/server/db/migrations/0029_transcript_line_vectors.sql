DROP INDEX "episode_transcript_lines_text_idx";--> statement-breakpoint
ALTER TABLE "episode_transcript_lines" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "episode_transcript_lines_search_idx" ON "episode_transcript_lines" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "episode_transcript_lines_episode_start_idx" ON "episode_transcript_lines" USING btree ("episode_id","start_seconds");--> statement-breakpoint
ANALYZE public.episode_transcript_lines;
