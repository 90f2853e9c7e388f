import OpenAI, { APIError } from "openai";
import { isKnowledgeThemeId, knowledgeThemes } from "../../../domain/knowledge-themes.ts";
import type { MindmapData, MindmapNode } from "../../db/schema/learning.ts";
import type { Logger } from "../../lib/logger.ts";
import { episodeSentences } from "../offline/sentences.ts";
import { formatTimecode, truncateText } from "../offline/text.ts";
import {
  type Answer,
  answerSchema,
  type ChatTurn,
  type Enrichment,
  type EpisodeInput,
  enrichmentSchema,
  type GeneratedQuestion,
  generatedQuestionSchema,
  type LearningProvider,
  mindmapSchema,
  NOT_COVERED_ANSWER,
  type Passage,
  QUESTIONS_PER_EPISODE,
} from "../provider.ts";
import {
  type AnswerWire,
  answerWire,
  type EnrichmentWire,
  enrichmentWire,
  type MindmapWire,
  mindmapWire,
  type QuestionsWire,
  questionsWire,
  type ThemesWire,
  themesWire,
} from "./schemas.ts";

export type OpenAiProviderOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Per request. */
  timeoutMs: number;
  /** Further attempts after a failed one (transport error, bad or invalid reply). */
  maxRetries?: number;
  /** First backoff delay; doubles on each retry. */
  retryBaseMs?: number;
  /** Transcript characters per request; longer transcripts are mapped chunk by chunk, then reduced. */
  chunkChars?: number;
  logger: Logger;
  /** Used for any call whose model output cannot be used (the built-in engine). */
  fallback: LearningProvider;
};

/** A reply that cannot be used: malformed, truncated, refused or failing validation. */
export class ModelReplyError extends Error {
  override name = "ModelReplyError";
}

const SYSTEM_PROMPT =
  "You turn podcast episodes into learning material. Use only the transcript or passages you are given; never add outside facts. Times are whole seconds from the start of the episode, as written in brackets before each line. Reply with JSON that matches the schema.";
const MAX_THEMES = 3;
const SOURCE_LENGTH = 400;
const HISTORY_TURNS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Client errors other than timeouts and rate limits will not improve on a retry. */
function isRetryable(error: unknown): boolean {
  if (error instanceof APIError && typeof error.status === "number") {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return true;
}

function describe(error: unknown): string {
  if (error instanceof APIError) return `${error.status ?? "connection"}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** The episode's length in seconds, if known: the duration, else the end of the transcript. */
function episodeLength(episode: EpisodeInput): number | null {
  if (episode.duration && episode.duration > 0) return episode.duration;
  const end = episode.transcriptSegments?.reduce((max, segment) => Math.max(max, segment.end), 0) ?? 0;
  return end > 0 ? end : null;
}

function checkTime(seconds: number, length: number | null, what: string): void {
  if (!Number.isInteger(seconds) || seconds < 0 || (length !== null && seconds > Math.ceil(length))) {
    throw new ModelReplyError(`${what} ${seconds} s is outside the episode (0–${length ?? "?"} s)`);
  }
}

/** The transcript as "[seconds] sentence" lines, cut into chunks of at most `chunkChars`. */
function transcriptChunks(episode: EpisodeInput, chunkChars: number): string[] {
  const { sentences, isTimed } = episodeSentences(episode);
  const lines = sentences.map((s) => (isTimed ? `[${Math.floor(s.start)}] ${s.text}` : s.text));
  const chunks: string[] = [];
  let current = "";
  for (const line of lines) {
    if (current && current.length + line.length + 1 > chunkChars) {
      chunks.push(current);
      current = "";
    }
    current += `${current ? "\n" : ""}${line}`;
  }
  if (current) chunks.push(current);
  return chunks.length ? chunks : [episode.summary ?? episode.title];
}

function episodeHeader(episode: EpisodeInput): string {
  const length = episodeLength(episode);
  return [
    `Episode: ${episode.title}`,
    episode.podcastName ? `Podcast: ${episode.podcastName}` : null,
    length ? `Duration: ${Math.floor(length)} seconds` : null,
    episode.chapters.length
      ? `Chapters: ${episode.chapters.map((c) => `[${Math.floor(c.startTime)}] ${c.title}`).join("; ")}`
      : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/** Keeps `count` items spread evenly over the list (questions from every part of a long episode). */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);
}

export function createOpenAiProvider(options: OpenAiProviderOptions): LearningProvider {
  const { logger, fallback, model } = options;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const chunkChars = options.chunkChars ?? 24_000;
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, llama.cpp) take any key; the client insists on one.
    apiKey: options.apiKey || "not-needed",
    timeout: options.timeoutMs,
    // Retries are ours: they also cover replies that arrive but cannot be used.
    maxRetries: 0,
  });

  /** One structured-output completion, parsed and checked; retried with exponential backoff. */
  async function complete<T>(
    name: string,
    schema: Record<string, unknown>,
    prompt: string,
    check: (value: T) => void,
    history: ChatTurn[] = [],
  ): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      try {
        const completion = await client.chat.completions.create({
          model,
          temperature: 0.2,
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            ...history.flatMap((turn) => [
              { role: "user" as const, content: turn.question },
              { role: "assistant" as const, content: turn.answer },
            ]),
            { role: "user", content: prompt },
          ],
          response_format: { type: "json_schema", json_schema: { name, schema, strict: true } },
        });
        const choice = completion.choices?.[0];
        if (!choice) throw new ModelReplyError("the reply has no choices");
        if (choice.finish_reason === "length")
          throw new ModelReplyError("the reply was truncated (finish_reason length)");
        if (choice.message.refusal) throw new ModelReplyError(`the model refused: ${choice.message.refusal}`);
        const content = choice.message.content;
        if (!content) throw new ModelReplyError("the reply is empty");
        let value: T;
        try {
          value = JSON.parse(content) as T;
        } catch {
          throw new ModelReplyError("the reply is not valid JSON");
        }
        check(value);
        return value;
      } catch (error) {
        lastError = error;
        if (!isRetryable(error)) break;
      }
    }
    throw lastError;
  }

  /** Runs the model path; on any failure logs why and answers with the built-in engine instead. */
  async function withFallback<T>(
    operation: string,
    episode: EpisodeInput,
    run: () => Promise<T>,
    offline: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      logger.warn(
        { provider: "openai-compatible", operation, episodeId: episode.id, reason: describe(error) },
        "AI provider failed; using the built-in engine",
      );
      return offline();
    }
  }

  function validEnrichment(episode: EpisodeInput) {
    const length = episodeLength(episode);
    return (value: EnrichmentWire) => {
      const parsed = enrichmentSchema.safeParse(value);
      if (!parsed.success)
        throw new ModelReplyError(`invalid enrichment: ${parsed.error.issues[0]?.message}`);
      for (const insight of value.insights) checkTime(insight.timecode, length, "insight timecode");
    };
  }

  async function enrich(episode: EpisodeInput): Promise<Enrichment> {
    const chunks = transcriptChunks(episode, chunkChars);
    const ask = (text: string, check: (value: EnrichmentWire) => void) =>
      complete<EnrichmentWire>(
        "enrichment",
        enrichmentWire,
        `${episodeHeader(episode)}\n\nTranscript:\n${text}\n\nWrite a summary of 3 to 5 sentences, up to 6 key insights (each a sentence with the start second of the line it comes from) and up to 10 topics (short noun phrases).`,
        check,
      );
    const partials: EnrichmentWire[] = [];
    for (const chunk of chunks) partials.push(await ask(chunk, validEnrichment(episode)));
    const result =
      partials.length === 1
        ? (partials[0] as EnrichmentWire)
        : await ask(
            partials
              .map(
                (p, i) =>
                  `Part ${i + 1} summary: ${p.summary}\nInsights:\n${p.insights.map((x) => `[${x.timecode}] ${x.key_point}`).join("\n")}\nTopics: ${p.topics.join(", ")}`,
              )
              .join("\n\n"),
            validEnrichment(episode),
          );
    return enrichmentSchema.parse(result);
  }

  async function generateQuestions(episode: EpisodeInput): Promise<GeneratedQuestion[]> {
    const length = episodeLength(episode);
    const chunks = transcriptChunks(episode, chunkChars);
    const perChunk = Math.min(QUESTIONS_PER_EPISODE, Math.ceil(QUESTIONS_PER_EPISODE / chunks.length) + 1);
    const questions: GeneratedQuestion[] = [];
    for (const chunk of chunks) {
      const reply = await complete<QuestionsWire>(
        "questions",
        questionsWire,
        `${episodeHeader(episode)}\n\nTranscript:\n${chunk}\n\nWrite ${perChunk} multiple-choice questions that test understanding of this transcript. Each has exactly 4 distinct choices, the answer is the exact text of one choice, the explanation quotes the transcript line that answers it, concept_tags are 1 to 4 short concepts, and timecode is the start second of that line.`,
        (value) => {
          for (const question of value.questions) {
            const parsed = generatedQuestionSchema.safeParse(question);
            if (!parsed.success)
              throw new ModelReplyError(`invalid question: ${parsed.error.issues[0]?.message}`);
            checkTime(question.timecode, length, "question timecode");
          }
        },
      );
      questions.push(...reply.questions.map((q) => generatedQuestionSchema.parse(q)));
    }
    if (!questions.length) throw new ModelReplyError("no questions");
    return spread(questions, QUESTIONS_PER_EPISODE);
  }

  async function generateMindmap(episode: EpisodeInput): Promise<MindmapData> {
    const length = episodeLength(episode);
    const sections: MindmapWire["sections"] = [];
    for (const chunk of transcriptChunks(episode, chunkChars)) {
      const reply = await complete<MindmapWire>(
        "mindmap",
        mindmapWire,
        `${episodeHeader(episode)}\n\nTranscript:\n${chunk}\n\nBuild a mind map of this transcript: sections (the chapters when listed, otherwise the topics in the order discussed), each with its start second, a one-sentence summary, up to 4 concepts and 2 to 4 key points. A key point has a short title, its start second, a one-sentence summary, a verbatim excerpt of the transcript and up to 3 concepts.`,
        (value) => {
          if (!value.sections.length) throw new ModelReplyError("the mind map has no sections");
          for (const section of value.sections) {
            checkTime(section.time, length, "section time");
            for (const point of section.points) checkTime(point.time, length, "key point time");
          }
        },
      );
      sections.push(...reply.sections);
    }
    const children: MindmapNode[] = sections.map((section, i) => ({
      id: `s${i + 1}`,
      title: section.title,
      time: section.time,
      summary: section.summary,
      relatedConcepts: section.concepts,
      children: section.points.map((point, j) => ({
        id: `s${i + 1}-k${j + 1}`,
        title: point.title,
        time: point.time,
        summary: point.summary,
        transcriptExcerpt: point.excerpt,
        relatedConcepts: point.concepts,
        children: [],
      })),
    }));
    const title = episode.title.trim() || "Episode";
    const data = {
      episodeTitle: title,
      ...(length ? { duration: Math.round(length) } : {}),
      nodes: [
        { id: "root", title, time: 0, ...(episode.summary ? { summary: episode.summary } : {}), children },
      ],
    };
    const parsed = mindmapSchema.safeParse(data);
    if (!parsed.success) throw new ModelReplyError(`invalid mind map: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  async function answer(
    episode: EpisodeInput,
    question: string,
    history: ChatTurn[],
    passages: Passage[],
  ): Promise<Answer> {
    if (!passages.length) return { answer: NOT_COVERED_ANSWER, sources: [] };
    const length = episodeLength(episode);
    const reply = await complete<AnswerWire>(
      "answer",
      answerWire,
      `${episodeHeader(episode)}\n\nPassages:\n${passages.map((p, i) => `(${i + 1}) [${formatTimecode(p.start)}] ${p.text}`).join("\n")}\n\nQuestion: ${question}\n\nAnswer in 1 to 3 sentences using only these passages and cite the numbers of the passages you used. If they do not answer the question, set covered to false.`,
      (value) => {
        for (const citation of value.citations) {
          if (!Number.isInteger(citation) || citation < 1 || citation > passages.length)
            throw new ModelReplyError(`citation ${citation} is not one of the ${passages.length} passages`);
          checkTime(Math.floor(passages[citation - 1]?.start ?? 0), length, "source timecode");
        }
        if (value.covered && (!value.answer.trim() || !value.citations.length))
          throw new ModelReplyError("a covered answer needs text and citations");
      },
      history.slice(-HISTORY_TURNS),
    );
    if (!reply.covered) return { answer: NOT_COVERED_ANSWER, sources: [] };
    const cited = [...new Set(reply.citations)].slice(0, 5).map((n) => passages[n - 1] as Passage);
    return answerSchema.parse({
      answer: reply.answer.trim(),
      sources: cited.map((p) => ({
        timecode: Math.floor(p.start),
        text: truncateText(p.text, SOURCE_LENGTH),
      })),
    });
  }

  async function categorize(episode: EpisodeInput): Promise<string[]> {
    const reply = await complete<ThemesWire>(
      "themes",
      themesWire,
      `${episodeHeader(episode)}\nSummary: ${truncateText(episode.summary ?? "", 1500)}\nTopics: ${episode.topics.join(", ")}\n\nThemes:\n${knowledgeThemes.map((t) => `${t.id}: ${t.name}. ${t.description}`).join("\n")}\n\nPick the 1 to ${MAX_THEMES} themes this episode belongs to, best first.`,
      (value) => {
        if (!value.themes.length || !value.themes.every(isKnowledgeThemeId))
          throw new ModelReplyError("themes must be 1 or more known theme ids");
      },
    );
    return [...new Set(reply.themes)].slice(0, MAX_THEMES);
  }

  return {
    name: "openai-compatible",
    enrich: (episode, context) =>
      withFallback(
        "enrich",
        episode,
        () => enrich(episode),
        () => fallback.enrich(episode, context),
      ),
    generateQuestions: (episode, context) =>
      withFallback(
        "generateQuestions",
        episode,
        () => generateQuestions(episode),
        () => fallback.generateQuestions(episode, context),
      ),
    generateMindmap: (episode, context) =>
      withFallback(
        "generateMindmap",
        episode,
        () => generateMindmap(episode),
        () => fallback.generateMindmap(episode, context),
      ),
    answer: (episode, question, history, passages) =>
      withFallback(
        "answer",
        episode,
        () => answer(episode, question, history, passages),
        () => fallback.answer(episode, question, history, passages),
      ),
    categorize: (episode, context) =>
      withFallback(
        "categorize",
        episode,
        () => categorize(episode),
        () => fallback.categorize(episode, context),
      ),
  };
}
