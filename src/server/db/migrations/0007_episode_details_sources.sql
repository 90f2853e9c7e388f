ALTER TABLE "episodes" ADD COLUMN "chapters_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "details_checked_at" timestamp with time zone;