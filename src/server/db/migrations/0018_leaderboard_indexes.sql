CREATE TABLE "leaderboard_xp_band_counts" (
	"band" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_xp_band_counts_band_check" CHECK ("leaderboard_xp_band_counts"."band" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_xp_counts" (
	"xp" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_xp_counts_xp_check" CHECK ("leaderboard_xp_counts"."xp" > 0)
);
--> statement-breakpoint
DROP INDEX "profiles_xp_idx";--> statement-breakpoint
DROP INDEX "leaderboard_entries_type_week_score_idx";--> statement-breakpoint
CREATE INDEX "profiles_xp_user_id_idx" ON "profiles" USING btree ("xp" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_week_score_user_idx" ON "leaderboard_entries" USING btree ("type","week_start","score" DESC NULLS LAST,"user_id");