import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { buildCorpusStats } from "../../src/server/ai/corpus.ts";
import type { CorpusStats, EpisodeInput, LearningProvider } from "../../src/server/ai/provider.ts";
import { convertChangelog } from "./convert-changelog.ts";

/**
 * The real-transcript sets of the learning benchmark (fixtures/learning-bench, see its README):
 * `dev` may be tuned on; `heldout` is for reporting only.
 */
export const BENCH_DIR = path.resolve(import.meta.dirname, "../../fixtures/learning-bench");
export const SET_NAMES = ["dev", "heldout"] as const;
export type SetName = (typeof SET_NAMES)[number];
/**
 * Quiz samples (decision 055): real transcripts without questions, for the quiz and summary checks
 * on more talk than the question sets hold. `quiz-dev` may be tuned on; `quiz-heldout` is read as
 * totals only.
 */
export const QUIZ_SAMPLE_NAMES = ["quiz-dev", "quiz-heldout"] as const;
export type QuizSampleName = (typeof QUIZ_SAMPLE_NAMES)[number];

export const transcriptFileSchema = z.object({
  slug: z.string().min(1),
  title: z.string().min(1),
  podcast: z.string().min(1),
  source: z.string().url(),
  licence: z.string().min(1),
  duration: z.number().positive(),
  timing: z.string().min(1),
  segments: z
    .array(
      z.object({
        start: z.number().min(0),
        end: z.number().min(0),
        speaker: z.string().optional(),
        text: z.string().min(1),
      }),
    )
    .min(1),
});
export type TranscriptFile = z.infer<typeof transcriptFileSchema>;

/**
 * Where a question is answered: a quote of the transcript (matched case- and space-insensitively;
 * its time is that of the cues it spans) or an explicit range in seconds.
 */
const momentSchema = z.union([
  z.string().min(8),
  z
    .object({ from: z.number().min(0), to: z.number().min(0) })
    .refine((range) => range.to >= range.from, { message: "A range ends after it starts." }),
]);

/** A key word a correct answer contains; "a|b" accepts either spelling. */
const keywordSchema = z.string().min(2);

const coveredSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(["about", "fact"]),
  question: z.string().min(8),
  /** Accepted answer moments: the answer's first source must lie within ±30 s of one. */
  at: z.array(momentSchema).min(1),
  keywords: z.array(keywordSchema).min(1),
  note: z.string().optional(),
});
const offtopicSchema = z.object({
  id: z.string().min(1),
  kind: z.literal("offtopic"),
  question: z.string().min(8),
  /** Why it is not covered although it shares words with the episode. */
  note: z.string().optional(),
});

export const questionFileSchema = z
  .object({
    transcript: z.string().min(1),
    questions: z.array(z.discriminatedUnion("kind", [coveredSchema, offtopicSchema])).min(15),
  })
  .refine((file) => new Set(file.questions.map((q) => q.id)).size === file.questions.length, {
    message: "Question ids must be unique.",
  })
  .refine(
    (file) => ["about", "fact", "offtopic"].every((kind) => file.questions.some((q) => q.kind === kind)),
    { message: "Each file needs about, fact and offtopic questions." },
  );
export type QuestionFile = z.infer<typeof questionFileSchema>;
export type BenchQuestion = QuestionFile["questions"][number];

export type Moment = { from: number; to: number };

const normalize = (text: string) =>
  text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ");

/** The seconds a quote spans in the transcript: from the cue its first character is in to the end of its last cue. */
export function quoteMoment(transcript: TranscriptFile, quote: string): Moment | null {
  let text = "";
  const owners: { from: number; index: number }[] = [];
  for (const [index, segment] of transcript.segments.entries()) {
    if (text) text += " ";
    owners.push({ from: text.length, index });
    text += normalize(segment.text);
  }
  const needle = normalize(quote).trim();
  const at = text.indexOf(needle);
  if (at === -1) return null;
  const segmentAt = (offset: number) => {
    let found = 0;
    for (const owner of owners) if (owner.from <= offset) found = owner.index;
    return transcript.segments[found] as TranscriptFile["segments"][number];
  };
  const first = segmentAt(at);
  const last = segmentAt(at + needle.length - 1);
  return { from: first.start, to: Math.max(first.start, last.end) };
}

export type LoadedEpisode = {
  set: SetName | QuizSampleName;
  transcript: TranscriptFile;
  episode: EpisodeInput;
  questions: (BenchQuestion & { moments: Moment[] })[];
};

/** The engine's input for a benchmark transcript: the timed cues, no feed summary, chapters or topics. */
export function toEpisodeInput(transcript: TranscriptFile): EpisodeInput {
  return {
    id: `bench-${transcript.slug}`,
    title: transcript.title,
    podcastName: transcript.podcast,
    summary: null,
    transcriptSegments: transcript.segments.map(({ start, end, text, speaker }) => ({
      start,
      end,
      text,
      ...(speaker ? { speaker } : {}),
    })),
    transcriptText: transcript.segments.map((segment) => segment.text).join(" "),
    chapters: [],
    duration: transcript.duration,
    topics: [],
  };
}

/**
 * Each episode with the speakers of the set's other episodes of the same show (`showSpeakers`), as
 * the catalog gives them from a show's other episodes.
 */
export function withShowSpeakers(loaded: LoadedEpisode[]): LoadedEpisode[] {
  const speakersOf = (item: LoadedEpisode) => [
    ...new Set(item.transcript.segments.flatMap((segment) => (segment.speaker ? [segment.speaker] : []))),
  ];
  return loaded.map((item) => {
    const others = loaded.filter(
      (other) => other !== item && other.transcript.podcast === item.transcript.podcast,
    );
    return { ...item, episode: { ...item.episode, showSpeakers: others.map(speakersOf) } };
  });
}

/** Loads and validates one set; throws on a schema error or a quote that is not in its transcript. */
export function loadSet(set: SetName, dir = BENCH_DIR): LoadedEpisode[] {
  const folder = path.join(dir, set);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".json") && !name.endsWith(".questions.json"))
    .sort();
  const loaded = files.map((name) => {
    const transcript = transcriptFileSchema.parse(JSON.parse(readFileSync(path.join(folder, name), "utf8")));
    const questionPath = path.join(folder, name.replace(/\.json$/, ".questions.json"));
    const file = questionFileSchema.parse(JSON.parse(readFileSync(questionPath, "utf8")));
    if (file.transcript !== transcript.slug)
      throw new Error(`${questionPath} names ${file.transcript}, not ${transcript.slug}`);
    const questions = file.questions.map((question) => {
      if (question.kind === "offtopic") return { ...question, moments: [] };
      const moments = question.at.map((moment) => {
        if (typeof moment !== "string") return moment;
        const found = quoteMoment(transcript, moment);
        if (!found)
          throw new Error(`${transcript.slug} ${question.id}: "${moment}" is not in the transcript`);
        return found;
      });
      return { ...question, moments };
    });
    return { set, transcript, episode: toEpisodeInput(transcript), questions };
  });
  return withShowSpeakers(loaded);
}

/** The Changelog transcript repository at the commit the samples were taken from (CC BY-SA 4.0). */
export const CHANGELOG_SOURCE =
  "https://github.com/thechangelog/transcripts/blob/44a0e16c5919d332e05de481919fbfca90a2c90b/";
const CHANGELOG_SHOWS: Record<string, string> = {
  afk: "Away From Keyboard",
  backstage: "Backstage",
  bigtent: "Big Tent",
  brainscience: "Brain Science",
  founderstalk: "Founders Talk",
  friends: "Changelog & Friends",
  gotime: "Go Time",
  jsparty: "JS Party",
  news: "Changelog News",
  podcast: "The Changelog",
  practicalai: "Practical AI",
  rfc: "Request For Commits",
  shipit: "Ship It!",
  spotlight: "Spotlight",
};

/**
 * One quiz sample: each `<folder>_<file>.md` is that Changelog Markdown file as published, converted
 * as the question sets' transcripts were (convert-changelog.ts). The title is the show and episode
 * number, as a feed would give it at least.
 */
export function loadQuizSample(sample: QuizSampleName, dir = BENCH_DIR): LoadedEpisode[] {
  const folder = path.join(dir, sample);
  const loaded = readdirSync(folder)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .sort()
    .map((name) => {
      const [show = "", ...rest] = name.split("_");
      const file = rest.join("_");
      const podcast = CHANGELOG_SHOWS[show] ?? show;
      const { cues, anchors } = convertChangelog(readFileSync(path.join(folder, name), "utf8"));
      const transcript = transcriptFileSchema.parse({
        slug: name.replace(/\.md$/, ""),
        title: `${podcast} #${file.match(/-((?:s\d+e)?\d+)\.md$/)?.[1] ?? file.replace(/\.md$/, "")}`,
        podcast,
        source: `${CHANGELOG_SOURCE}${show}/${file}`,
        licence: "CC BY-SA 4.0, Copyright Changelog Media LLC",
        duration: Math.ceil(cues.at(-1)?.end ?? 1),
        timing: `interpolated between ${anchors} inline timestamps`,
        segments: cues,
      });
      return { set: sample, transcript, episode: toEpisodeInput(transcript), questions: [] };
    });
  return withShowSpeakers(loaded);
}

/**
 * A benchmark catalog as the server reads it once the engine has enriched it (decisions 072, 073):
 * the catalog statistics of every episode's words and of the topics the engine wrote (the feeds'
 * categories, such as the demo's "Business", are no topics), and each episode with the topics of its
 * show's other episodes in the catalog (`showTopics`).
 */
export async function benchCatalog(
  episodes: EpisodeInput[],
  provider: LearningProvider,
): Promise<{ corpus: CorpusStats; withShowTopics: (episode: EpisodeInput) => EpisodeInput }> {
  const words = (e: EpisodeInput) => `${e.title}\n${e.summary ?? ""}\n${e.transcriptText ?? ""}`;
  const bare = buildCorpusStats(episodes.map((e) => ({ text: words(e), topics: [] })));
  const topics = new Map<EpisodeInput, string[]>();
  for (const episode of episodes)
    topics.set(episode, (await provider.enrich(episode, { corpus: bare })).topics);
  const corpus = buildCorpusStats(episodes.map((e) => ({ text: words(e), topics: topics.get(e) ?? [] })));
  const withShowTopics = (episode: EpisodeInput): EpisodeInput => {
    const others = episodes.filter(
      (other) => other.id !== episode.id && other.podcastName === episode.podcastName,
    );
    return { ...episode, showTopics: [...new Set(others.flatMap((other) => topics.get(other) ?? []))] };
  };
  return { corpus, withShowTopics };
}
