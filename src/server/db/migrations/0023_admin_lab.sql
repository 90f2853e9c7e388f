CREATE TABLE "role_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"target_user_id" uuid,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_audit_log_role_check" CHECK ("role_audit_log"."role" in ('admin', 'premium')),
	CONSTRAINT "role_audit_log_action_check" CHECK ("role_audit_log"."action" in ('grant', 'revoke'))
);
--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "last_sync_inserted" integer;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "role_audit_log" ADD CONSTRAINT "role_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_audit_log" ADD CONSTRAINT "role_audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_audit_log_created_at_id_idx" ON "role_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "role_audit_log_actor_user_id_idx" ON "role_audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "role_audit_log_target_user_id_idx" ON "role_audit_log" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");