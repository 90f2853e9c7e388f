ALTER TABLE "questions" ADD COLUMN "theme_ids" text[];--> statement-breakpoint
CREATE INDEX "questions_theme_ids_pending_idx" ON "questions" USING btree ("id") WHERE "questions"."theme_ids" is null;