import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChatSource, MindmapData, MindmapNode } from "../../../domain/contract/learning.ts";
import { type MindmapViewType, mindmapViewTypes } from "../../../domain/contract/mindmap.ts";
import { users } from "./auth.ts";
import { episodes } from "./catalog.ts";
import { createdAt, ownerUserId, primaryId, sqlLiterals, updatedAt } from "./columns.ts";

export const questionDifficulties = ["easy", "medium", "hard"] as const;
export type QuestionDifficulty = (typeof questionDifficulties)[number];

export const leagueRoles = ["owner", "member"] as const;
export type LeagueRole = (typeof leagueRoles)[number];

export const mindmapEventTypes = [
  "mindmap_view",
  "mindmap_session_duration",
  "node_click",
  "timestamp_click",
  "export",
] as const;
export type MindmapEventType = (typeof mindmapEventTypes)[number];

/** Current mind-map shape (spec 2 §3): stored as the API answers it. */
export type { MindmapData, MindmapNode };
/** Older stored shape; readers convert it to MindmapData. */
export type LegacyMindmapBranch = {
  title: string;
  time?: number | string;
  timecode?: number | string;
  summary?: string;
  children?: LegacyMindmapBranch[];
};
export type LegacyMindmapData = { central: string; branches: LegacyMindmapBranch[] };

export const questions = pgTable(
  "questions",
  {
    id: primaryId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    stem: text("stem").notNull(),
    choices: text("choices").array().notNull(),
    // The text of the correct choice (not an index), so reordering choices cannot break it.
    answer: text("answer").notNull(),
    explanation: text("explanation"),
    conceptTags: text("concept_tags").array().notNull().default(sql`'{}'::text[]`),
    difficulty: text("difficulty").$type<QuestionDifficulty>(),
    timecode: integer("timecode"), // seconds into the episode
    // Knowledge theme ids matched from concept_tags by matchThemes (src/domain/knowledge-themes.ts);
    // null until matched. Written with the question; existing rows are matched by
    // matchPendingQuestionThemes (services/knowledge/theme-matching.ts).
    themeIds: text("theme_ids").array(),
    createdAt: createdAt(),
  },
  (t) => [
    check("questions_stem_check", sql`char_length(btrim(${t.stem})) > 0`),
    check("questions_choices_check", sql`cardinality(${t.choices}) >= 2`),
    check("questions_answer_check", sql`${t.answer} = any(${t.choices})`),
    check("questions_difficulty_check", sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check("questions_timecode_check", sql`${t.timecode} >= 0`),
    // Quiz: an episode's questions in creation order (limit 12).
    index("questions_episode_created_idx").on(t.episodeId, t.createdAt),
    // Theme matching: the questions still to match (normally none).
    index("questions_theme_ids_pending_idx").on(t.id).where(sql`${t.themeIds} is null`),
  ],
);

/**
 * One run through an episode's quiz by one user. The server keeps the running combo and totals, so
 * the client never sends correctness, XP or score; results are read back from here.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: primaryId(),
    userId: ownerUserId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    questionCount: integer("question_count").notNull(),
    answeredCount: integer("answered_count").notNull().default(0),
    correctCount: integer("correct_count").notNull().default(0),
    // Answers faster than 7000 ms (score bonus).
    fastCount: integer("fast_count").notNull().default(0),
    combo: integer("combo").notNull().default(0),
    maxCombo: integer("max_combo").notNull().default(0),
    xpEarned: integer("xp_earned").notNull().default(0),
    score: integer("score").notNull().default(0),
    // Set when the attempt is finished and its XP added to the profile (exactly once).
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    levelBefore: integer("level_before"),
    levelAfter: integer("level_after"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("quiz_attempts_question_count_check", sql`${t.questionCount} between 1 and 12`),
    check(
      "quiz_attempts_counts_check",
      sql`${t.answeredCount} between 0 and ${t.questionCount} and ${t.correctCount} between 0 and ${t.answeredCount} and ${t.fastCount} between 0 and ${t.answeredCount}`,
    ),
    check("quiz_attempts_combo_check", sql`${t.combo} >= 0 and ${t.maxCombo} >= ${t.combo}`),
    check("quiz_attempts_totals_check", sql`${t.xpEarned} >= 0 and ${t.score} >= 0`),
    // Results page: the user's latest attempt at an episode.
    index("quiz_attempts_user_episode_started_idx").on(t.userId, t.episodeId, t.startedAt),
    index("quiz_attempts_episode_id_idx").on(t.episodeId),
  ],
);

/** Every submitted quiz answer; is_correct and xp_awarded are decided by the server. */
export const userAnswers = pgTable(
  "user_answers",
  {
    id: primaryId(),
    userId: ownerUserId(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    // The attempt the answer belongs to; one answer per question per attempt.
    attemptId: uuid("attempt_id").references(() => quizAttempts.id, { onDelete: "cascade" }),
    choice: text("choice"),
    isCorrect: boolean("is_correct").notNull(),
    confidence: smallint("confidence").notNull(),
    timeMs: integer("time_ms").notNull(),
    xpAwarded: integer("xp_awarded").notNull().default(0),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_answers_confidence_check", sql`${t.confidence} between 1 and 5`),
    check("user_answers_time_ms_check", sql`${t.timeMs} >= 0`),
    check("user_answers_xp_awarded_check", sql`${t.xpAwarded} >= 0`),
    // Profile/knowledge stats: the user's answers, newest first.
    index("user_answers_user_answered_idx").on(t.userId, t.answeredAt),
    index("user_answers_question_id_idx").on(t.questionId),
    unique("user_answers_attempt_question_key").on(t.attemptId, t.questionId),
  ],
);

/**
 * When the server first showed a question of an attempt to its player: the answer's time is
 * measured from here (decision 019), so a client cannot claim to have been faster than it was.
 * A second serve of the same question keeps the first time.
 */
export const quizQuestionServes = pgTable(
  "quiz_question_serves",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the answer's lookup of its question's serve time.
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index("quiz_question_serves_question_id_idx").on(t.questionId),
  ],
);

export const xpSources = ["quiz", "review"] as const;
export type XpSource = (typeof xpSources)[number];

/**
 * The XP ledger: one row per award, written in the transaction that adds it to profiles.xp, so
 * "XP earned today" is a sum over the user's local day (decision 018). source_id names the award's
 * origin (the quiz attempt, or the rated review card — decision 019) without a foreign key, as it
 * may name either.
 */
export const xpEvents = pgTable(
  "xp_events",
  {
    id: primaryId(),
    userId: ownerUserId(),
    amount: integer("amount").notNull(),
    source: text("source").$type<XpSource>().notNull(),
    sourceId: uuid("source_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("xp_events_amount_check", sql`${t.amount} >= 0`),
    check("xp_events_source_check", sql`${t.source} in (${sqlLiterals(xpSources)})`),
    // Today card: the user's XP between the two midnights of their local day.
    index("xp_events_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Spaced-repetition schedule of one question for one user (SM-2 style). */
export const spacedCards = pgTable(
  "spaced_cards",
  {
    id: primaryId(),
    userId: ownerUserId(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    ease: real("ease").notNull().default(2.5),
    interval: integer("interval").notNull().default(0), // days
    lapses: integer("lapses").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    lastReviewedAt: timestamp("last_reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // schedule-spaced-cards is re-runnable: ON CONFLICT (user_id, question_id) DO NOTHING.
    unique("spaced_cards_user_question_key").on(t.userId, t.questionId),
    check("spaced_cards_ease_check", sql`${t.ease} >= 1.3`),
    check("spaced_cards_interval_check", sql`${t.interval} >= 0`),
    check("spaced_cards_lapses_check", sql`${t.lapses} >= 0`),
    // Review: the user's cards due now, soonest first (limit 20).
    index("spaced_cards_user_due_idx").on(t.userId, t.dueAt),
    index("spaced_cards_question_id_idx").on(t.questionId),
  ],
);

export const userBookmarks = pgTable(
  "user_bookmarks",
  {
    id: primaryId(),
    userId: ownerUserId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the toggle's "by user and episode" lookup and delete.
    unique("user_bookmarks_user_episode_key").on(t.userId, t.episodeId),
    // Profile Saved tab, newest first (limit 6).
    index("user_bookmarks_user_created_idx").on(t.userId, t.createdAt),
    index("user_bookmarks_episode_id_idx").on(t.episodeId),
  ],
);

export const userLists = pgTable(
  "user_lists",
  {
    id: primaryId(),
    userId: ownerUserId(),
    name: text("name").notNull(),
    description: text("description"),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: createdAt(),
    // Touched by trigger when the list or its episodes change.
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_lists_name_check", sql`char_length(btrim(${t.name})) between 1 and 100`),
    check("user_lists_description_check", sql`char_length(${t.description}) <= 500`),
    // My lists (newest first) and the profile Lists tab; ordering by name sorts the same
    // handful of rows.
    index("user_lists_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const userListEpisodes = pgTable(
  "user_list_episodes",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => userLists.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A duplicate entry raises 23505: 'Already in list - This episode is already in that list'.
    primaryKey({ columns: [t.listId, t.episodeId] }),
    check("user_list_episodes_position_check", sql`${t.position} >= 0`),
    index("user_list_episodes_episode_id_idx").on(t.episodeId),
  ],
);

export const leagues = pgTable(
  "leagues",
  {
    id: primaryId(),
    name: text("name").notNull(),
    description: text("description"),
    visibility: text("visibility").$type<"public">().notNull().default("public"),
    // A league outlives its creator: members keep it when the owner's account is deleted.
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    // Maintained by trigger from league_members; clients never write it.
    memberCount: integer("member_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("leagues_name_check", sql`char_length(btrim(${t.name})) between 1 and 50`),
    check("leagues_description_check", sql`char_length(${t.description}) <= 200`),
    check("leagues_visibility_check", sql`${t.visibility} in ('public')`),
    check("leagues_member_count_check", sql`${t.memberCount} >= 0`),
    // Leagues screen: public leagues, newest first.
    index("leagues_public_created_idx").on(t.createdAt).where(sql`${t.visibility} = 'public'`),
    index("leagues_owner_user_id_idx").on(t.ownerUserId).where(sql`${t.ownerUserId} is not null`),
  ],
);

export const leagueMembers = pgTable(
  "league_members",
  {
    leagueId: uuid("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    role: text("role").$type<LeagueRole>().notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    check("league_members_role_check", sql`${t.role} in ('owner', 'member')`),
    // The user's own leagues with role.
    index("league_members_user_id_idx").on(t.userId),
  ],
);

export const episodeMindmaps = pgTable(
  "episode_mindmaps",
  {
    id: primaryId(),
    episodeId: uuid("episode_id")
      .notNull()
      .unique("episode_mindmaps_episode_id_key")
      .references(() => episodes.id, { onDelete: "cascade" }),
    mindmapData: jsonb("mindmap_data").$type<MindmapData | LegacyMindmapData>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("episode_mindmaps_data_check", sql`jsonb_typeof(${t.mindmapData}) = 'object'`)],
);

/** Ask-AI history; private to the asking user. */
export const episodeChats = pgTable(
  "episode_chats",
  {
    id: primaryId(),
    userId: ownerUserId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sources: jsonb("sources").$type<ChatSource[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    check("episode_chats_question_check", sql`char_length(btrim(${t.question})) > 0`),
    check("episode_chats_sources_check", sql`jsonb_typeof(${t.sources}) = 'array'`),
    // Ask AI: this episode's earlier Q&A for the user, oldest first.
    index("episode_chats_episode_user_created_idx").on(t.episodeId, t.userId, t.createdAt),
    index("episode_chats_user_id_idx").on(t.userId),
  ],
);

export const mindmapAnalytics = pgTable(
  "mindmap_analytics",
  {
    id: primaryId(),
    // Anonymous viewers are counted too; deleting a user keeps the aggregate data.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    eventType: text("event_type").$type<MindmapEventType>().notNull(),
    viewType: text("view_type").$type<MindmapViewType>().notNull(),
    // mindmap_session_duration: {duration_seconds, nodes_explored, timestamps_clicked}.
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    check("mindmap_analytics_event_type_check", sql`${t.eventType} in (${sqlLiterals(mindmapEventTypes)})`),
    // The view types are the contract's (what the screen sends), declared once.
    check("mindmap_analytics_view_type_check", sql`${t.viewType} in (${sqlLiterals(mindmapViewTypes)})`),
    check("mindmap_analytics_metadata_check", sql`jsonb_typeof(${t.metadata}) = 'object'`),
    // Admin A/B summary: session events of the last 30 days.
    index("mindmap_analytics_event_created_idx").on(t.eventType, t.createdAt),
    index("mindmap_analytics_episode_id_idx").on(t.episodeId),
    index("mindmap_analytics_user_id_idx").on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * The catalog-wide concept index (decision 024): one narrow row per (concept key, episode, node) of
 * every stored mind map, so "where else does this concept come up" is an index look-up instead of a
 * walk over every map's JSON. Kept by a trigger on episode_mindmaps (migration 0021), which keys
 * concepts like `conceptKey` in src/domain/mindmap.ts; never written by the app.
 */
export const mindmapConcepts = pgTable(
  "mindmap_concepts",
  {
    conceptKey: text("concept_key").notNull(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    nodeTitle: text("node_title").notNull(),
    time: integer("time"), // whole seconds; null when the node has none
  },
  (t) => [
    // The look-up by concept key (the leading column); a node lists a concept once.
    primaryKey({ columns: [t.conceptKey, t.episodeId, t.nodeId] }),
    // The trigger replaces an episode's rows; the cascade from episodes.
    index("mindmap_concepts_episode_id_idx").on(t.episodeId),
  ],
);

export const questionsRelations = relations(questions, ({ one }) => ({
  episode: one(episodes, { fields: [questions.episodeId], references: [episodes.id] }),
}));

export const quizAttemptsRelations = relations(quizAttempts, ({ one, many }) => ({
  episode: one(episodes, { fields: [quizAttempts.episodeId], references: [episodes.id] }),
  answers: many(userAnswers),
}));

export const userAnswersRelations = relations(userAnswers, ({ one }) => ({
  question: one(questions, { fields: [userAnswers.questionId], references: [questions.id] }),
  attempt: one(quizAttempts, { fields: [userAnswers.attemptId], references: [quizAttempts.id] }),
}));

export const spacedCardsRelations = relations(spacedCards, ({ one }) => ({
  question: one(questions, { fields: [spacedCards.questionId], references: [questions.id] }),
}));

export const userBookmarksRelations = relations(userBookmarks, ({ one }) => ({
  episode: one(episodes, { fields: [userBookmarks.episodeId], references: [episodes.id] }),
}));

export const userListsRelations = relations(userLists, ({ many }) => ({
  entries: many(userListEpisodes),
}));

export const userListEpisodesRelations = relations(userListEpisodes, ({ one }) => ({
  list: one(userLists, { fields: [userListEpisodes.listId], references: [userLists.id] }),
  episode: one(episodes, { fields: [userListEpisodes.episodeId], references: [episodes.id] }),
}));

export const leaguesRelations = relations(leagues, ({ many }) => ({
  members: many(leagueMembers),
}));

export const leagueMembersRelations = relations(leagueMembers, ({ one }) => ({
  league: one(leagues, { fields: [leagueMembers.leagueId], references: [leagues.id] }),
}));

export const episodeMindmapsRelations = relations(episodeMindmaps, ({ one }) => ({
  episode: one(episodes, { fields: [episodeMindmaps.episodeId], references: [episodes.id] }),
}));

export const episodeChatsRelations = relations(episodeChats, ({ one }) => ({
  episode: one(episodes, { fields: [episodeChats.episodeId], references: [episodes.id] }),
}));
