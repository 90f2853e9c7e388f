import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyCorpus } from "../corpus.ts";
import {
  answerSchema,
  type EpisodeInput,
  enrichmentSchema,
  generatedQuestionSchema,
  mindmapSchema,
  type TimedSegment,
} from "../provider.ts";
import { chunkTranscript } from "../retrieval.ts";
import { createOfflineProvider } from "./offline-provider.ts";
import { isSamePhrase } from "./questions.ts";

const ADJECTIVES = [
  "ancient",
  "digital",
  "rare",
  "global",
  "quiet",
  "early",
  "simple",
  "modern",
  "careful",
  "young",
];
const NOUNS = [
  "river",
  "empire",
  "vaccine",
  "market",
  "network",
  "habit",
  "planet",
  "theory",
  "chip",
  "memory",
  "treaty",
  "library",
  "compass",
  "signal",
  "harvest",
  // An English word that is also a member of every JavaScript object: table lookups keyed by a
  // transcript's words must read own keys only.
  "constructor",
];
const VERBS = ["shapes", "protects", "explains", "changes", "follows", "measures", "reveals", "limits"];

const phrase = fc.tuple(fc.constantFrom(...ADJECTIVES), fc.constantFrom(...NOUNS), fc.boolean());
const sentence = fc
  .tuple(
    phrase,
    fc.constantFrom(...VERBS),
    phrase,
    fc.constantFrom("", " in the long run", " every single year"),
  )
  .map(([[a1, n1, capital], verb, [a2, n2], tail]) => {
    const subject = `The ${a1} ${n1}`;
    return `${capital ? subject : subject.replace("The", "Our")} ${verb} the ${a2} ${n2}${tail}.`;
  });

/** Random transcripts: 1–120 cues of one or two generated sentences, random gaps and lengths. */
const transcript = fc
  .array(
    fc.tuple(
      fc.array(sentence, { minLength: 1, maxLength: 2 }),
      fc.double({ min: 0.5, max: 12, noNaN: true }),
    ),
    {
      minLength: 1,
      maxLength: 120,
    },
  )
  .map((cues) => {
    let time = 0;
    return cues.map(([sentences, length]): TimedSegment => {
      const segment = { start: time, end: time + length, text: sentences.join(" ") };
      time += length + 0.3;
      return segment;
    });
  });

const episodeArbitrary = fc
  .tuple(
    transcript,
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.boolean(),
    fc.double({ min: 0, max: 1, noNaN: true }),
  )
  .map(([segments, id, hasDuration, cut]): EpisodeInput => {
    const end = segments.at(-1)?.end ?? 0;
    return {
      id,
      title: "Random episode",
      summary: null,
      transcriptSegments: segments,
      transcriptText: segments.map((s) => s.text).join(" "),
      // Some episodes end (by their stated duration) before the transcript does.
      chapters: [],
      duration: hasDuration ? Math.max(1, Math.floor(end * (0.5 + cut / 2))) : null,
      topics: [],
    };
  });

const provider = createOfflineProvider();
const context = { corpus: emptyCorpus() };
const lengthOf = (episode: EpisodeInput) => episode.duration ?? episode.transcriptSegments?.at(-1)?.end ?? 0;

// Each property runs the whole engine 40–60 times (about 1 s on an idle core): the default 5 s is
// too tight when the two cores are shared with the other test layers' servers.
describe("offline engine properties (random transcripts)", { timeout: 30_000 }, () => {
  it("questions: 4 distinct choices, the answer among them, timecodes within the episode", async () => {
    await fc.assert(
      fc.asyncProperty(episodeArbitrary, async (episode) => {
        const questions = await provider.generateQuestions(episode, context);
        expect(questions.length).toBeLessThanOrEqual(12);
        for (const question of questions) {
          generatedQuestionSchema.parse(question);
          expect(question.choices).toContain(question.answer);
          for (const [i, a] of question.choices.entries()) {
            for (const b of question.choices.slice(i + 1)) expect(isSamePhrase(a, b)).toBe(false);
          }
          expect(question.timecode).toBeLessThanOrEqual(Math.ceil(lengthOf(episode)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("enrichment and mind map: valid, every time within the episode", async () => {
    await fc.assert(
      fc.asyncProperty(episodeArbitrary, async (episode) => {
        const limit = Math.ceil(lengthOf(episode));
        const enrichment = enrichmentSchema.parse(await provider.enrich(episode, context));
        for (const insight of enrichment.insights) expect(insight.timecode).toBeLessThanOrEqual(limit);
        const mindmap = mindmapSchema.parse(await provider.generateMindmap(episode, context));
        const visit = (nodes: (typeof mindmap)["nodes"]) => {
          for (const node of nodes) {
            expect(node.time ?? 0).toBeLessThanOrEqual(limit);
            visit(node.children);
          }
        };
        visit(mindmap.nodes);
      }),
      { numRuns: 40 },
    );
  });

  it("answers: sources lie within the episode, or the honest not-covered reply", async () => {
    await fc.assert(
      fc.asyncProperty(
        episodeArbitrary,
        fc.constantFrom(...NOUNS, "banana bread"),
        async (episode, subject) => {
          const passages = chunkTranscript(episode).map((chunk) => ({ ...chunk, rank: 0.1 }));
          const reply = answerSchema.parse(
            await provider.answer(episode, `What about the ${subject}?`, [], passages),
          );
          const end = Math.ceil(episode.transcriptSegments?.at(-1)?.end ?? 0);
          for (const source of reply.sources) expect(source.timecode).toBeLessThanOrEqual(end);
        },
      ),
      { numRuns: 40 },
    );
  });
});
