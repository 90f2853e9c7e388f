CREATE TABLE "xp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_events_amount_check" CHECK ("xp_events"."amount" >= 0),
	CONSTRAINT "xp_events_source_check" CHECK ("xp_events"."source" in ('quiz', 'review'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_xp_goal" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_events_user_created_idx" ON "xp_events" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_daily_xp_goal_check" CHECK ("profiles"."daily_xp_goal" in (10, 30, 50, 100));