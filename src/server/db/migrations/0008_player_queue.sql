CREATE TABLE "player_queue_items" (
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"episode_id" uuid NOT NULL,
	CONSTRAINT "player_queue_items_pk" PRIMARY KEY("user_id","position"),
	CONSTRAINT "player_queue_items_position_check" CHECK ("player_queue_items"."position" >= 0 and "player_queue_items"."position" < 200)
);
--> statement-breakpoint
CREATE TABLE "player_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"playback_rate" real DEFAULT 1 NOT NULL,
	"queue_index" integer DEFAULT -1 NOT NULL,
	CONSTRAINT "player_settings_playback_rate_check" CHECK ("player_settings"."playback_rate" between 0.5 and 3),
	CONSTRAINT "player_settings_queue_index_check" CHECK ("player_settings"."queue_index" >= -1 and "player_settings"."queue_index" < 200)
);
--> statement-breakpoint
ALTER TABLE "player_queue_items" ADD CONSTRAINT "player_queue_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_queue_items" ADD CONSTRAINT "player_queue_items_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_settings" ADD CONSTRAINT "player_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_queue_items_episode_id_idx" ON "player_queue_items" USING btree ("episode_id");