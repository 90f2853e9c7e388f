ALTER TABLE "episodes" ADD COLUMN "transcribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcription_state" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcription_error" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_transcription_state_check" CHECK ("episodes"."transcription_state" in ('queued', 'running', 'failed'));