import { describe, expect, it } from "vitest";
import { buildCorpusStats, emptyCorpus } from "../corpus.ts";
import { loadDemoEpisodes } from "../demo-episodes.ts";
import {
  answerSchema,
  type EpisodeInput,
  enrichmentSchema,
  generatedQuestionSchema,
  mindmapSchema,
  NOT_COVERED_ANSWER,
  type Passage,
  QUESTIONS_PER_EPISODE,
} from "../provider.ts";
import { chunkTranscript } from "../retrieval.ts";
import { phraseKind } from "./answer-fit.ts";
import { isBareNounSlot, isMostlyCountable, isMostlyUncountable } from "./countability.ts";
import { createOfflineProvider } from "./offline-provider.ts";
import { isSamePhrase } from "./questions.ts";

const episodes = loadDemoEpisodes();
const provider = createOfflineProvider();
/**
 * The demo catalog once the engine has enriched it, as the learning pipeline's quizzes see it: the
 * server pools only the engine's topics (the feeds' categories, such as "Business", are none).
 */
const catalogOf = (topics: (e: EpisodeInput) => string[]) =>
  buildCorpusStats(
    episodes.map((e) => ({ text: `${e.title}\n${e.summary}\n${e.transcriptText}`, topics: topics(e) })),
  );
const engineTopics = new Map<string, string[]>();
for (const episode of episodes) {
  const { topics } = await provider.enrich(episode, { corpus: catalogOf(() => []) });
  engineTopics.set(episode.id, topics);
}
const corpus = catalogOf((e) => engineTopics.get(e.id) ?? []);
const context = { corpus };
const byId = (id: string) => episodes.find((e) => e.id === id) as EpisodeInput;
const flat = (text: string) => text.toLowerCase().replace(/\s+/g, " ");

/** The transcript text spoken from `from` to `to` seconds. */
function spokenBetween(episode: EpisodeInput, from: number, to: number): string {
  return (episode.transcriptSegments ?? [])
    .filter((segment) => segment.end >= from && segment.start <= to)
    .map((segment) => segment.text)
    .join(" ");
}

describe("offline provider on the demo catalog", () => {
  it("parses all twelve demo episodes", () => {
    expect(episodes).toHaveLength(12);
  });

  it.each(episodes.map((e) => [e.id, e] as const))("enriches %s", async (_id, episode) => {
    const enrichment = enrichmentSchema.parse(await provider.enrich(episode, context));
    expect(enrichment.summary.length).toBeGreaterThan(80);
    expect(enrichment.insights.length).toBeGreaterThanOrEqual(3);
    for (const insight of enrichment.insights) {
      expect(insight.timecode).toBeLessThanOrEqual(episode.duration ?? 0);
      // Each insight is a sentence spoken at its timecode.
      expect(flat(spokenBetween(episode, insight.timecode, insight.timecode + 15))).toContain(
        flat(insight.key_point).slice(0, 30),
      );
    }
    expect(enrichment.topics.length).toBeGreaterThanOrEqual(5);
    expect(new Set(enrichment.topics.map((t) => t.toLowerCase())).size).toBe(enrichment.topics.length);
  });

  it.each(episodes.map((e) => [e.id, e] as const))(
    "writes 12 valid cloze questions for %s",
    async (_id, episode) => {
      const questions = await provider.generateQuestions(episode, context);
      expect(questions).toHaveLength(QUESTIONS_PER_EPISODE);
      // No question twice, not even with other choices (a rewritten stem was once asked again).
      expect(new Set(questions.map((question) => question.stem)).size).toBe(questions.length);
      for (const question of questions) {
        generatedQuestionSchema.parse(question);
        // A cloze, or a question asking for the person or organisation that opens the sentence.
        const asked = /^(?:Who|Which organisation) (.*)\?$/.exec(question.stem);
        expect(question.timecode).toBeLessThanOrEqual(episode.duration ?? 0);
        // "In what year…?", "How many…?", "Why…?": rewritten from the sentence, which holds the answer.
        if (/^(?:In what year|How many|Why) .*\?$/.test(question.stem)) {
          const spoken = question.answer.replace(/^Because /, "");
          expect(flat(question.explanation)).toContain(flat(spoken));
          expect(new Set(question.choices).size).toBe(4);
          continue;
        }
        if (!asked) expect(question.stem).toContain("_____");
        // Filling the blank (or answering the question) gives back the quoted sentence, and the
        // answer is spoken at the timecode. (Case aside: a phrase that opens the sentence is offered
        // in lower case like the other choices.)
        const sentence = asked
          ? `${question.answer} ${asked[1]}`
          : question.stem.replace("_____", question.answer);
        expect(flat(question.explanation)).toContain(flat(sentence));
        expect(flat(spokenBetween(episode, question.timecode, question.timecode + 20))).toContain(
          flat(question.answer),
        );
        // Distractors are neither the answer nor each other, also up to case, plural and containment.
        for (const [i, a] of question.choices.entries()) {
          for (const b of question.choices.slice(i + 1)) expect(isSamePhrase(a, b)).toBe(false);
        }
        expect(question.concept_tags[0]).toBe(question.answer);
        // A common noun offered after "a" must take one, and one offered for a bare singular must
        // stand bare (decision 059: "a _chaos_", "evidence of _caveat_").
        const before = asked ? "" : (question.stem.split("_____")[0] ?? "");
        const wrong = question.choices.filter(
          (choice) => choice !== question.answer && /^[a-z]/.test(choice),
        );
        if (/\ban?\s+$/i.test(before))
          for (const choice of wrong) expect(isMostlyUncountable(choice)).toBe(false);
        else if (/^[a-z][a-z -]*[^s]$/.test(question.answer) && isBareNounSlot(before, question.answer))
          for (const choice of wrong) expect(isMostlyCountable(choice)).toBe(false);
      }
      // Chronological, and not all of one difficulty.
      expect(questions.map((q) => q.timecode)).toEqual(
        [...questions.map((q) => q.timecode)].sort((a, b) => a - b),
      );
      expect(new Set(questions.map((q) => q.stem)).size).toBe(questions.length);
    },
  );

  it("gives the same questions, in the same choice order, on every run", async () => {
    const episode = byId("sn-101");
    const first = await provider.generateQuestions({ ...episode }, context);
    const second = await provider.generateQuestions({ ...episode }, context);
    expect(second).toEqual(first);
  });

  it("uses catalog rarity for difficulty", async () => {
    const difficulties = new Set<string>();
    for (const episode of episodes) {
      for (const q of await provider.generateQuestions(episode, context)) difficulties.add(q.difficulty);
    }
    expect([...difficulties].sort()).toEqual(["easy", "hard", "medium"]);
  });

  it("builds a mind map with the chapters as first level and timed key points", async () => {
    const episode = byId("lv-101");
    const mindmap = mindmapSchema.parse(await provider.generateMindmap(episode, context));
    expect(mindmap.episodeTitle).toBe(episode.title);
    const [root] = mindmap.nodes;
    expect(root?.title).toBe(episode.title);
    expect(root?.children.map((c) => c.title)).toEqual(episode.chapters.map((c) => c.title));
    for (const [i, chapter] of (root?.children ?? []).entries()) {
      const end = episode.chapters[i + 1]?.startTime ?? Number.POSITIVE_INFINITY;
      expect(chapter.children.length).toBeGreaterThanOrEqual(1);
      for (const point of chapter.children) {
        expect(point.time).toBeGreaterThanOrEqual(Math.floor(chapter.time ?? 0));
        expect(point.time).toBeLessThan(end);
        expect(point.summary).toBeTruthy();
        expect(point.transcriptExcerpt).toContain(point.summary?.slice(0, 20));
        expect(point.relatedConcepts).toBeDefined();
      }
    }
  });

  it("splits an episode without chapters into topical segments titled by their top phrase", async () => {
    const episode = { ...byId("dt-102"), chapters: [] };
    const mindmap = mindmapSchema.parse(await provider.generateMindmap(episode, context));
    const sections = mindmap.nodes[0]?.children ?? [];
    expect(sections.length).toBeGreaterThanOrEqual(2);
    const times = sections.map((s) => s.time ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const section of sections) expect(section.title).toMatch(/^\p{Lu}/u);
  });

  it("categorises each demo episode into the themes its show covers", async () => {
    const expected: Record<string, string> = {
      "sn-101": "ai-tech",
      "sn-103": "geopolitics",
      "lv-101": "philosophy",
      "lv-102": "geopolitics",
      "ci-102": "business",
      "ci-101": "personal-growth",
      "dt-101": "existential",
      "dt-102": "science",
      "dt-103": "existential",
    };
    for (const [id, theme] of Object.entries(expected)) {
      expect(await provider.categorize(byId(id), context), id).toContain(theme);
      // From the transcript alone too, without the feed's categories.
      expect(await provider.categorize({ ...byId(id), topics: [] }, context), `${id} untagged`).toContain(
        theme,
      );
    }
  });

  it("falls back to the summary when there is no transcript", async () => {
    const episode = { ...byId("dt-101"), transcriptSegments: null, transcriptText: null, chapters: [] };
    const enrichment = enrichmentSchema.parse(await provider.enrich(episode, { corpus: emptyCorpus() }));
    expect(enrichment.summary.length).toBeGreaterThan(0);
    expect(enrichment.insights.every((insight) => insight.timecode === 0)).toBe(true);
    const mindmap = mindmapSchema.parse(await provider.generateMindmap(episode, { corpus: emptyCorpus() }));
    expect(mindmap.nodes[0]?.title).toBe(episode.title);
    for (const question of await provider.generateQuestions(episode, { corpus: emptyCorpus() })) {
      generatedQuestionSchema.parse(question);
    }
  });

  it("handles an episode with nothing to read", async () => {
    const episode: EpisodeInput = {
      id: "empty",
      title: "Silence",
      summary: null,
      transcriptSegments: null,
      transcriptText: null,
      chapters: [],
      duration: null,
      topics: [],
    };
    const ctx = { corpus: emptyCorpus() };
    expect(enrichmentSchema.parse(await provider.enrich(episode, ctx)).summary).toBe("Silence");
    expect(await provider.generateQuestions(episode, ctx)).toEqual([]);
    mindmapSchema.parse(await provider.generateMindmap(episode, ctx));
    expect(await provider.categorize(episode, ctx)).toEqual([]);
  });
});

describe("choices of a person's kind", () => {
  // sn-101 offered "Existential", "AI & Technology" and "Personal Growth" for "Patrick Lewis"
  // (decision 068): a person is offered people, or is not asked for.
  it.each(episodes.map((episode) => episode.id))("offers only people for a person in %s", async (id) => {
    const questions = await provider.generateQuestions(byId(id), context);
    for (const question of questions.filter((q) => phraseKind(q.answer) === "person"))
      for (const choice of question.choices)
        expect(phraseKind(choice), `${question.stem} → ${choice}`).toBe("person");
  });
});

describe("choices from the show's other episodes", () => {
  it("offers the show's topics before the rest of the catalog's", async () => {
    const episode = byId("sn-102");
    const said = flat(episode.transcriptText ?? "");
    const showTopics = ["sn-101", "sn-103"].flatMap((id) => engineTopics.get(id) ?? []);
    const fromOutside = async (input: EpisodeInput) => {
      const choices = (await provider.generateQuestions(input, context)).flatMap((question) =>
        question.choices.filter((choice) => choice !== question.answer && !said.includes(flat(choice))),
      );
      return {
        show: choices.filter((choice) => showTopics.includes(choice)).length,
        others: choices.filter((choice) => !showTopics.includes(choice)).length,
      };
    };
    const alone = await fromOutside(episode);
    const withShow = await fromOutside({ ...episode, showTopics });
    expect(withShow.show).toBeGreaterThan(0);
    expect(withShow.others).toBeLessThan(alone.others);
  });
});

describe("choices that give another answer away", () => {
  // Sample H (decision 057): "tribe" was offered for "brain" and asked for two questions later.
  // With other choices to take, no question offers another's answer; without, the cloze is dropped
  // (decision 072).
  it("drops a cloze whose choices would answer another, when the catalog has nothing to offer", async () => {
    // A catalog of one short episode: its own phrases are its answers and its choices.
    const alone = { corpus: catalogOf(() => []) };
    const questions = await provider.generateQuestions(byId("lv-103"), alone);
    expect(questions.length).toBeGreaterThanOrEqual(QUESTIONS_PER_EPISODE - 2);
    expect(questions.length).toBeLessThan(QUESTIONS_PER_EPISODE);
    const answers = questions.map((question) => question.answer.toLowerCase());
    for (const [index, question] of questions.entries())
      for (const choice of question.choices.map((text) => text.toLowerCase()))
        if (choice !== answers[index]) expect(answers, `${question.stem} → ${choice}`).not.toContain(choice);
  });

  it.each(episodes.map((e) => e.id))("offers no answer of another question as a choice in %s", async (id) => {
    const questions = await provider.generateQuestions(byId(id), context);
    const answers = questions.map((question) => question.answer.toLowerCase());
    for (const [index, question] of questions.entries())
      for (const choice of question.choices.map((text) => text.toLowerCase()))
        if (choice !== answers[index]) expect(answers, `${question.stem} → ${choice}`).not.toContain(choice);
  });
});

describe("offline Ask answers", () => {
  const passagesFor = (episode: EpisodeInput): Passage[] =>
    chunkTranscript(episode).map((chunk) => ({ ...chunk, rank: 0.1 }));

  it("answers from the most relevant sentences and cites where they are spoken", async () => {
    const episode = byId("sn-101");
    const reply = answerSchema.parse(
      await provider.answer(
        episode,
        "What does retrieval-augmented generation do?",
        [],
        passagesFor(episode),
      ),
    );
    expect(reply.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(reply.answer.toLowerCase()).toContain("retriev");
    const top = reply.sources[0];
    expect(top).toBeDefined();
    expect(Math.abs((top?.timecode ?? 0) - 95)).toBeLessThanOrEqual(30);
    expect(flat(top?.text ?? "")).toContain("retrieval");
  });

  it("says the episode does not cover an off-topic question, with no sources", async () => {
    const episode = byId("ci-103");
    const reply = await provider.answer(episode, "What is the capital of France?", [], passagesFor(episode));
    expect(reply).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
    expect(await provider.answer(episode, "Anything?", [], [])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
    });
  });

  it("lets a short follow-up borrow the subject of the previous question", async () => {
    const episode = byId("dt-102");
    const history = [{ question: "What is herd immunity?", answer: "…" }];
    const reply = await provider.answer(episode, "And why does it matter?", history, passagesFor(episode));
    expect(reply.answer).not.toBe(NOT_COVERED_ANSWER);
  });
});
