CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"podcast" text,
	"message" text NOT NULL,
	"ip" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_role_check" CHECK ("contact_messages"."role" in ('creator', 'network', 'investor', 'listener')),
	CONSTRAINT "contact_messages_message_check" CHECK (char_length("contact_messages"."message") between 1 and 5000),
	CONSTRAINT "contact_messages_name_check" CHECK (char_length(btrim("contact_messages"."name")) between 1 and 100),
	CONSTRAINT "contact_messages_email_check" CHECK (char_length("contact_messages"."email") between 3 and 254)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_id_idx" ON "contact_messages" USING btree ("user_id");