CREATE TABLE "leaderboard_xp_band_counts" (
	"band" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_xp_band_counts_band_check" CHECK ("leaderboard_xp_band_counts"."band" >= 0)
);
