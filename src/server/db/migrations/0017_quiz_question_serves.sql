CREATE TABLE "quiz_question_serves" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_question_serves_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_question_serves" ADD CONSTRAINT "quiz_question_serves_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_serves" ADD CONSTRAINT "quiz_question_serves_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_question_serves_question_id_idx" ON "quiz_question_serves" USING btree ("question_id");