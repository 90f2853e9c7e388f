-- The achievement definitions (decision 022). Upserted by slug, so re-running this file, or a later
-- migration that edits a definition, changes names and thresholds without touching who earned what.
insert into achievements (slug, name, description, icon, tier, metric, requirement_value) values
  ('first-quiz', 'First Steps', 'Finish your first quiz.', 'footprints', 'bronze', 'quizzes_completed', 1),
  ('quiz-regular', 'Quiz Regular', 'Finish 10 quizzes.', 'list-checks', 'silver', 'quizzes_completed', 10),
  ('quiz-devotee', 'Quiz Devotee', 'Finish 50 quizzes.', 'graduation-cap', 'gold', 'quizzes_completed', 50),
  ('quiz-legend', 'Quiz Legend', 'Finish 200 quizzes.', 'trophy', 'platinum', 'quizzes_completed', 200),
  ('flawless', 'Flawless', 'Answer every question of a quiz correctly.', 'target', 'bronze', 'perfect_quizzes', 1),
  ('sharp-mind', 'Sharp Mind', 'Finish 5 quizzes without a wrong answer.', 'crosshair', 'silver', 'perfect_quizzes', 5),
  ('perfectionist', 'Perfectionist', 'Finish 25 quizzes without a wrong answer.', 'gem', 'gold', 'perfect_quizzes', 25),
  ('hundred-recalls', 'Hundred Recalls', 'Answer 100 quiz questions correctly.', 'brain', 'silver', 'correct_answers', 100),
  ('thousand-recalls', 'Thousand Recalls', 'Answer 1,000 quiz questions correctly.', 'sparkles', 'platinum', 'correct_answers', 1000),
  ('second-look', 'Second Look', 'Review 10 different cards.', 'repeat', 'bronze', 'cards_reviewed', 10),
  ('spaced-out', 'Spaced Out', 'Review 100 different cards.', 'layers', 'silver', 'cards_reviewed', 100),
  ('memory-keeper', 'Memory Keeper', 'Review 500 different cards.', 'archive', 'gold', 'cards_reviewed', 500),
  ('warming-up', 'Warming Up', 'Recall something 3 days in a row.', 'flame', 'bronze', 'streak_days', 3),
  ('week-of-recall', 'Week of Recall', 'Keep a 7-day streak.', 'calendar-check', 'silver', 'streak_days', 7),
  ('month-of-memory', 'Month of Memory', 'Keep a 30-day streak.', 'calendar-days', 'gold', 'streak_days', 30),
  ('unbroken', 'Unbroken', 'Keep a 100-day streak.', 'zap', 'platinum', 'streak_days', 100),
  ('theme-master', 'Theme Master', 'Master a knowledge theme (reach Expert).', 'award', 'gold', 'themes_mastered', 1),
  ('polymath', 'Polymath', 'Master 3 knowledge themes.', 'crown', 'platinum', 'themes_mastered', 3),
  ('study-buddy', 'Study Buddy', 'Make your first friend.', 'user-plus', 'bronze', 'friends', 1),
  ('study-circle', 'Study Circle', 'Have 5 friends.', 'users', 'silver', 'friends', 5)
on conflict (slug) do update set
  name = excluded.name,
  description = excluded.description,
  icon = excluded.icon,
  tier = excluded.tier,
  metric = excluded.metric,
  requirement_value = excluded.requirement_value;
