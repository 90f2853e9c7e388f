import type { CorpusStats, EpisodeInput } from "../provider.ts";
import { tagText } from "./nlp.ts";
import { episodeSentences, type TimedSentence } from "./sentences.ts";
import { DETERMINERS, hasNameShape, isInAddress, SPOKEN_REPLIES, STOPWORDS, stem, tokenize } from "./text.ts";
import { textRank, tfidfVectors } from "./textrank.ts";

/** A noun phrase as it occurs in one sentence. */
export type PhraseOccurrence = {
  text: string;
  /** Stemmed lower-case words joined by spaces; how phrases are compared. */
  key: string;
  words: number;
  isProper: boolean;
  /** Character range in the sentence text. */
  from: number;
  to: number;
};

export type AnalyzedSentence = TimedSentence & {
  index: number;
  wordCount: number;
  /** Content-word stems (TextRank vectors, answer overlap). */
  stems: string[];
  /** All word stems in order, joined by spaces (phrase containment checks). */
  stemLine: string;
  phrases: PhraseOccurrence[];
  /** TextRank centrality, scaled so that the mean sentence scores 1. */
  score: number;
  isQuestion: boolean;
};

export type RankedPhrase = {
  key: string;
  text: string;
  words: number;
  isProper: boolean;
  /** Sentences of this episode that mention the phrase. */
  sentenceIds: number[];
  /** Catalog document frequency (0 when the corpus does not know it). */
  documentFrequency: number;
  score: number;
};

export type EpisodeAnalysis = {
  sentences: AnalyzedSentence[];
  isTimed: boolean;
  /** Seconds; the episode's duration, else the end of the last sentence. */
  duration: number;
  /** Noun phrases by descending key-phrase score. */
  phrases: RankedPhrase[];
  phraseByKey: Map<string, RankedPhrase>;
  topics: RankedPhrase[];
  corpus: CorpusStats;
  /** The topics of the show's other episodes (EpisodeInput.showTopics). */
  showTopics: string[];
};

const PHRASE_POS = new Set(["NOUN", "PROPN", "ADJ"]);
const HEAD_POS = new Set(["NOUN", "PROPN"]);
const MAX_PHRASE_WORDS = 4;
const TOPIC_COUNT = 10;
/** A phrase heard in this many tenths of an episode counts as spread over it. */
const SPREAD_TENTHS = 4;
/** Below this many recurring phrases, phrases said once fill the topic list. */
const MIN_TOPIC_COUNT = 6;
/** Nouns too general to be a key phrase on their own. */
const GENERIC_NOUNS = new Set(
  `people person time year day thing way lot part point bit idea question answer episode show guest host fact
example number word place case kind sort side end start beginning today everyone everybody anyone someone
something nothing everything stuff reason problem sense minute second hour moment week month group name story
stories term level percent recap welcome thanks show's story's version type goodness ins outs dos don'ts course
listener note shout`.split(/\s+/),
);
/**
 * A general noun, in the singular or in a plural in "-s" (the list holds only the singulars of
 * those): "all kinds of" and "all sorts of" had made "kinds" and "sorts" topics of 97 of 189 real
 * episodes (decision 071).
 */
const isGenericNoun = (word: string) =>
  GENERIC_NOUNS.has(word) || (word.endsWith("s") && GENERIC_NOUNS.has(word.slice(0, -1)));
/**
 * Words that only rate or size a general noun: "a really _good point_", "a _good time_ to start",
 * "the _hard part_" name nothing a listener could learn (sample O, decision 059).
 */
const RATING_WORDS = new Set(
  `good great bad nice hard easy big small huge tiny little real whole main new old same different other
interesting important cool fun right wrong best better worse worst long short quick fair decent awesome
amazing perfect entire total`.split(/\s+/),
);
/** Counting words break a phrase: "three ideas" is about ideas. */
const NUMBER_WORDS = new Set(
  `zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
thousand million billion trillion first second third fourth fifth sixth seventh eighth ninth tenth last next
half dozen`.split(/\s+/),
);

/** Words of the host/guest names and the show name: phrases holding them are not key phrases. */
function excludedWords(episode: EpisodeInput): Set<string> {
  const words = new Set<string>();
  for (const segment of episode.transcriptSegments ?? []) {
    for (const word of tokenize(segment.speaker ?? "")) words.add(word);
  }
  for (const word of tokenize(episode.podcastName ?? "")) if (!STOPWORDS.has(word)) words.add(word);
  return words;
}

/** A word, or an initialism such as "U.S.". */
const WORD = /^(?:\p{L}[\p{L}\p{N}'’]*|(?:\p{L}\.){2,})$/u;

/** Adverbs and misspellings the tagger reads as nouns ("anytime you want", "a lot" as "alot"). */
const NOT_NOUNS = new Set(
  "anytime anyway anyways anymore anywhere everywhere somewhere nowhere sometime someday alot awhile super whatnot plenty worth".split(
    " ",
  ),
);

/** Nouns a clause follows without "that": "the reason people…", "the way teams…", "the time users…". */
const CLAUSE_NOUNS = new Set(["reason", "way", "time", "day", "moment", "place", "thing"]);

/** Irregular plurals the "-s" test misses: "people use" is a subject and its verb. */
const PLURAL_SUBJECTS = new Set(["people", "children", "men", "women", "folks"]);
const RELATIVE_DAY = /^(?:yesterday|today|tomorrow|tonight)$/i;
const CALENDAR_NAME =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;

const isCapitalWord = (token: { value: string } | undefined) =>
  Boolean(token && /^\p{Lu}/u.test(token.value));

/** Noun phrases of one sentence from its tagged tokens: runs of adjectives and nouns ending in a noun. */
function extractPhrases(
  sentence: string,
  tokens: { value: string; lower: string; pos: string; from: number; to: number }[],
  excluded: Set<string>,
  verbs: Set<string>,
): PhraseOccurrence[] {
  const phrases: PhraseOccurrence[] = [];
  let run: typeof tokens = [];
  const close = (next: (typeof tokens)[number] | undefined) => {
    // The tagger reads some verbs as nouns: a last word followed by a determiner ("the system
    // searches a collection"), or a clause-opening word used as a verb elsewhere ("distrust precise
    // details"), is dropped from the phrase.
    // "that" only when read as a determiner: after a noun it is mostly a relative pronoun ("a use case that…").
    if (
      run.length > 1 &&
      next &&
      DETERMINERS.has(next.lower) &&
      (next.lower !== "that" || next.pos === "DET")
    )
      run.pop();
    const previous = tokens[tokens.indexOf(run[0] as (typeof tokens)[number]) - 1];
    // "…of 1884 and 1885 set rules": after a number, a verb still starts the clause.
    if (
      run.length > 1 &&
      verbs.has(run[0]?.lower ?? "") &&
      (!previous || /^[,;:]$/.test(previous.value) || previous.pos === "NUM")
    )
      run.shift();
    // "one reason chipmakers are building…": a noun that a clause follows without "that" is no
    // modifier of the clause's plural subject.
    const head = run.at(-1)?.lower ?? "";
    if (
      run.length > 1 &&
      CLAUSE_NOUNS.has(run[0]?.lower ?? "") &&
      /[^s]s$/.test(head) &&
      (next?.pos === "AUX" || next?.pos === "VERB")
    )
      run.shift();
    // A noun phrase has its adjectives before its nouns: an adjective after a common noun starts the
    // phrase, and the noun before it was a verb the tagger took for one ("distrust precise details").
    for (let i = run.length - 1; i > 0; i--) {
      if (run[i]?.pos === "ADJ" && run[i - 1]?.pos === "NOUN") {
        run = run.slice(i);
        break;
      }
    }
    // A phrase ends in a noun and holds at most MAX_PHRASE_WORDS words (the last ones: the head).
    // "the talk yesterday": a relative day after the noun is an adverb, not its head.
    while (run.length && (!HEAD_POS.has(run.at(-1)?.pos ?? "") || RELATIVE_DAY.test(run.at(-1)?.value ?? "")))
      run.pop();
    const words = run.filter((token) => WORD.test(token.value));
    // A name longer than a phrase may be ("Grand Theft Auto Vice City") is kept whole or not at all:
    // its last words alone ("Theft Auto Vice City") name nothing.
    if (
      words.length > MAX_PHRASE_WORDS &&
      isCapitalWord(words[words.length - MAX_PHRASE_WORDS - 1]) &&
      isCapitalWord(words[words.length - MAX_PHRASE_WORDS])
    ) {
      run = [];
      return;
    }
    while (words.length > MAX_PHRASE_WORDS) words.shift();
    const first = words[0];
    const last = words.at(-1);
    run = [];
    if (!first || !last) return;
    const lowers = words.map((token) => token.lower.replace(/[’']s$/, ""));
    // A plural before the head ("researchers survey founders") is almost always a subject followed by
    // a verb the tagger took for a noun; such runs are not phrases.
    if (
      lowers
        .slice(0, -1)
        .some((word) => (/[^su's]s$/.test(word) && word.length > 3) || PLURAL_SUBJECTS.has(word))
    )
      return;
    if (lowers.some((word) => excluded.has(word))) return;
    // General nouns, rated or not ("a really _good point_", "good"), name nothing to learn.
    if (lowers.every((word) => isGenericNoun(word) || STOPWORDS.has(word) || RATING_WORDS.has(word))) return;
    // A lone word the episode also uses as a verb ("build", "measure") is not a key phrase.
    if (words.length === 1 && (first.lower.length < 4 || first.pos === "ADJ" || verbs.has(first.lower)))
      return;
    let text = sentence.slice(first.from, last.to);
    // Not an acronym: "AI agents" must not become "aI agents".
    // Nor a name the tagger missed at the start, when the phrase goes on in capitals ("Divam Gupta's DiffusionBee").
    const isCapitalised = words.slice(1).some((token) => /^\p{Lu}/u.test(token.value));
    if (first.from === 0 && first.pos !== "PROPN" && !hasNameShape(first.value) && !isCapitalised)
      text = text.charAt(0).toLowerCase() + text.slice(1);
    const isProper = words.every((token) => token.pos === "PROPN" && /^\p{Lu}/u.test(token.value));
    const key = tokenize(text).map(stem).join(" ");
    if (!key) return;
    phrases.push({
      text,
      key,
      words: words.length,
      isProper,
      from: first.from,
      to: last.to,
    });
  };
  for (const [i, token] of tokens.entries()) {
    const isWord = WORD.test(token.value);
    const isPhraseWord =
      isWord &&
      PHRASE_POS.has(token.pos) &&
      !STOPWORDS.has(token.lower) &&
      // "justin.searles.co": a piece of a web or e-mail address is no phrase.
      !isInAddress(sentence, token.from, token.to) &&
      // "someone else's": "else" is no noun.
      !/^else(?:$|['’])/.test(token.lower) &&
      !NOT_NOUNS.has(token.lower) &&
      !(
        (i === 0 || /^[.!?"“‘]$/.test(tokens[i - 1]?.value ?? "")) &&
        (SPOKEN_REPLIES.has(token.lower) || /^\p{Lu}\p{Ll}+ing$/u.test(token.value)) &&
        /^(?:,|\p{Ll})/u.test(tokens[i + 1]?.value ?? "")
      ) &&
      !token.lower.split("-").some((part) => NUMBER_WORDS.has(part));
    // "long-term", "prisoner's dilemma": a hyphen or possessive inside a run keeps it going.
    const previous = tokens[i - 1];
    const isJoiner =
      run.length > 0 &&
      (((token.value === "-" || token.value === "–") && previous?.to === token.from) ||
        (token.pos === "PART" && /^['’]s$/.test(token.value)));
    // "a hard time understanding our code": an -ing form after "time" is a verb, not part of the phrase.
    if (isPhraseWord && previous?.lower === "time" && previous === run.at(-1) && /ing$/.test(token.lower)) {
      close(token);
      continue;
    }
    // "tracking tracking businesses": a word said twice starts the run again.
    if (isPhraseWord && run.length > 0 && previous === run.at(-1) && previous?.lower === token.lower)
      run = [];
    // "a closed-book exam", tagged closed/VERB: a run that starts after a hyphen takes the content word
    // before it, or it would name "book exam" ("off-kilter" stays out: "off" is no content word).
    const hyphen = tokens[i - 1];
    const before = tokens[i - 2];
    if (
      isPhraseWord &&
      run.length === 0 &&
      hyphen &&
      before &&
      /^[-–]$/.test(hyphen.value) &&
      before.to === hyphen.from &&
      hyphen.to === token.from &&
      WORD.test(before.value) &&
      /^(?:ADJ|NOUN|PROPN|VERB)$/.test(before.pos) &&
      !STOPWORDS.has(before.lower) &&
      !NUMBER_WORDS.has(before.lower)
    )
      run = [before, hyphen];
    if (isPhraseWord || isJoiner) {
      // "Docker was open source March 2013": a month or weekday after common words starts its own phrase.
      if (CALENDAR_NAME.test(token.value) && run.some((word) => /^\p{Ll}/u.test(word.value))) close(token);
      run.push(token);
    } else {
      close(token);
    }
  }
  close(undefined);
  return phrases;
}

function inverseFrequency(corpus: CorpusStats, key: string, text: string): { idf: number; df: number } {
  if (corpus.documentCount <= 0) return { idf: 1, df: 0 };
  const df = corpus.documentFrequency(text);
  return { idf: Math.log((corpus.documentCount + 1) / (df + 1)) + 1, df: key ? df : 0 };
}

const cache = new WeakMap<EpisodeInput, WeakMap<CorpusStats, EpisodeAnalysis>>();

/**
 * Everything the offline steps share, computed once per episode object: timed sentences, their
 * part-of-speech tags and noun phrases, TextRank scores and the key phrases ranked against the catalog.
 */
export function analyzeEpisode(episode: EpisodeInput, corpus: CorpusStats): EpisodeAnalysis {
  const cached = cache.get(episode)?.get(corpus);
  if (cached) return cached;
  const { sentences: timed, isTimed } = episodeSentences(episode);
  const excluded = excludedWords(episode);

  // Words written capitalised inside sentences are names; any other sentence-initial capital is
  // lowered before tagging so the tagger does not read "Likely" or "Third" as a proper noun.
  const names = new Set<string>();
  for (const sentence of timed) {
    for (const match of sentence.text.matchAll(/(?<=[\p{L}\p{N},;:] )\p{Lu}[\p{L}'’-]*/gu))
      names.add(match[0]);
  }
  // One tagging pass over all sentences (one per line), then tokens are mapped back by offset.
  const lineStarts: number[] = [];
  let fullText = "";
  for (const sentence of timed) {
    lineStarts.push(fullText.length);
    const firstWord = /^[\p{L}'’-]+/u.exec(sentence.text)?.[0] ?? "";
    const isName = names.has(firstWord) || firstWord === "I" || /^\p{Lu}{2,}/u.test(firstWord);
    fullText += `${isName ? sentence.text : sentence.text.charAt(0).toLowerCase() + sentence.text.slice(1)}\n`;
  }
  const tagged = tagText(fullText);
  const tokensBySentence: { value: string; lower: string; pos: string; from: number; to: number }[][] =
    timed.map(() => []);
  let line = 0;
  for (const token of tagged) {
    while (line + 1 < lineStarts.length && token.offset >= (lineStarts[line + 1] ?? 0)) line++;
    if (token.pos === "SPACE") continue;
    const from = token.offset - (lineStarts[line] ?? 0);
    tokensBySentence[line]?.push({ ...token, from, to: from + token.value.length });
  }

  const verbs = new Set(tagged.filter((token) => token.pos === "VERB").map((token) => token.lower));
  const sentences: AnalyzedSentence[] = timed.map((sentence, index) => {
    const words = tokenize(sentence.text);
    return {
      ...sentence,
      index,
      wordCount: words.length,
      stems: words.filter((word) => word.length > 1 && !STOPWORDS.has(word)).map(stem),
      stemLine: words.map(stem).join(" "),
      phrases: extractPhrases(sentence.text, tokensBySentence[index] ?? [], excluded, verbs),
      score: 0,
      isQuestion: /\?["')\]’”]*$/.test(sentence.text),
    };
  });
  const scores = textRank(tfidfVectors(sentences.map((sentence) => sentence.stems)));
  for (const [i, sentence] of sentences.entries()) sentence.score = (scores[i] ?? 0) * sentences.length;

  // Which sentences mention each phrase: by its stemmed words anywhere in the sentence.
  const ngramIndex = new Map<string, number[]>();
  for (const sentence of sentences) {
    const words = sentence.stemLine.split(" ");
    const seen = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) {
        const gram = words.slice(i, i + n).join(" ");
        if (seen.has(gram)) continue;
        seen.add(gram);
        const list = ngramIndex.get(gram);
        if (list) list.push(sentence.index);
        else ngramIndex.set(gram, [sentence.index]);
      }
    }
  }

  const surfaces = new Map<string, Map<string, number>>();
  const firstSeen = new Map<string, PhraseOccurrence>();
  const properKeys = new Set<string>();
  for (const sentence of sentences) {
    for (const phrase of sentence.phrases) {
      if (phrase.isProper) properKeys.add(phrase.key);
      if (!firstSeen.has(phrase.key)) firstSeen.set(phrase.key, phrase);
      const forms = surfaces.get(phrase.key) ?? new Map<string, number>();
      forms.set(phrase.text, (forms.get(phrase.text) ?? 0) + 1);
      surfaces.set(phrase.key, forms);
    }
  }
  // C-value (Frantzi et al.): a phrase mostly heard inside longer phrases ("model" inside "language
  // model") counts only its mentions beyond the average of those longer phrases.
  const containers = new Map<string, string[]>();
  for (const key of firstSeen.keys()) {
    const words = key.split(" ");
    for (let n = 1; n < words.length; n++) {
      for (let i = 0; i + n <= words.length; i++) {
        const part = words.slice(i, i + n).join(" ");
        if (!firstSeen.has(part)) continue;
        const list = containers.get(part);
        if (list) list.push(key);
        else containers.set(part, [key]);
      }
    }
  }
  const mentions = (key: string) => ngramIndex.get(key)?.length ?? 0;
  const phrases: RankedPhrase[] = [];
  for (const [key, occurrence] of firstSeen) {
    const forms = [...(surfaces.get(key) ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const text = forms[0]?.[0] ?? occurrence.text;
    const sentenceIds = ngramIndex.get(key) ?? [];
    const nestedIn = [...new Set(containers.get(key) ?? [])];
    const nestedMentions = nestedIn.reduce((sum, other) => sum + mentions(other), 0) / (nestedIn.length || 1);
    const ownMentions = Math.max(1, sentenceIds.length - nestedMentions);
    const { idf, df } = inverseFrequency(corpus, key, text);
    const centrality =
      sentenceIds.reduce((sum, id) => sum + (sentences[id]?.score ?? 0), 0) / (sentenceIds.length || 1);
    const lengthBoost = 1 + 0.7 * (Math.min(occurrence.words, 3) - 1);
    // What the episode is about comes back across it; an anecdote's or a metaphor's words come in
    // one stretch ("boxing ring"). Spread: the tenths of the episode that mention the phrase.
    const tenths = new Set(sentenceIds.map((id) => Math.floor((id * 10) / (sentences.length || 1))));
    const spread = 0.6 + 0.4 * (Math.min(tenths.size, SPREAD_TENTHS) / SPREAD_TENTHS);
    phrases.push({
      key,
      text,
      words: occurrence.words,
      isProper: properKeys.has(key),
      sentenceIds,
      documentFrequency: df,
      score: Math.log(1 + ownMentions) * idf * lengthBoost * (0.75 + 0.25 * Math.min(centrality, 3)) * spread,
    });
  }
  phrases.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));

  // Topics are what the episode keeps coming back to, or names: a phrase said once ("set rules",
  // "straight line") only fills the list when there are too few of those.
  const topics: RankedPhrase[] = [];
  const isRecurring = (phrase: RankedPhrase) => phrase.sentenceIds.length > 1 || phrase.isProper;
  const isPhrase = (phrase: RankedPhrase) => phrase.sentenceIds.length > 1 || phrase.words > 1;
  for (const accepts of [isRecurring, isPhrase]) {
    for (const phrase of phrases) {
      if (topics.length >= (accepts === isRecurring ? TOPIC_COUNT : MIN_TOPIC_COUNT)) break;
      const padded = ` ${phrase.key} `;
      const overlaps = topics.some(
        (topic) => padded.includes(` ${topic.key} `) || ` ${topic.key} `.includes(padded),
      );
      if (!overlaps && accepts(phrase)) topics.push(phrase);
    }
  }
  topics.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));

  const lastEnd = sentences.reduce((max, sentence) => Math.max(max, sentence.end), 0);
  const analysis: EpisodeAnalysis = {
    sentences,
    isTimed,
    duration: episode.duration && episode.duration > 0 ? episode.duration : lastEnd,
    phrases,
    phraseByKey: new Map(phrases.map((phrase) => [phrase.key, phrase])),
    topics,
    corpus,
    showTopics: episode.showTopics ?? [],
  };
  const byCorpus = cache.get(episode) ?? new WeakMap<CorpusStats, EpisodeAnalysis>();
  byCorpus.set(corpus, analysis);
  cache.set(episode, byCorpus);
  return analysis;
}

/** A time in whole seconds that lies within the episode (schemas require integers ≥ 0). */
export function clampTime(seconds: number, duration: number): number {
  const whole = Math.max(0, Math.floor(seconds));
  return duration > 0 ? Math.min(whole, Math.floor(duration)) : whole;
}
