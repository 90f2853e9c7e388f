import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Adds a finished quiz to the user's weekly leaderboard row (leaderboard_entries, type weekly,
 * week_start = the Sunday that starts the week in their time zone): score and quizzes completed add
 * up; average_accuracy is the running mean of the quizzes' accuracies. One upsert, so concurrent
 * finishes each count once (the conflicting insert waits for the row lock and re-reads the row).
 */
export async function recordWeeklyScore(
  tx: Tx,
  input: { userId: string; weekStart: string; score: number; accuracy: number },
): Promise<void> {
  await tx.execute(
    sql`insert into leaderboard_entries as l (user_id, type, week_start, score, quizzes_completed, average_accuracy)
        values (${input.userId}, 'weekly', ${input.weekStart}::date, ${input.score}, 1, ${input.accuracy})
        on conflict (user_id, type, week_start) do update set
          score = l.score + excluded.score,
          quizzes_completed = l.quizzes_completed + 1,
          -- Clamped: a 4-byte real mean may land a hair outside 0..100.
          average_accuracy = least(100, greatest(0,
            (l.average_accuracy * l.quizzes_completed + excluded.average_accuracy) / (l.quizzes_completed + 1)))`,
  );
}
