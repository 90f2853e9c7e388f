-- The XP ledger starts with the quizzes finished before it existed, so "XP today" and any later
-- history agree with profiles.xp (decision 018). Each finished attempt added its xp_earned once.
insert into xp_events (user_id, amount, source, source_id, created_at)
select user_id, xp_earned, 'quiz', id, finished_at
from quiz_attempts
where finished_at is not null and xp_earned > 0;
