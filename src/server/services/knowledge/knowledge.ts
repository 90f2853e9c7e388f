import { sql } from "drizzle-orm";
import type { Concept, ConceptMap, KnowledgeProfile } from "../../../domain/contract/knowledge.ts";
import {
  accuracyPercent,
  averagePoints,
  averagePointsPercent,
  isMasteredLevel,
  knowledgeLevelFor,
  knowledgeLevelProgress,
  recommendFocus,
  themePoints,
} from "../../../domain/knowledge.ts";
import { isKnowledgeThemeId, knowledgeThemes } from "../../../domain/knowledge-themes.ts";
import type { AppDeps } from "../../context.ts";
import { matchPendingQuestionThemes } from "./theme-matching.ts";

/**
 * The knowledge profile (spec 3 §2 Knowledge, §9) and the concept map. Both are one aggregate over
 * the user's answers (user_answers_user_answered_idx) joined to their questions by primary key;
 * no answer rows reach Node. Every statement is scoped to the signed-in user.
 */

type Deps = Pick<AppDeps, "db">;

/** The concept map shows the most-answered concepts, a few episodes each, a few moments each. */
export const CONCEPT_LIMIT = 40;
export const CONCEPT_EPISODE_LIMIT = 5;
export const CONCEPT_MOMENT_LIMIT = 3;

export async function getKnowledgeProfile(deps: Deps, userId: string): Promise<KnowledgeProfile> {
  // Questions written without theme_ids (by hand, or before the column) are matched first.
  await matchPendingQuestionThemes(deps.db, { userId });
  // One row per theme with answers, plus the all-answers row (theme_id null).
  const { rows } = await deps.db.execute<{ theme_id: string | null; correct: number; total: number }>(sql`
    with answers as (
      select ua.is_correct, q.theme_ids
      from user_answers ua
      join questions q on q.id = ua.question_id
      where ua.user_id = ${userId}
    )
    select null as theme_id, (count(*) filter (where is_correct))::int as correct, count(*)::int as total
    from answers
    union all
    select t.theme_id, (count(*) filter (where a.is_correct))::int, count(*)::int
    from answers a cross join lateral unnest(a.theme_ids) as t(theme_id)
    group by t.theme_id`);
  const counts = new Map<string, { correct: number; total: number }>();
  let answeredCount = 0;
  for (const row of rows) {
    if (row.theme_id === null) answeredCount = row.total;
    else if (isKnowledgeThemeId(row.theme_id)) counts.set(row.theme_id, row);
  }
  const themes = knowledgeThemes.map((theme) => {
    const { correct, total } = counts.get(theme.id) ?? { correct: 0, total: 0 };
    const points = themePoints(correct, total);
    return {
      id: theme.id,
      name: theme.name,
      icon: theme.icon,
      description: theme.description,
      correct,
      total,
      accuracy: accuracyPercent(correct, total),
      points,
      level: knowledgeLevelFor(points),
      progress: knowledgeLevelProgress(points),
    };
  });
  const average = averagePoints(themes.map((theme) => theme.points));
  return {
    themes,
    answeredCount,
    averagePoints: average,
    averagePercent: averagePointsPercent(average),
    mastered: themes.filter((theme) => isMasteredLevel(theme.level)).map((theme) => theme.id),
    focus: recommendFocus(themes),
  };
}

type ConceptRow = {
  key: string;
  label: string;
  correct: number;
  total: number;
  episodes: {
    id: string;
    title: string;
    audioUrl: string | null;
    imageUrl: string | null;
    duration: number | null;
    podcastId: string;
    podcastName: string;
    moments: number[];
  }[];
};

/**
 * The concepts (concept tags, compared trimmed, case-insensitively and with plurals folded, as the
 * theme matcher compares them) of the questions the user
 * has answered: the 40 most answered, each with its correct/total, the 5 episodes where it was
 * answered most, and for each up to 3 moments (the questions' timecodes) where it is said.
 */
export async function getConceptMap(deps: Deps, userId: string): Promise<ConceptMap> {
  const { rows } = await deps.db.execute<ConceptRow>(sql`
    with tagged as (
      select tag.key, tag.label, ua.is_correct, q.episode_id, q.timecode
      from user_answers ua
      join questions q on q.id = ua.question_id
      -- A tag repeated on one question counts once.
      cross join lateral (
        select distinct on (key) key, label
        from unnest(q.concept_tags) as t,
          lateral (select btrim(t) as label) as trimmed,
          -- The theme matcher's light plural fold: a word of 4+ letters loses a final s (not ss).
          lateral (select regexp_replace(lower(label), '\\m(\\w{2,}[a-rt-z0-9])s\\M', '\\1', 'g') as key) as folded
        where label <> ''
      ) as tag
      where ua.user_id = ${userId}
    ),
    top as (
      select key, mode() within group (order by label) as label,
        count(*)::int as total, (count(*) filter (where is_correct))::int as correct
      from tagged
      group by key
      order by total desc, key
      limit ${CONCEPT_LIMIT}
    ),
    per_episode as (
      select t.key, t.episode_id,
        (array_agg(distinct t.timecode order by t.timecode) filter (where t.timecode is not null))[1:${CONCEPT_MOMENT_LIMIT}] as moments,
        row_number() over (partition by t.key order by count(*) desc, t.episode_id) as rank
      from tagged t
      join top on top.key = t.key
      group by t.key, t.episode_id
    )
    select top.key, top.label, top.correct, top.total,
      json_agg(json_build_object(
        'id', e.id, 'title', e.title, 'audioUrl', e.audio_url, 'imageUrl', e.image_url,
        'duration', e.duration, 'podcastId', p.id, 'podcastName', p.name,
        'moments', coalesce(pe.moments, '{}')
      ) order by pe.rank) as episodes
    from top
    join per_episode pe on pe.key = top.key and pe.rank <= ${CONCEPT_EPISODE_LIMIT}
    join episodes e on e.id = pe.episode_id
    join podcasts p on p.id = e.podcast_id
    group by top.key, top.label, top.correct, top.total
    order by top.total desc, top.key`);
  return { concepts: rows.map(toConcept) };
}

function toConcept(row: ConceptRow): Concept {
  return {
    key: row.key,
    label: row.label,
    correct: row.correct,
    total: row.total,
    accuracy: accuracyPercent(row.correct, row.total),
    episodes: row.episodes.map((episode) => ({
      episode: {
        id: episode.id,
        title: episode.title,
        audioUrl: episode.audioUrl,
        imageUrl: episode.imageUrl,
        duration: episode.duration,
        podcast: { id: episode.podcastId, name: episode.podcastName },
      },
      moments: episode.moments,
    })),
  };
}
