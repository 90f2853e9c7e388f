CREATE TABLE "podcast_additions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"podcast_id" uuid,
	"feed_url" text NOT NULL,
	"is_new" boolean NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcast_additions_status_check" CHECK ("podcast_additions"."status" in ('queued', 'reading', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "podcast_additions" ADD CONSTRAINT "podcast_additions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_additions" ADD CONSTRAINT "podcast_additions_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "podcast_additions_user_created_idx" ON "podcast_additions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "podcast_additions_podcast_id_idx" ON "podcast_additions" USING btree ("podcast_id");