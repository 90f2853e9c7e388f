import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseTimecode } from "../../src/domain/episode.ts";
import { answerFromOverview, type EpisodeOverview } from "../../src/server/ai/episode-intent.ts";
import { phraseKind } from "../../src/server/ai/offline/answer-fit.ts";
import {
  type Enrichment,
  type EpisodeInput,
  type LearningContext,
  type LearningProvider,
  NOT_COVERED_ANSWER,
} from "../../src/server/ai/provider.ts";
import { retrievePassages } from "../../src/server/ai/retrieval.ts";
import type { Database } from "../../src/server/db/client.ts";
import {
  fillerPhrase,
  grammarMismatch,
  idiomAnswer,
  isBareVerb,
  kindsClash,
  leadingConnective,
  sentencesOf,
} from "./checks.ts";
import {
  checkQuestion,
  type IndependentFinding,
  insightContent,
  namesWhoAndWhat,
  standaloneProblem,
} from "./independent-check.ts";
import type { LoadedEpisode, QuizSampleName, SetName } from "./sets.ts";

/**
 * Runs the engine over the real-transcript sets and measures it (definitions in
 * docs/decisions/027-learning-benchmark.md). Ask goes through the app's path: an episode-level
 * question answered from the overview (answerFromOverview), any other by PostgreSQL retrieval
 * (retrievePassages) then provider.answer, with no history.
 */

export const ASK_TOLERANCE_SECONDS = 30;
export const INTRO_SHARE = 0.05;
export const TARGETS = {
  askOverall: 80,
  askPerKind: 75,
  offtopicRecall: 90,
  grammarBreaks: 0,
  idiomAnswers: 0,
} as const;

type Rate = { correct: number; total: number; percent: number };
const rate = (correct: number, total: number): Rate => ({
  correct,
  total,
  percent: total ? Math.round((1000 * correct) / total) / 10 : 0,
});

export type AskRecord = {
  episode: string;
  id: string;
  kind: "about" | "fact" | "offtopic";
  question: string;
  correct: boolean;
  refused: boolean;
  topSource: number | null;
  expected: string;
  missingKeywords: string[];
  answer: string;
};

export type QuizRecord = {
  episode: string;
  questions: number;
  distractors: number;
  grammarBreaks: { stem: string; answer: string; distractor: string; why: string }[];
  kindClashes: { answer: string; answerKind: string; distractor: string; distractorKind: string }[];
  idiomAnswers: { stem: string; answer: string; idiom: string }[];
  bareVerbAnswers: { stem: string; answer: string }[];
  repeatedDistractors: { distractor: string; questions: number }[];
  introQuestions: number;
  /** The independent check (independent-check.ts), which shares no rule with the engine. */
  independentGrammar: (IndependentFinding & { stem: string; answer: string })[];
  independentKind: (IndependentFinding & { stem: string; answer: string })[];
  /** Questions asked as "In what year…", "How many…" or "Why…". */
  rewrittenStems: number;
};

export type SummaryRecord = {
  episode: string;
  sentences: number;
  connectiveLed: { text: string; word: string }[];
  filler: { text: string; phrase: string }[];
  /** The independent check: sentences after the lead that do not stand alone, insights without content. */
  leadNamesWhoAndWhat: boolean;
  notStandalone: { text: string; why: string }[];
  insights: number;
  insightsWithoutContent: string[];
};

export type SetFigures = {
  set: SetName;
  episodes: string[];
  ask: {
    overall: Rate;
    about: Rate;
    fact: Rate;
    offtopic: Rate;
    /** Of the answers refused as "not covered", the share that were off-topic questions. */
    notCoveredPrecision: Rate;
    /** Of the off-topic questions, the share refused. */
    notCoveredRecall: Rate;
    /** Covered (about/fact) questions wrongly refused. */
    coveredRefused: Rate;
    /** Fact answers whose text holds every key word (reported, not part of "correct"). */
    factKeywords: Rate;
    /** About answers that are not refusals and hold every key word, whatever their source time (reported). */
    aboutKeywords: Rate;
  };
  quiz: {
    questions: number;
    distractors: number;
    grammarBreaks: number;
    kindClashes: number;
    idiomAnswers: number;
    bareVerbAnswers: number;
    repeatedDistractors: number;
    introShare: Rate;
    independentGrammar: number;
    independentKind: number;
    rewrittenStems: number;
  };
  summary: {
    sentences: number;
    connectiveLed: Rate;
    filler: Rate;
    leadNamesWhoAndWhat: Rate;
    notStandalone: Rate;
    insightsWithoutContent: Rate;
  };
  misses: string[];
  records: { ask: AskRecord[]; quiz: QuizRecord[]; summary: SummaryRecord[] };
};

const refused = (answer: { answer: string; sources: unknown[] }) =>
  answer.answer === NOT_COVERED_ANSWER || answer.sources.length === 0;

/** Every "a|b" keyword group is found (case-insensitive, as a word prefix) in the text. */
export function missingKeywords(text: string, keywords: string[]): string[] {
  const lower = text.toLowerCase();
  return keywords.filter(
    (group) =>
      !group
        .toLowerCase()
        .split("|")
        .some((word) =>
          new RegExp(`(?:^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(lower),
        ),
  );
}

/**
 * What Ask knows about the episode beyond its transcript, as the app has it after the pipeline ran:
 * the engine's summary, insights and topics. No guests or hosts: these feeds list none, so the
 * engine has to find them in the transcript (and the show's other episodes), as it must for most
 * real feeds.
 */
function overviewOf(item: LoadedEpisode, enrichment: Enrichment): EpisodeOverview {
  return {
    title: item.episode.title,
    podcastName: item.episode.podcastName ?? null,
    summary: enrichment.summary,
    insights: enrichment.insights.map((insight) => ({
      keyPoint: insight.key_point,
      timecode: parseTimecode(insight.timecode),
    })),
    guests: [],
    hosts: [],
    topics: enrichment.topics,
    transcriptSegments: item.episode.transcriptSegments,
    // Who is heard across the show: the set's other episodes of it (`withShowSpeakers`).
    ...(item.episode.showSpeakers ? { showSpeakers: item.episode.showSpeakers } : {}),
  };
}

async function askEpisode(
  db: Database,
  provider: LearningProvider,
  item: LoadedEpisode,
  context: LearningContext,
) {
  const records: AskRecord[] = [];
  const enrichment = await provider.enrich(item.episode, context);
  for (const question of item.questions) {
    // The app's own path (services/learning/ask.ts): an episode-level question from the overview,
    // any other through retrieval and the provider.
    const reply =
      (await answerFromOverview(question.question, async () => overviewOf(item, enrichment))) ??
      (await provider.answer(
        item.episode,
        question.question,
        [],
        await retrievePassages(db, item.episode, question.question),
      ));
    const isRefused = refused(reply);
    const top = isRefused ? null : (reply.sources[0]?.timecode ?? null);
    let correct: boolean;
    let missing: string[] = [];
    if (question.kind === "offtopic") correct = isRefused;
    else {
      const inTime =
        top !== null &&
        question.moments.some(
          (m) => top >= m.from - ASK_TOLERANCE_SECONDS && top <= m.to + ASK_TOLERANCE_SECONDS,
        );
      missing = isRefused ? question.keywords : missingKeywords(reply.answer, question.keywords);
      correct = question.kind === "about" ? inTime && missing.length === 0 : inTime;
    }
    records.push({
      episode: item.transcript.slug,
      id: question.id,
      kind: question.kind,
      question: question.question,
      correct,
      refused: isRefused,
      topSource: top,
      expected: question.moments.map((m) => `${Math.floor(m.from)}–${Math.ceil(m.to)}`).join(", "),
      missingKeywords: missing,
      answer: reply.answer.slice(0, 160),
    });
  }
  return records;
}

const norm = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

async function quizEpisode(
  provider: LearningProvider,
  item: LoadedEpisode,
  context: LearningContext,
): Promise<QuizRecord> {
  const questions = await provider.generateQuestions(item.episode, context);
  const record: QuizRecord = {
    episode: item.transcript.slug,
    questions: questions.length,
    distractors: 0,
    grammarBreaks: [],
    kindClashes: [],
    idiomAnswers: [],
    bareVerbAnswers: [],
    repeatedDistractors: [],
    introQuestions: 0,
    independentGrammar: [],
    independentKind: [],
    rewrittenStems: 0,
  };
  const uses = new Map<string, number>();
  const duration = item.episode.duration ?? 0;
  for (const question of questions) {
    const distractors = question.choices.filter((choice) => choice !== question.answer);
    record.distractors += distractors.length;
    const answerKind = phraseKind(question.answer);
    // The first checks read a blank; a question rewritten from the sentence has none.
    const isRewritten = /^(?:In what year|How many|Why)\b/.test(question.stem);
    for (const distractor of distractors) {
      const why = isRewritten ? null : grammarMismatch(question.stem, question.answer, distractor);
      if (why) record.grammarBreaks.push({ stem: question.stem, answer: question.answer, distractor, why });
      const distractorKind = phraseKind(distractor);
      if (kindsClash(answerKind, distractorKind))
        record.kindClashes.push({ answer: question.answer, answerKind, distractor, distractorKind });
      uses.set(norm(distractor), (uses.get(norm(distractor)) ?? 0) + 1);
    }
    const idiom = idiomAnswer(question.stem, question.answer);
    if (idiom) record.idiomAnswers.push({ stem: question.stem, answer: question.answer, idiom });
    if (!isRewritten && isBareVerb(question.stem, question.answer))
      record.bareVerbAnswers.push({ stem: question.stem, answer: question.answer });
    if (duration > 0 && question.timecode < duration * INTRO_SHARE) record.introQuestions++;
    const independent = checkQuestion(question);
    const at = { stem: question.stem, answer: question.answer };
    record.independentGrammar.push(...independent.grammar.map((finding) => ({ ...finding, ...at })));
    record.independentKind.push(...independent.kind.map((finding) => ({ ...finding, ...at })));
    if (isRewritten) record.rewrittenStems++;
  }
  for (const [distractor, count] of uses)
    if (count > 1) record.repeatedDistractors.push({ distractor, questions: count });
  return record;
}

async function summaryEpisode(
  provider: LearningProvider,
  item: LoadedEpisode,
  context: LearningContext,
): Promise<SummaryRecord> {
  const enrichment = await provider.enrich(item.episode, context);
  // The summary and the insights often repeat a sentence: each distinct sentence counts once.
  const sentences = [
    ...new Set([
      ...sentencesOf(enrichment.summary),
      ...enrichment.insights.flatMap((insight) => sentencesOf(insight.key_point)),
    ]),
  ];
  const record: SummaryRecord = {
    episode: item.transcript.slug,
    sentences: sentences.length,
    connectiveLed: [],
    filler: [],
    leadNamesWhoAndWhat: false,
    notStandalone: [],
    insights: enrichment.insights.length,
    insightsWithoutContent: [],
  };
  const [lead = "", ...rest] = sentencesOf(enrichment.summary);
  record.leadNamesWhoAndWhat = namesWhoAndWhat(lead);
  for (const text of new Set([...rest, ...enrichment.insights.map((insight) => insight.key_point)])) {
    const why = standaloneProblem(text);
    if (why) record.notStandalone.push({ text, why });
  }
  for (const insight of enrichment.insights)
    if (!insightContent(insight.key_point).length) record.insightsWithoutContent.push(insight.key_point);
  for (const text of sentences) {
    const word = leadingConnective(text);
    if (word) record.connectiveLed.push({ text, word });
    const phrase = fillerPhrase(text);
    if (phrase) record.filler.push({ text, phrase });
  }
  return record;
}

export async function measureSet(
  db: Database,
  provider: LearningProvider,
  set: SetName,
  items: LoadedEpisode[],
  context: LearningContext,
): Promise<SetFigures> {
  const ask: AskRecord[] = [];
  const quiz: QuizRecord[] = [];
  const summary: SummaryRecord[] = [];
  for (const item of items) {
    ask.push(...(await askEpisode(db, provider, item, context)));
    quiz.push(await quizEpisode(provider, item, context));
    summary.push(await summaryEpisode(provider, item, context));
  }
  const ofKind = (kind: AskRecord["kind"]) => ask.filter((r) => r.kind === kind);
  const count = (records: AskRecord[]) => rate(records.filter((r) => r.correct).length, records.length);
  const refusedAll = ask.filter((r) => r.refused);
  const offtopic = ofKind("offtopic");
  const covered = ask.filter((r) => r.kind !== "offtopic");
  const facts = ofKind("fact");
  const figures: SetFigures = {
    set,
    episodes: items.map((item) => item.transcript.slug),
    ask: {
      overall: count(ask),
      about: count(ofKind("about")),
      fact: count(facts),
      offtopic: count(offtopic),
      notCoveredPrecision: rate(refusedAll.filter((r) => r.kind === "offtopic").length, refusedAll.length),
      notCoveredRecall: rate(offtopic.filter((r) => r.refused).length, offtopic.length),
      coveredRefused: rate(covered.filter((r) => r.refused).length, covered.length),
      factKeywords: rate(
        facts.filter((r) => !r.refused && r.missingKeywords.length === 0).length,
        facts.length,
      ),
      aboutKeywords: rate(
        ofKind("about").filter((r) => !r.refused && r.missingKeywords.length === 0).length,
        ofKind("about").length,
      ),
    },
    quiz: quizFigures(quiz),
    summary: summaryFigures(summary),
    misses: [],
    records: { ask, quiz, summary },
  };
  const { ask: a, quiz: q } = figures;
  if (a.overall.percent < TARGETS.askOverall)
    figures.misses.push(`Ask overall ${a.overall.percent}% < ${TARGETS.askOverall}%`);
  for (const kind of ["about", "fact", "offtopic"] as const)
    if (a[kind].percent < TARGETS.askPerKind)
      figures.misses.push(`Ask ${kind} ${a[kind].percent}% < ${TARGETS.askPerKind}%`);
  if (a.notCoveredRecall.percent < TARGETS.offtopicRecall)
    figures.misses.push(`off-topic refused ${a.notCoveredRecall.percent}% < ${TARGETS.offtopicRecall}%`);
  figures.misses.push(...quizMisses(q));
  return figures;
}

/** The quiz targets a set or sample misses. */
function quizMisses(q: SetFigures["quiz"]): string[] {
  const misses: string[] = [];
  if (q.grammarBreaks > TARGETS.grammarBreaks)
    misses.push(`${q.grammarBreaks} distractors break the blank's grammar (target 0)`);
  if (q.independentGrammar > TARGETS.grammarBreaks)
    misses.push(
      `${q.independentGrammar} distractors read differently in the blank (independent check, target 0)`,
    );
  if (q.idiomAnswers > TARGETS.idiomAnswers)
    misses.push(`${q.idiomAnswers} answers merely complete an idiom (target 0)`);
  return misses;
}

function quizFigures(quiz: QuizRecord[]): SetFigures["quiz"] {
  const sum = (pick: (q: QuizRecord) => number) => quiz.reduce((total, q) => total + pick(q), 0);
  return {
    questions: sum((q) => q.questions),
    distractors: sum((q) => q.distractors),
    grammarBreaks: sum((q) => q.grammarBreaks.length),
    kindClashes: sum((q) => q.kindClashes.length),
    idiomAnswers: sum((q) => q.idiomAnswers.length),
    bareVerbAnswers: sum((q) => q.bareVerbAnswers.length),
    repeatedDistractors: sum((q) => q.repeatedDistractors.length),
    introShare: rate(
      sum((q) => q.introQuestions),
      sum((q) => q.questions),
    ),
    independentGrammar: sum((q) => q.independentGrammar.length),
    independentKind: sum((q) => q.independentKind.length),
    rewrittenStems: sum((q) => q.rewrittenStems),
  };
}

function summaryFigures(summary: SummaryRecord[]): SetFigures["summary"] {
  const summarySentences = summary.reduce((total, s) => total + s.sentences, 0);
  return {
    sentences: summarySentences,
    connectiveLed: rate(
      summary.reduce((total, s) => total + s.connectiveLed.length, 0),
      summarySentences,
    ),
    filler: rate(
      summary.reduce((total, s) => total + s.filler.length, 0),
      summarySentences,
    ),
    leadNamesWhoAndWhat: rate(summary.filter((s) => s.leadNamesWhoAndWhat).length, summary.length),
    notStandalone: rate(
      summary.reduce((total, s) => total + s.notStandalone.length, 0),
      summary.reduce((total, s) => total + s.sentences - 1, 0),
    ),
    insightsWithoutContent: rate(
      summary.reduce((total, s) => total + s.insightsWithoutContent.length, 0),
      summary.reduce((total, s) => total + s.insights, 0),
    ),
  };
}

/** A quiz sample's figures: the quiz and summary checks of a set, without questions to ask. */
export type SampleFigures = Pick<SetFigures, "episodes" | "quiz" | "summary" | "misses"> & {
  sample: QuizSampleName;
  records: { quiz: QuizRecord[]; summary: SummaryRecord[] };
};

/** Measures the quizzes and summaries of a quiz sample (sets.ts, decision 055). */
export async function measureQuizSample(
  provider: LearningProvider,
  sample: QuizSampleName,
  items: LoadedEpisode[],
  context: LearningContext,
): Promise<SampleFigures> {
  const quiz: QuizRecord[] = [];
  const summary: SummaryRecord[] = [];
  for (const item of items) {
    quiz.push(await quizEpisode(provider, item, context));
    summary.push(await summaryEpisode(provider, item, context));
  }
  const figures = quizFigures(quiz);
  return {
    sample,
    episodes: items.map((item) => item.transcript.slug),
    quiz: figures,
    summary: summaryFigures(summary),
    misses: quizMisses(figures),
    records: { quiz, summary },
  };
}

const pct = (r: Rate) => `${r.percent.toFixed(1)}% (${r.correct}/${r.total})`;

/** Prints one set's table, its misses and (with `verbose`) every failed Ask question. */
export function printSet(figures: SetFigures, verbose: boolean) {
  const { ask, quiz, summary } = figures;
  const header = `── ${figures.set} set: ${figures.episodes.length} transcripts (${figures.episodes.join(", ")}) ──`;
  console.log(`\n${header}`);
  const rows: [string, string, string][] = [
    ["Ask top-1 correct, all", pct(ask.overall), `≥ ${TARGETS.askOverall}%`],
    ["  about", pct(ask.about), `≥ ${TARGETS.askPerKind}%`],
    ["  fact", pct(ask.fact), `≥ ${TARGETS.askPerKind}%`],
    ["  offtopic (refused)", pct(ask.offtopic), `≥ ${TARGETS.askPerKind}%`],
    ['"not covered" precision', pct(ask.notCoveredPrecision), ""],
    ['"not covered" recall', pct(ask.notCoveredRecall), `≥ ${TARGETS.offtopicRecall}%`],
    ["covered questions refused", pct(ask.coveredRefused), ""],
    ["fact answers holding the key words", pct(ask.factKeywords), "(info)"],
    ["about answers holding the key words, any time", pct(ask.aboutKeywords), "(info)"],
    ...quizRows(quiz, summary),
  ];
  printRows(rows, figures.misses, figures.set);
  if (verbose) {
    printQuizFindings(figures.records);
    for (const record of figures.records.ask.filter((r) => !r.correct))
      console.log(
        `    ✗ ${record.episode} ${record.id} [${record.kind}] "${record.question}": ${
          record.refused ? "refused" : `top ${record.topSource} s`
        }${record.kind === "offtopic" ? "" : `, expected ${record.expected}`}${
          record.missingKeywords.length && !record.refused
            ? `, lacks ${record.missingKeywords.join(", ")}`
            : ""
        }`,
      );
  }
}

type Row = [string, string, string];

function quizRows(quiz: SetFigures["quiz"], summary: SetFigures["summary"]): Row[] {
  return [
    ["quiz questions", `${quiz.questions} (${quiz.distractors} distractors)`, ""],
    ["  distractors breaking the blank's grammar", String(quiz.grammarBreaks), "0"],
    ["  distractors of another kind than the answer", String(quiz.kindClashes), ""],
    ["  answers completing an idiom", String(quiz.idiomAnswers), "0"],
    ["  bare-verb answers", String(quiz.bareVerbAnswers), ""],
    ["  distractors repeated within an episode", String(quiz.repeatedDistractors), ""],
    [`  questions from the first ${INTRO_SHARE * 100}%`, pct(quiz.introShare), ""],
    ['  "In what year / How many / Why" stems', String(quiz.rewrittenStems), ""],
    ["  independent: distractors read differently in the blank", String(quiz.independentGrammar), "0"],
    ["  independent: distractors of another entity kind", String(quiz.independentKind), ""],
    ["summary + insight sentences", String(summary.sentences), ""],
    ["  led by a connective or pronoun", pct(summary.connectiveLed), ""],
    ["  greeting / thanks / housekeeping", pct(summary.filler), ""],
    ["  independent: lead names who and what", pct(summary.leadNamesWhoAndWhat), "100%"],
    ["  independent: sentences that do not stand alone", pct(summary.notStandalone), "0"],
    [
      "  independent: insights without number/cause/advice/definition",
      pct(summary.insightsWithoutContent),
      "",
    ],
  ];
}

function printRows(rows: Row[], misses: string[], name: string) {
  const width = Math.max(...rows.map((row) => row[0].length));
  const valueWidth = Math.max(...rows.map((row) => row[1].length));
  for (const [label, value, target] of rows)
    console.log(`  ${label.padEnd(width)}  ${value.padStart(valueWidth)}  ${target}`);
  if (misses.length) {
    console.log(`  MISSES (${name}):`);
    for (const miss of misses) console.log(`    ✗ ${miss}`);
  } else console.log(`  all targets met (${name})`);
}

/** Every quiz distractor and summary sentence the independent check flagged. */
function printQuizFindings(records: { quiz: QuizRecord[]; summary: SummaryRecord[] }) {
  for (const record of records.quiz)
    for (const finding of [...record.independentGrammar, ...record.independentKind])
      console.log(
        `    ✗ ${record.episode} quiz "${finding.answer}" → "${finding.distractor}": ${finding.why}`,
      );
  for (const record of records.summary) {
    for (const finding of record.notStandalone)
      console.log(`    ✗ ${record.episode} summary "${finding.text.slice(0, 80)}": ${finding.why}`);
    for (const text of record.insightsWithoutContent)
      console.log(`    ✗ ${record.episode} insight without content "${text.slice(0, 80)}"`);
  }
}

/**
 * Prints a quiz sample's table and misses; with `verbose` (quiz-dev only) every finding of the
 * independent check.
 */
export function printQuizSample(figures: SampleFigures, verbose: boolean) {
  console.log(
    `\n── ${figures.sample}: ${figures.episodes.length} Changelog transcripts without questions (quiz and summary checks) ──`,
  );
  printRows(quizRows(figures.quiz, figures.summary), figures.misses, figures.sample);
  if (verbose) printQuizFindings(figures.records);
}

/** The figures as JSON (records included), for comparison between engine versions. */
export function writeFigures(file: string, data: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

export type { EpisodeInput };
