CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"question_count" integer NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"fast_count" integer DEFAULT 0 NOT NULL,
	"combo" integer DEFAULT 0 NOT NULL,
	"max_combo" integer DEFAULT 0 NOT NULL,
	"xp_earned" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"level_before" integer,
	"level_after" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_question_count_check" CHECK ("quiz_attempts"."question_count" between 1 and 12),
	CONSTRAINT "quiz_attempts_counts_check" CHECK ("quiz_attempts"."answered_count" between 0 and "quiz_attempts"."question_count" and "quiz_attempts"."correct_count" between 0 and "quiz_attempts"."answered_count" and "quiz_attempts"."fast_count" between 0 and "quiz_attempts"."answered_count"),
	CONSTRAINT "quiz_attempts_combo_check" CHECK ("quiz_attempts"."combo" >= 0 and "quiz_attempts"."max_combo" >= "quiz_attempts"."combo"),
	CONSTRAINT "quiz_attempts_totals_check" CHECK ("quiz_attempts"."xp_earned" >= 0 and "quiz_attempts"."score" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "themes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "enriched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "choice" text;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_episode_started_idx" ON "quiz_attempts" USING btree ("user_id","episode_id","started_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_episode_id_idx" ON "quiz_attempts" USING btree ("episode_id");--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episodes_not_enriched_idx" ON "episodes" USING btree ("created_at") WHERE "episodes"."enriched_at" is null;--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_attempt_question_key" UNIQUE("attempt_id","question_id");