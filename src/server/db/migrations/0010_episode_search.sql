CREATE TABLE "episode_search" (
	"episode_id" uuid PRIMARY KEY NOT NULL,
	"podcast_id" uuid NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "episodes_search_vector_idx";--> statement-breakpoint
DROP INDEX "episodes_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "episode_search" ADD CONSTRAINT "episode_search_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_search_vector_idx" ON "episode_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "episode_search_title_trgm_idx" ON "episode_search" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "episode_search_pub_date_idx" ON "episode_search" USING btree ("pub_date","episode_id");--> statement-breakpoint
CREATE INDEX "episode_search_podcast_pub_date_idx" ON "episode_search" USING btree ("podcast_id","pub_date","episode_id");