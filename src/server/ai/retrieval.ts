import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { americanSpelling, figureQueryWords, synonymWords } from "./offline/lexicon.ts";
import { questionGivenNames } from "./offline/nicknames.ts";
import { normalizeNumbers } from "./offline/numbers.ts";
import { episodeSentences, type TimedSentence } from "./offline/sentences.ts";
import {
  isTopicOverview,
  isViewQuestion,
  phrasalNouns,
  QUESTION_NOISE_WORDS,
  STOPWORDS,
  singularAcronyms,
  TOPIC_OVERVIEW_WORDS,
  tokenize,
  VIEW_QUERY_WORDS,
  withoutIdioms,
} from "./offline/text.ts";
import type { EpisodeInput, Passage } from "./provider.ts";

/** A passage before ranking. */
export type TranscriptChunk = Omit<Passage, "rank">;

/** A chunk closes once it spans this many seconds… */
const MIN_CHUNK_SECONDS = 30;
/** …and never grows past this (unless one sentence alone is longer). */
const MAX_CHUNK_SECONDS = 60;
/** Untimed transcripts are cut by words instead. */
const UNTIMED_CHUNK_WORDS = 90;
const MAX_QUERY_WORDS = 24;

function toChunk(sentences: TimedSentence[]): TranscriptChunk {
  return {
    start: Math.floor(sentences[0]?.start ?? 0),
    end: Math.ceil(sentences.at(-1)?.end ?? 0),
    text: sentences.map((sentence) => sentence.text).join(" "),
    sentences: sentences.map((sentence) => ({
      start: Math.floor(sentence.start),
      text: sentence.text,
      ...(sentence.speaker ? { speaker: sentence.speaker } : {}),
    })),
  };
}

/**
 * The episode cut into passages for Ask AI: windows of 30–60 s of whole sentences of the timed
 * transcript; about 90 words of an untimed one; one passage per sentence of the summary when there is
 * no transcript at all.
 */
export function chunkTranscript(episode: EpisodeInput): TranscriptChunk[] {
  const { sentences, isTimed } = episodeSentences(episode);
  const hasTranscript = Boolean(episode.transcriptSegments?.length || episode.transcriptText?.trim());
  if (!hasTranscript) return sentences.map((sentence) => toChunk([sentence]));
  const chunks: TranscriptChunk[] = [];
  let current: typeof sentences = [];
  let words = 0;
  for (const sentence of sentences) {
    const first = current[0];
    const wouldSpan = first ? sentence.end - first.start : 0;
    if (first && (isTimed ? wouldSpan > MAX_CHUNK_SECONDS : words >= UNTIMED_CHUNK_WORDS)) {
      chunks.push(toChunk(current));
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += sentence.text.split(" ").length;
    const span = sentence.end - (current[0]?.start ?? sentence.start);
    if (isTimed && span >= MIN_CHUNK_SECONDS) {
      chunks.push(toChunk(current));
      current = [];
      words = 0;
    }
  }
  if (current.length) chunks.push(toChunk(current));
  return chunks;
}

/**
 * The question's content words for an OR query (PostgreSQL stems them; stop words only add noise). A
 * hyphenated compound is searched as a phrase when the transcript says it whole ("retrieval-augmented"),
 * else by its parts ("non-expert" → "expert"): speech rarely hyphenates.
 */
export function questionQueryWords(question: string, spoken = ""): string[] {
  const isOverview = isTopicOverview(question);
  const words = tokenize(normalizeNumbers(singularAcronyms(withoutIdioms(question))))
    .flatMap((word) => {
      if (!word.includes("-")) return [word];
      return spoken.includes(word) ? [`"${word.replace(/-/g, " ")}"`] : word.split("-");
    })
    .filter(
      (word) =>
        word.length > 1 &&
        !STOPWORDS.has(word) &&
        !QUESTION_NOISE_WORDS.has(word) &&
        !(isOverview && TOPIC_OVERVIEW_WORDS.has(word)),
    );
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * The query words plus their lexicon synonyms and lemmas, and the other forms of a given name, so a
 * paraphrase finds the passage.
 */
export function expandedQueryWords(question: string, spoken = ""): string[] {
  // "laid off" also finds "layoffs" (phrasalNouns), and the words as said still find "laid off".
  const asNouns = phrasalNouns(question);
  const words = [
    ...questionQueryWords(question, spoken),
    ...(asNouns === question ? [] : questionQueryWords(asNouns, spoken)),
  ];
  const expanded = words.flatMap((word) =>
    word.startsWith('"')
      ? [word]
      : [word, americanSpelling(word), ...agentForms(word), ...synonymWords(word), ...figureQueryWords(word)],
  );
  // "Mike" also finds "Michael", and back.
  for (const { variants } of questionGivenNames(question)) expanded.push(...variants);
  // A question for someone's view also finds where they state one ("my broad philosophy").
  if (isViewQuestion(question)) expanded.push(...VIEW_QUERY_WORDS);
  return [...new Set(expanded)].filter((word) => /^(?:[\p{L}\p{N}]+|"[\p{L}\p{N} ]+")$/u.test(word));
}

/**
 * The doer and the doing: "hoarding" also finds "Hoarders", "teachers" also "teaching". PostgreSQL's
 * stemmer keeps them apart, while the answer's scoring already lets a stem meet its short extension.
 */
export function agentForms(word: string): string[] {
  const doing = /^(\p{L}{4,})ing$/u.exec(word)?.[1];
  if (doing) return [`${doing}er`];
  const doer = /^(\p{L}{4,})ers?$/u.exec(word)?.[1];
  return doer ? [doer] : [];
}

/**
 * Ask AI retrieval: the episode's chunks ranked by PostgreSQL full-text ranking (ts_rank_cd) against
 * an OR of the question's content words. The chunks travel as one jsonb parameter, so nothing is
 * stored; only chunks that match at least one word come back, best first.
 */
export async function retrievePassages(
  db: Database,
  episode: EpisodeInput,
  question: string,
  limit = 16,
): Promise<Passage[]> {
  const chunks = chunkTranscript(episode);
  // The transcript as one lower-cased text, only for a question with a hyphenated word (see
  // questionQueryWords): an hour of speech is not copied for every other question.
  const spoken = question.includes("-") ? chunks.map((chunk) => chunk.text.toLowerCase()).join(" ") : "";
  const words = expandedQueryWords(question, spoken);
  if (!chunks.length || !words.length) return [];
  // Numbers in one form on both sides: "2,800" in the question finds "twenty-eight hundred".
  const texts = JSON.stringify(chunks.map((chunk) => normalizeNumbers(singularAcronyms(chunk.text))));
  const result = await db.execute<{ i: number; rank: number }>(sql`
    with query as (select websearch_to_tsquery('english', ${words.join(" or ")}) as q),
    chunk as (
      select (ordinality - 1)::int as i, to_tsvector('english', value) as document
      from jsonb_array_elements_text(${texts}::jsonb) with ordinality
    )
    select chunk.i, ts_rank_cd(chunk.document, query.q)::float8 as rank
    from chunk, query
    where chunk.document @@ query.q
    order by rank desc, chunk.i
    limit ${limit}`);
  return result.rows.flatMap((row) => {
    const chunk = chunks[Number(row.i)];
    return chunk ? [{ ...chunk, rank: Number(row.rank) }] : [];
  });
}
