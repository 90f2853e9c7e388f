CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"handle" text,
	"avatar_url" text,
	"theme" text DEFAULT 'dark' NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_theme_check" CHECK ("profiles"."theme" in ('light', 'dark', 'system')),
	CONSTRAINT "profiles_xp_check" CHECK ("profiles"."xp" >= 0),
	CONSTRAINT "profiles_level_check" CHECK ("profiles"."level" >= 1),
	CONSTRAINT "profiles_handle_check" CHECK ("profiles"."handle" ~ '^[a-z0-9_]{3,30}$')
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_user_id_key" UNIQUE("user_id"),
	CONSTRAINT "subscriptions_stripe_customer_id_key" UNIQUE("stripe_customer_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_key" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "episode_chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"episode_id" uuid NOT NULL,
	"start_time" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_chapters_episode_start_key" UNIQUE("episode_id","start_time"),
	CONSTRAINT "episode_chapters_start_time_check" CHECK ("episode_chapters"."start_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "episode_guests" (
	"episode_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	CONSTRAINT "episode_guests_episode_id_guest_id_pk" PRIMARY KEY("episode_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "episode_hosts" (
	"episode_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	CONSTRAINT "episode_hosts_episode_id_host_id_pk" PRIMARY KEY("episode_id","host_id")
);
--> statement-breakpoint
CREATE TABLE "episode_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"episode_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_links_episode_url_key" UNIQUE("episode_id","url")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"podcast_id" uuid NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"insights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_insights" text[],
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"transcript_text" text,
	"transcript_url" text,
	"transcript_segments" jsonb,
	"audio_url" text,
	"youtube_url" text,
	"image_url" text,
	"duration" integer,
	"pub_date" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"guid" text,
	"enclosure_key" text,
	"ready" boolean DEFAULT false NOT NULL,
	"quiz_status" text DEFAULT 'none' NOT NULL,
	"show_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"people" jsonb,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('english'::regconfig, public.immutable_array_to_string("topics", ' ')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_podcast_guid_key" UNIQUE("podcast_id","guid"),
	CONSTRAINT "episodes_podcast_enclosure_key" UNIQUE("podcast_id","enclosure_key"),
	CONSTRAINT "episodes_title_check" CHECK (char_length(btrim("episodes"."title")) > 0),
	CONSTRAINT "episodes_quiz_status_check" CHECK ("episodes"."quiz_status" in ('none', 'generating', 'failed', 'complete')),
	CONSTRAINT "episodes_duration_check" CHECK ("episodes"."duration" >= 0),
	CONSTRAINT "episodes_insights_check" CHECK (jsonb_typeof("episodes"."insights") = 'array'),
	CONSTRAINT "episodes_show_notes_check" CHECK (jsonb_typeof("episodes"."show_notes") = 'array'),
	CONSTRAINT "episodes_transcript_segments_check" CHECK ("episodes"."transcript_segments" is null or jsonb_typeof("episodes"."transcript_segments") = 'array'),
	CONSTRAINT "episodes_people_check" CHECK ("episodes"."people" is null or jsonb_typeof("episodes"."people") = 'array')
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"avatar_url" text,
	"website_url" text,
	"twitter_handle" text,
	"linkedin_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_name_check" CHECK (char_length(btrim("guests"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"avatar_url" text,
	"website_url" text,
	"twitter_handle" text,
	"linkedin_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosts_name_check" CHECK (char_length(btrim("hosts"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "podcast_subscriptions" (
	"user_id" uuid NOT NULL,
	"podcast_id" uuid NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcast_subscriptions_user_id_podcast_id_pk" PRIMARY KEY("user_id","podcast_id")
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"feed_url" text,
	"source_type" text DEFAULT 'rss' NOT NULL,
	"cover_url" text,
	"description" text,
	"author" text,
	"website_url" text,
	"youtube_channel_id" text,
	"podcast_guid" text,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcasts_feed_url_key" UNIQUE("feed_url"),
	CONSTRAINT "podcasts_podcast_guid_key" UNIQUE("podcast_guid"),
	CONSTRAINT "podcasts_source_type_check" CHECK ("podcasts"."source_type" in ('rss', 'youtube', 'manual')),
	CONSTRAINT "podcasts_name_check" CHECK (char_length(btrim("podcasts"."name")) > 0),
	CONSTRAINT "podcasts_rss_feed_check" CHECK ("podcasts"."source_type" <> 'rss' or "podcasts"."feed_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "post_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"start_ts" integer,
	"end_ts" integer,
	"quote" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_episodes_start_check" CHECK ("post_episodes"."start_ts" >= 0),
	CONSTRAINT "post_episodes_range_check" CHECK ("post_episodes"."end_ts" >= "post_episodes"."start_ts")
);
--> statement-breakpoint
CREATE TABLE "post_reflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reflections_content_check" CHECK (char_length("post_reflections"."content") <= 500 and char_length(btrim("post_reflections"."content")) >= 10)
);
--> statement-breakpoint
CREATE TABLE "post_topics" (
	"post_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	CONSTRAINT "post_topics_post_id_topic_id_pk" PRIMARY KEY("post_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"dek" text,
	"hero_image" text,
	"published_at" timestamp with time zone,
	"author" text,
	"read_time_minutes" integer,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_key" UNIQUE("slug"),
	CONSTRAINT "posts_slug_check" CHECK ("posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "posts_type_check" CHECK ("posts"."type" in ('explainer', 'weekly', 'debate', 'tactical')),
	CONSTRAINT "posts_title_check" CHECK (char_length(btrim("posts"."title")) > 0),
	CONSTRAINT "posts_read_time_check" CHECK ("posts"."read_time_minutes" > 0),
	CONSTRAINT "posts_blocks_check" CHECK (jsonb_typeof("posts"."blocks") = 'array')
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "topics_slug_key" UNIQUE("slug"),
	CONSTRAINT "topics_slug_check" CHECK ("topics"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "episode_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_chats_question_check" CHECK (char_length(btrim("episode_chats"."question")) > 0),
	CONSTRAINT "episode_chats_sources_check" CHECK (jsonb_typeof("episode_chats"."sources") = 'array')
);
--> statement-breakpoint
CREATE TABLE "episode_mindmaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"episode_id" uuid NOT NULL,
	"mindmap_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_mindmaps_episode_id_key" UNIQUE("episode_id"),
	CONSTRAINT "episode_mindmaps_data_check" CHECK (jsonb_typeof("episode_mindmaps"."mindmap_data") = 'object')
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"league_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_members_league_id_user_id_pk" PRIMARY KEY("league_id","user_id"),
	CONSTRAINT "league_members_role_check" CHECK ("league_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"owner_user_id" uuid,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leagues_name_check" CHECK (char_length(btrim("leagues"."name")) between 1 and 50),
	CONSTRAINT "leagues_description_check" CHECK (char_length("leagues"."description") <= 200),
	CONSTRAINT "leagues_visibility_check" CHECK ("leagues"."visibility" in ('public')),
	CONSTRAINT "leagues_member_count_check" CHECK ("leagues"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mindmap_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"episode_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"view_type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mindmap_analytics_event_type_check" CHECK ("mindmap_analytics"."event_type" in ('mindmap_view', 'mindmap_session_duration', 'node_click', 'timestamp_click', 'export')),
	CONSTRAINT "mindmap_analytics_view_type_check" CHECK ("mindmap_analytics"."view_type" in ('tree', 'radial', 'graph')),
	CONSTRAINT "mindmap_analytics_metadata_check" CHECK (jsonb_typeof("mindmap_analytics"."metadata") = 'object')
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"episode_id" uuid NOT NULL,
	"stem" text NOT NULL,
	"choices" text[] NOT NULL,
	"answer" text NOT NULL,
	"explanation" text,
	"concept_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"difficulty" text,
	"timecode" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_stem_check" CHECK (char_length(btrim("questions"."stem")) > 0),
	CONSTRAINT "questions_choices_check" CHECK (cardinality("questions"."choices") >= 2),
	CONSTRAINT "questions_answer_check" CHECK ("questions"."answer" = any("questions"."choices")),
	CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "questions_timecode_check" CHECK ("questions"."timecode" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spaced_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"ease" real DEFAULT 2.5 NOT NULL,
	"interval" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spaced_cards_user_question_key" UNIQUE("user_id","question_id"),
	CONSTRAINT "spaced_cards_ease_check" CHECK ("spaced_cards"."ease" >= 1.3),
	CONSTRAINT "spaced_cards_interval_check" CHECK ("spaced_cards"."interval" >= 0),
	CONSTRAINT "spaced_cards_lapses_check" CHECK ("spaced_cards"."lapses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"is_correct" boolean NOT NULL,
	"confidence" smallint NOT NULL,
	"time_ms" integer NOT NULL,
	"xp_awarded" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_answers_confidence_check" CHECK ("user_answers"."confidence" between 1 and 5),
	CONSTRAINT "user_answers_time_ms_check" CHECK ("user_answers"."time_ms" >= 0),
	CONSTRAINT "user_answers_xp_awarded_check" CHECK ("user_answers"."xp_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_bookmarks_user_episode_key" UNIQUE("user_id","episode_id")
);
--> statement-breakpoint
CREATE TABLE "user_list_episodes" (
	"list_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_list_episodes_list_id_episode_id_pk" PRIMARY KEY("list_id","episode_id"),
	CONSTRAINT "user_list_episodes_position_check" CHECK ("user_list_episodes"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_lists_name_check" CHECK (char_length(btrim("user_lists"."name")) between 1 and 100),
	CONSTRAINT "user_lists_description_check" CHECK (char_length("user_lists"."description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "play_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"last_position_seconds" integer DEFAULT 0 NOT NULL,
	"progress_seconds" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_history_user_episode_key" UNIQUE("user_id","episode_id"),
	CONSTRAINT "play_history_last_position_check" CHECK ("play_history"."last_position_seconds" >= 0),
	CONSTRAINT "play_history_progress_check" CHECK ("play_history"."progress_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_episode_id" uuid,
	"last_position_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_activity_last_position_check" CHECK ("user_activity"."last_position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"last_active_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_streaks_current_check" CHECK ("user_streaks"."current_streak" >= 0),
	CONSTRAINT "user_streaks_longest_check" CHECK ("user_streaks"."longest_streak" >= "user_streaks"."current_streak")
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"tier" text NOT NULL,
	"metric" text NOT NULL,
	"requirement_value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_slug_key" UNIQUE("slug"),
	CONSTRAINT "achievements_slug_check" CHECK ("achievements"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "achievements_tier_check" CHECK ("achievements"."tier" in ('bronze', 'silver', 'gold', 'platinum')),
	CONSTRAINT "achievements_metric_check" CHECK ("achievements"."metric" in ('xp', 'level', 'streak_days', 'quizzes_completed', 'correct_answers', 'episodes_completed', 'cards_reviewed', 'friends', 'reflections')),
	CONSTRAINT "achievements_requirement_check" CHECK ("achievements"."requirement_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	CONSTRAINT "invites_token_key" UNIQUE("token"),
	CONSTRAINT "invites_token_check" CHECK ("invites"."token" ~ '^[0-9a-f]{48}$'),
	CONSTRAINT "invites_state_check" CHECK ("invites"."state" in ('sent', 'accepted')),
	CONSTRAINT "invites_accepted_at_check" CHECK (("invites"."state" = 'accepted') = ("invites"."accepted_at" is not null)),
	CONSTRAINT "invites_not_self_check" CHECK ("invites"."accepted_user_id" <> "invites"."inviter_user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'weekly' NOT NULL,
	"week_start" date NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"quizzes_completed" integer DEFAULT 0 NOT NULL,
	"average_accuracy" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_entries_user_type_week_key" UNIQUE("user_id","type","week_start"),
	CONSTRAINT "leaderboard_entries_type_check" CHECK ("leaderboard_entries"."type" in ('weekly')),
	CONSTRAINT "leaderboard_entries_week_start_check" CHECK (extract(isodow from "leaderboard_entries"."week_start") = 7),
	CONSTRAINT "leaderboard_entries_score_check" CHECK ("leaderboard_entries"."score" >= 0),
	CONSTRAINT "leaderboard_entries_quizzes_check" CHECK ("leaderboard_entries"."quizzes_completed" >= 0),
	CONSTRAINT "leaderboard_entries_accuracy_check" CHECK ("leaderboard_entries"."average_accuracy" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" uuid NOT NULL,
	"achievement_id" uuid NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"earned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id"),
	CONSTRAINT "user_achievements_progress_check" CHECK ("user_achievements"."progress" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follower_id" uuid NOT NULL,
	"following_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "user_follows_pair_key" UNIQUE("follower_id","following_id"),
	CONSTRAINT "user_follows_not_self_check" CHECK ("user_follows"."follower_id" <> "user_follows"."following_id"),
	CONSTRAINT "user_follows_status_check" CHECK ("user_follows"."status" in ('pending', 'accepted')),
	CONSTRAINT "user_follows_accepted_at_check" CHECK (("user_follows"."status" = 'accepted') = ("user_follows"."accepted_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_chapters" ADD CONSTRAINT "episode_chapters_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guests" ADD CONSTRAINT "episode_guests_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guests" ADD CONSTRAINT "episode_guests_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_hosts" ADD CONSTRAINT "episode_hosts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_hosts" ADD CONSTRAINT "episode_hosts_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_links" ADD CONSTRAINT "episode_links_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD CONSTRAINT "podcast_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD CONSTRAINT "podcast_subscriptions_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_episodes" ADD CONSTRAINT "post_episodes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_episodes" ADD CONSTRAINT "post_episodes_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reflections" ADD CONSTRAINT "post_reflections_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reflections" ADD CONSTRAINT "post_reflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_topics" ADD CONSTRAINT "post_topics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_topics" ADD CONSTRAINT "post_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_chats" ADD CONSTRAINT "episode_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_chats" ADD CONSTRAINT "episode_chats_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_mindmaps" ADD CONSTRAINT "episode_mindmaps_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mindmap_analytics" ADD CONSTRAINT "mindmap_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mindmap_analytics" ADD CONSTRAINT "mindmap_analytics_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaced_cards" ADD CONSTRAINT "spaced_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaced_cards" ADD CONSTRAINT "spaced_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD CONSTRAINT "user_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD CONSTRAINT "user_bookmarks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_episodes" ADD CONSTRAINT "user_list_episodes_list_id_user_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."user_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_episodes" ADD CONSTRAINT "user_list_episodes_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lists" ADD CONSTRAINT "user_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_history" ADD CONSTRAINT "play_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_history" ADD CONSTRAINT "play_history_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_last_episode_id_episodes_id_fk" FOREIGN KEY ("last_episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD CONSTRAINT "user_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_handle_lower_key" ON "profiles" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_key" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "episode_guests_guest_id_idx" ON "episode_guests" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "episode_hosts_host_id_idx" ON "episode_hosts" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "episodes_search_vector_idx" ON "episodes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "episodes_title_trgm_idx" ON "episodes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "episodes_ready_pub_date_idx" ON "episodes" USING btree ("pub_date") WHERE "episodes"."ready";--> statement-breakpoint
CREATE INDEX "episodes_quiz_ready_pub_date_idx" ON "episodes" USING btree ("pub_date") WHERE "episodes"."ready" and "episodes"."quiz_status" = 'complete';--> statement-breakpoint
CREATE INDEX "episodes_pub_date_idx" ON "episodes" USING btree ("pub_date");--> statement-breakpoint
CREATE INDEX "episodes_created_at_idx" ON "episodes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "episodes_podcast_pub_date_idx" ON "episodes" USING btree ("podcast_id","pub_date");--> statement-breakpoint
CREATE INDEX "guests_name_lower_idx" ON "guests" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hosts_name_lower_idx" ON "hosts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "podcast_subscriptions_user_subscribed_idx" ON "podcast_subscriptions" USING btree ("user_id","subscribed_at");--> statement-breakpoint
CREATE INDEX "podcast_subscriptions_podcast_id_idx" ON "podcast_subscriptions" USING btree ("podcast_id");--> statement-breakpoint
CREATE INDEX "podcasts_name_idx" ON "podcasts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "post_episodes_post_position_idx" ON "post_episodes" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "post_episodes_episode_id_idx" ON "post_episodes" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "post_reflections_post_created_idx" ON "post_reflections" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_reflections_user_id_idx" ON "post_reflections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_topics_topic_id_idx" ON "post_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "posts_published_at_idx" ON "posts" USING btree ("published_at") WHERE "posts"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_type_published_at_idx" ON "posts" USING btree ("type","published_at") WHERE "posts"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "topics_title_idx" ON "topics" USING btree ("title");--> statement-breakpoint
CREATE INDEX "episode_chats_episode_user_created_idx" ON "episode_chats" USING btree ("episode_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "episode_chats_user_id_idx" ON "episode_chats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "league_members_user_id_idx" ON "league_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leagues_public_created_idx" ON "leagues" USING btree ("created_at") WHERE "leagues"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "leagues_owner_user_id_idx" ON "leagues" USING btree ("owner_user_id") WHERE "leagues"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "mindmap_analytics_event_created_idx" ON "mindmap_analytics" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "mindmap_analytics_episode_id_idx" ON "mindmap_analytics" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "mindmap_analytics_user_id_idx" ON "mindmap_analytics" USING btree ("user_id") WHERE "mindmap_analytics"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_episode_created_idx" ON "questions" USING btree ("episode_id","created_at");--> statement-breakpoint
CREATE INDEX "spaced_cards_user_due_idx" ON "spaced_cards" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "spaced_cards_question_id_idx" ON "spaced_cards" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "user_answers_user_answered_idx" ON "user_answers" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "user_answers_question_id_idx" ON "user_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "user_bookmarks_user_created_idx" ON "user_bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_bookmarks_episode_id_idx" ON "user_bookmarks" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "user_list_episodes_episode_id_idx" ON "user_list_episodes" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "user_lists_user_created_idx" ON "user_lists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "play_history_user_last_played_idx" ON "play_history" USING btree ("user_id","last_played_at");--> statement-breakpoint
CREATE INDEX "play_history_episode_id_idx" ON "play_history" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "user_activity_last_episode_id_idx" ON "user_activity" USING btree ("last_episode_id") WHERE "user_activity"."last_episode_id" is not null;--> statement-breakpoint
CREATE INDEX "invites_inviter_user_id_idx" ON "invites" USING btree ("inviter_user_id");--> statement-breakpoint
CREATE INDEX "invites_accepted_user_id_idx" ON "invites" USING btree ("accepted_user_id") WHERE "invites"."accepted_user_id" is not null;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_type_week_score_idx" ON "leaderboard_entries" USING btree ("type","week_start","score");--> statement-breakpoint
CREATE INDEX "user_achievements_achievement_id_idx" ON "user_achievements" USING btree ("achievement_id");--> statement-breakpoint
CREATE INDEX "user_follows_following_status_idx" ON "user_follows" USING btree ("following_id","status");