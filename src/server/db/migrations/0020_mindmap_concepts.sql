CREATE TABLE "mindmap_concepts" (
	"concept_key" text NOT NULL,
	"episode_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"node_title" text NOT NULL,
	"time" integer,
	CONSTRAINT "mindmap_concepts_concept_key_episode_id_node_id_pk" PRIMARY KEY("concept_key","episode_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "mindmap_concepts" ADD CONSTRAINT "mindmap_concepts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mindmap_concepts_episode_id_idx" ON "mindmap_concepts" USING btree ("episode_id");