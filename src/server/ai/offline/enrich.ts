import {
  guestsFromTranscript,
  hostsByShow,
  isPersonLabel,
  isShowRegular,
  labelName,
  mainVoices,
} from "../episode-intent.ts";
import type { Enrichment, EpisodeInput } from "../provider.ts";
import { type AnalyzedSentence, clampTime, type EpisodeAnalysis, type RankedPhrase } from "./analysis.ts";
import { hasContraction, hasNonNounHead, isPluralPhrase, phraseKind } from "./answer-fit.ts";
import { isMostlyCountable } from "./countability.ts";
import { isGivenName, isPlainGivenName } from "./given-names.ts";
import { type TaggedToken, tagText, tagWithLemmas } from "./nlp.ts";
import {
  claimStrength,
  hangsOnContext,
  isCompleteStatement,
  isDisfluent,
  isHousekeeping,
  referenceLoad,
  standaloneForm,
  tellsAnAnecdote,
} from "./sentence-quality.ts";
import { escapeRegExp, STOPWORDS, singularAcronyms, stem, tokenize } from "./text.ts";

const MIN_WORDS = 6;
const MAX_WORDS = 60;
const MAX_INSIGHTS = 6;
const MAX_TOPICS = 10;
/** Summary and insight sentences: long enough to say something, short enough to read. */
const MIN_SUMMARY_WORDS = 8;
const MAX_SUMMARY_WORDS = 42;
/** Shares of the episode that are introduction and goodbyes. */
const INTRO_SHARE = 0.04;
const OUTRO_FROM = 0.97;
/** An anecdote's weight among summary and insight candidates: it illustrates a point, rarely is one. */
const ANECDOTE_WEIGHT = 0.5;

function jaccard(a: string[], b: string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  let shared = 0;
  for (const item of setA) if (setB.has(item)) shared++;
  return shared / (setA.size + setB.size - shared || 1);
}

/**
 * The most central sentences (TextRank) that say something: statements of a useful length, none a
 * near-repeat of one already chosen. Returned strongest first. (The mind map's key points.)
 */
export function strongestSentences(sentences: AnalyzedSentence[], count: number): AnalyzedSentence[] {
  const candidates = sentences
    .filter(
      (s) => !s.isQuestion && s.wordCount >= MIN_WORDS && s.wordCount <= MAX_WORDS && s.stems.length >= 3,
    )
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: AnalyzedSentence[] = [];
  for (const sentence of candidates) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => jaccard(other.stems, sentence.stems) > 0.5)) continue;
    chosen.push(sentence);
  }
  return chosen;
}

/** A sentence fit for a summary or an insight, as it will be shown (spoken openers dropped). */
type Statement = { sentence: AnalyzedSentence; text: string; strength: number; weight: number };

/**
 * Sentences that stand on their own (see sentence-quality.ts), strictest first: complete, fluent,
 * self-contained statements; when an episode has too few (scripted or very short ones rarely do),
 * disfluent ones follow. Greetings, sponsor reads and questions never qualify.
 */
export function standaloneStatements(
  analysis: EpisodeAnalysis,
  hosts: ReadonlySet<string>,
  isStrict = true,
): Statement[] {
  const statements: Statement[] = [];
  const addressed = addressesSpeaker(analysis);
  for (const sentence of analysis.sentences) {
    if (sentence.isQuestion || isHousekeeping(sentence.text) || !isCompleteStatement(sentence.text)) continue;
    // "The debate's over, Divya; you don't have to…": said to someone in the room, banter.
    if (addressed?.test(sentence.text)) continue;
    if (isStrict && isDisfluent(sentence.text)) continue;
    const text = standaloneForm(sentence.text);
    if (!text) continue;
    const words = tokenize(text).length;
    if (words < MIN_SUMMARY_WORDS || words > MAX_SUMMARY_WORDS) continue;
    // The introduction and the goodbyes are banter, however central their words.
    if (
      analysis.duration > 0 &&
      (sentence.start < analysis.duration * INTRO_SHARE || sentence.start > analysis.duration * OUTRO_FROM)
    )
      continue;
    // Last, as it is the costly check (the tagger reads the sentence, once for both).
    const tokens = tagWithLemmas(text);
    if (hangsOnContext(text, tokens)) continue;
    // A number or a "because" in a story ("Last Friday my son, four years old…") claims nothing.
    const isAnecdote = tellsAnAnecdote(text, tokens);
    const strength = isAnecdote ? 0 : claimStrength(text);
    // Central sentences that claim something (numbers, causes, advice) outrank central chatter;
    // sentences full of "I", "you", "that" lean on the conversation around them; the guest's
    // words outrank the host's prompts.
    const weight =
      sentence.score *
      (1 + 0.5 * strength) *
      (1 - Math.min(0.6, 3 * referenceLoad(text))) *
      (hosts.has(labelName(sentence.speaker ?? "")) ? 0.6 : 1) *
      (isAnecdote ? ANECDOTE_WEIGHT : 1);
    statements.push({ sentence, text, strength, weight });
  }
  return statements;
}

/**
 * A pattern for a sentence that calls a speaker by first name ("…, Divya;", "Adam, …"): talk to
 * someone in the room, not a claim for the listener. Null without labelled speakers.
 */
function addressesSpeaker(analysis: EpisodeAnalysis): RegExp | null {
  const firstNames = new Set<string>();
  for (const sentence of analysis.sentences) {
    const first = labelName(sentence.speaker ?? "").split(/\s+/)[0] ?? "";
    if (first.length >= 2 && isPersonLabel(first)) firstNames.add(escapeRegExp(first));
  }
  if (!firstNames.size) return null;
  const names = [...firstNames].join("|");
  return new RegExp(`(?:^|[,;:]\\s*)(?:${names})\\s*[,;:!?]|,\\s*(?:${names})\\s*[.!]?$`, "u");
}

function candidateStatements(
  analysis: EpisodeAnalysis,
  hosts: ReadonlySet<string>,
  needed: number,
): Statement[] {
  const strict = standaloneStatements(analysis, hosts, true);
  if (strict.length >= needed) return strict;
  const seen = new Set(strict.map((statement) => statement.sentence.index));
  return [
    ...strict,
    ...standaloneStatements(analysis, hosts, false).filter((s) => !seen.has(s.sentence.index)),
  ];
}

/** The best statements, no two alike, strongest first. */
function pickStatements(statements: Statement[], count: number, taken: Statement[] = []): Statement[] {
  const chosen: Statement[] = [];
  for (const statement of [...statements].sort(
    (a, b) => b.weight - a.weight || a.sentence.index - b.sentence.index,
  )) {
    if (chosen.length >= count) break;
    const isRepeat = [...taken, ...chosen].some(
      (other) =>
        other.sentence.index === statement.sentence.index ||
        jaccard(other.sentence.stems, statement.sentence.stems) > 0.4,
    );
    if (!isRepeat) chosen.push(statement);
  }
  return chosen;
}

/**
 * Key insights: claims with content (a number, a cause, advice, a definition or a comparison), one
 * from each stretch of the episode first so they cover it, each with the moment it is said.
 */
function pickInsights(statements: Statement[], duration: number, count: number): Statement[] {
  const claims = statements.filter((statement) => statement.strength > 0);
  // Too few claims to spread over the episode: every claim, then the best of the other statements.
  if (claims.length < count) {
    const chosen = pickStatements(claims, count);
    chosen.push(...pickStatements(statements, count - chosen.length, chosen));
    return chosen;
  }
  const chosen: Statement[] = [];
  if (duration > 0) {
    for (let part = 0; part < count; part++) {
      const from = (duration * part) / count;
      const to = (duration * (part + 1)) / count;
      const inPart = claims.filter((s) => s.sentence.start >= from && s.sentence.start < to);
      chosen.push(...pickStatements(inPart, 1, chosen));
    }
  }
  chosen.push(...pickStatements(claims, count - chosen.length, chosen));
  return chosen;
}

/**
 * Who talks in the episode: the feed's people when it lists them, else the transcript's speakers.
 * Those the introduction presents as guests are guests, unless the show's other episodes have them
 * as regulars (`isShowRegular`). Failing that, the show's other episodes tell (`hostsByShow`), and
 * without them everyone after the first speaker is a guest. The rest are hosts.
 */
type EpisodePeople = { hosts: string[]; guests: string[] };

export function episodePeople(episode: EpisodeInput): EpisodePeople {
  if (episode.people?.length) {
    const named = (role: "host" | "guest") =>
      episode.people?.filter((person) => person.role === role).map((person) => person.name) ?? [];
    return { hosts: named("host"), guests: named("guest") };
  }
  const speakers = mainVoices(episode.transcriptSegments ?? []).map((speaker) => speaker.name);
  if (!speakers.length) return { hosts: [], guests: [] };
  const introduced = guestsFromTranscript(episode.transcriptSegments).map((guest) =>
    guest.name.toLowerCase(),
  );
  const isIntroduced = (speaker: string) => {
    const last = speaker.toLowerCase().split(/\s+/).at(-1) ?? "";
    return introduced.some((name) => name.includes(last));
  };
  // A regular of the show "joined by" the host is a co-host, not a guest.
  let guests = speakers.filter(
    (speaker) => isIntroduced(speaker) && !isShowRegular(speaker, episode.showSpeakers),
  );
  if (!guests.length) {
    const hosts = hostsByShow(speakers, episode.showSpeakers);
    guests = hosts ? speakers.filter((speaker) => !hosts.includes(speaker)) : speakers.slice(1);
  }
  return { hosts: speakers.filter((speaker) => !guests.includes(speaker)), guests };
}

/**
 * Up to `count` topics that name different things: none sharing its head word ("open tabs" after
 * "New Tab") or all its modifiers ("single-page application" after "single-page apps") with one
 * already taken, none the start of another's name ("Influx", "InfluxData") or its initials ("SPAs").
 */
export function distinctSubjects(topics: string[], count: number): string[] {
  const taken: { head: string; modifiers: string; squashed: string; initials: string }[] = [];
  const chosen: string[] = [];
  for (const topic of topics) {
    if (chosen.length >= count) break;
    const words = tokenize(topic).map(stem);
    const head = words.at(-1) ?? "";
    const modifiers = words.slice(0, -1).join(" ");
    const squashed = topic.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    const acronym = /^\p{Lu}{2,}s?$/u.test(topic) ? topic.replace(/s$/, "").toLowerCase() : null;
    if (
      taken.some(
        (other) =>
          other.head === head ||
          (modifiers && other.modifiers === modifiers) ||
          // "Influx" after "InfluxData"; "SPAs" after "single-page apps".
          other.squashed.startsWith(squashed) ||
          squashed.startsWith(other.squashed) ||
          (acronym !== null && other.initials === acronym),
      )
    )
      continue;
    const initials = topic
      .split(/[\s-]+/)
      .map((word) => word.charAt(0).toLowerCase())
      .join("");
    taken.push({ head, modifiers, squashed, initials });
    chosen.push(topic);
  }
  return chosen;
}

/**
 * A subject as the speakers name it: "the forgetting curve" when the episode mostly says "the" before
 * it; the plural when the speakers also say it and the noun counts ("about mental models, debuggers
 * and test cases", not "about mental model, debugger and test case"); else a countable noun takes the
 * article the speakers give it ("an asteroid", "a minimum viable product"), as a bare one reads
 * wrong; otherwise as it is ("open source", "caffeine", "TSMC", "energy drinks"). A name takes "the"
 * when the speakers mostly say it so ("the Berlin Conference", "the Cold War"), counting only where
 * the name ends its phrase: "the Hugging Face hub" is the hub's "the".
 */
export function withArticle(subject: string, spoken: string): string {
  const isName = !/^\p{Ll}/u.test(subject);
  // Whether the subject ends its phrase there (no content word after it).
  const endsPhrase = (mention: RegExpMatchArray) => !mention[2] || STOPWORDS.has(mention[2].toLowerCase());
  const mentions = [
    ...spoken.matchAll(new RegExp(`(\\p{L}+)?\\s*\\b${escapeRegExp(subject)}\\b(?:\\s+(\\p{L}+))?`, "giu")),
  ].filter((mention) => !isName || endsPhrase(mention));
  const withThe = mentions.filter((mention) => mention[1]?.toLowerCase() === "the").length;
  if (mentions.length && withThe * 2 >= mentions.length) return `the ${subject}`;
  if (isName || isPluralPhrase(subject) || !isMostlyCountable(subject)) return subject;
  const plural = /(?:s|x|z|ch|sh)$/.test(subject)
    ? `${subject}es`
    : /[^aeiou]y$/.test(subject)
      ? `${subject.slice(0, -1)}ies`
      : `${subject}s`;
  if (new RegExp(`\\b${escapeRegExp(plural)}\\b`, "i").test(spoken)) return plural;
  // "an open source project" is the project's "an".
  const withA = mentions.filter((mention) => /^an?$/i.test(mention[1] ?? "") && endsPhrase(mention)).length;
  if (withA && withA >= withThe) return `${/^[aeiou]/i.test(subject) ? "an" : "a"} ${subject}`;
  // "your riskiest assumption": the one the episode means. Not "my wife's business": its owner's
  // word belongs to the wife.
  if (/['’]s\b/.test(subject)) return subject;
  const withOwner = mentions.filter((mention) => OWNERS.test(mention[1] ?? "")).length;
  return withOwner * 2 >= mentions.length && withOwner > withA ? `the ${subject}` : subject;
}

const OWNERS = /^(?:the|your|my|our|their|his|her|its)$/i;

function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const TIME_SUBJECT = /\b(?:century|centuries|decades?|years?|months?|weeks?|days?|era)$/i;

/**
 * The summary's first sentence: who talks about what, from the people and the topics ("In this
 * episode of Brain Science, Mireille Reece talks with Danielle Rath about caffeine, energy drinks and
 * fatigue levels.").
 */
export function leadSentence(
  episode: EpisodeInput,
  topics: string[],
  { hosts, guests }: EpisodePeople = episodePeople(episode),
): string | null {
  // Topics the title names lead ("attention" in "Attention, Explained…").
  const titleStems = new Set(tokenize(episode.title).map(stem));
  const inTitle = (topic: string) => tokenize(topic).some((word) => titleStems.has(stem(word)));
  // A time ("the early fifteenth century") is when, not what, the episode is about.
  const subjects = distinctSubjects(
    [...topics.filter(inTitle), ...topics.filter((topic) => !inTitle(topic))].filter(
      (topic) => !TIME_SUBJECT.test(topic),
    ),
    3,
  );
  if (!subjects.length) return null;
  const show = episode.podcastName?.trim();
  const opening = show ? `In this episode of ${show}, ` : "In this episode, ";
  const spoken =
    episode.transcriptSegments?.map((segment) => segment.text).join(" ") ?? episode.transcriptText ?? "";
  const about = `about ${listOf(subjects.map((subject) => withArticle(subject, spoken)))}.`;
  if (hosts.length && guests.length)
    return `${opening}${listOf(hosts)} ${hosts.length > 1 ? "talk" : "talks"} with ${listOf(guests)} ${about}`;
  const speakers = hosts.length ? hosts : guests;
  if (speakers.length)
    return `${opening}${listOf(speakers)} ${speakers.length > 1 ? "talk" : "talks"} ${about}`;
  return show ? `An episode of ${show} ${about}` : `An episode ${about}`;
}

const STAGE_DIRECTION = /^(?:laughter|laughs?|laughing|applause|crosstalk|inaudible|music|silence|pause)$/i;

/** Words of praise or size that make a phrase a remark rather than a subject ("big mistake"). */
const EVALUATIVE =
  /^(?:big|bigger|biggest|great|good|bad|huge|little|whole|nice|cool|real|awesome|amazing|interesting|important|different|same|certain|main|fun|crazy|weird|small|tiny)\s/i;

/** Heads that make any phrase vague ("vast majority", "type stuff", "whole bunch"). */
const VAGUE_HEAD = /\s(?:stuff|majority|bunch|lot|lots|kind|sort|type|way|ways|thing|things)$/i;

/** Abstract nouns that name no subject on their own ("knowledge", "value", "process"). */
const VAGUE_NOUNS = new Set(
  `knowledge information value values model models process system systems approach concept concepts aspect
aspects area areas field topic topics issue issues factor factors role impact effect effects result results
rate rule rules game games search passage animal street data work job life world lot level levels type types
form forms piece pieces step steps stage stages method methods practice change changes difference experience
experiences research study studies science thing things question questions answer answers interest future
past history idea ideas fact facts power use user users case kind sort matter terms term line lines set sets
shop business company person people man woman men women guy guys folks head heart mind body brain school
team group end start book books paper papers talk talks conference chat email`.split(/\s+/),
);

/** A topic's words for telling topics apart: "Hypermedia APIs" is "Hypermedia API", "long-poll" "long polls". */
export function topicKey(text: string): string {
  return tokenize(singularAcronyms(text.replace(/-/g, " ")))
    .map(stem)
    .join(" ");
}

/**
 * Topics a person would name: multi-word noun phrases and names as found; a lone common noun heard
 * mostly after the same word becomes that phrase ("curve" → "forgetting curve"); other lone common
 * nouns only when the episode keeps returning to them or the title names them, and never a vague one.
 */
export function personTopics(
  episode: EpisodeInput,
  analysis: EpisodeAnalysis,
  people: EpisodePeople = episodePeople(episode),
): string[] {
  const titleStems = new Set(tokenize(episode.title).map(stem));
  const topics: string[] = [];
  const taken: string[] = [];
  const add = (text: string) => {
    const key = ` ${topicKey(text)} `;
    if (taken.some((other) => other.includes(key) || key.includes(other))) return;
    taken.push(key);
    topics.push(text);
  };
  // Each speaker's names, and the "Kball" a speaker is called by (initial and last name).
  const nameWords = new Set(
    [...people.hosts, ...people.guests].flatMap((name) => {
      const words = name.toLowerCase().split(/\s+/);
      return words.length > 1 ? [...words, `${words[0]?.charAt(0)}${words.at(-1)}`] : words;
    }),
  );
  // The title tagged once, and only when a lone noun needs its phrase.
  let taggedTitle: TaggedToken[] | null = null;
  const titleTokens = () => {
    taggedTitle ??= tagText(episode.title);
    return taggedTitle;
  };
  const consider = (phrase: RankedPhrase) => {
    // "wanna", "gonna deal": talk, not a topic; nor a modifier ("long-term", "full-time").
    if (hasContraction(phrase.text) || hasNonNounHead(phrase.text)) return;
    // "laughter": a stage direction left in the transcript.
    if (STAGE_DIRECTION.test(phrase.text)) return;
    // "big win", "great learning experience": praise, not a subject; "vast majority", "type stuff":
    // a vague head; "use AI": a verb the tagger read as a noun; "n Roses": a name cut at its apostrophe.
    if (phrase.words > 1 && (EVALUATIVE.test(phrase.text) || VAGUE_HEAD.test(phrase.text))) return;
    if (/^(?:use|using|used)\s/i.test(phrase.text) || /^\p{Ll}\s/u.test(phrase.text)) return;
    // A first name alone ("Paul") or a speaker's own name is a person talked to or about, not a topic.
    // So is a given name ("Russ") or one in the possessive ("a friend of Wade's"); in the possessive
    // even a name that is also a word ("Wade") counts.
    const bare = phrase.text.replace(/['’]s$/, "");
    if (
      phrase.words === 1 &&
      (nameWords.has(bare.toLowerCase()) ||
        phraseKind(bare) === "person" ||
        (bare === phrase.text ? isPlainGivenName(bare) : isGivenName(bare)))
    )
      return;
    if (phrase.words > 1 || phrase.isProper) return add(phrase.text);
    const expanded = expandedPhrase(phrase, analysis) ?? titlePhrase(phrase.text, titleTokens(), episode);
    if (expanded) return add(expanded);
    if (VAGUE_NOUNS.has(phrase.text.toLowerCase())) return;
    if (phrase.sentenceIds.length >= 3 || titleStems.has(phrase.key)) add(phrase.text);
  };
  for (const phrase of analysis.topics) if (topics.length < MAX_TOPICS) consider(phrase);
  for (const phrase of analysis.phrases) {
    if (topics.length >= MAX_TOPICS) break;
    if (phrase.sentenceIds.length >= 2 && (phrase.words > 1 || phrase.isProper)) consider(phrase);
  }
  return topics;
}

const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|million|billion|first|second|third|few|many|several|more|most|less)$/i;

const MODIFIER_TAGS: ReadonlySet<string> = new Set(["NOUN", "PROPN", "ADJ"]);

/**
 * The title's phrase for a lone noun it names ("forgetting curve" for "curve" in "The Forgetting
 * Curve and How to Beat It"): the title names the subject as the episode means it. Never a function
 * word or a number before it, nor the show's own name.
 */
function titlePhrase(noun: string, title: TaggedToken[], episode: EpisodeInput): string | null {
  const word = noun.toLowerCase();
  const at = title.findIndex((token, index) => index > 0 && token.lower === word);
  const previous = at > 0 ? title[at - 1] : undefined;
  if (!previous || STOPWORDS.has(previous.lower) || NUMBER_WORD.test(previous.lower)) return null;
  // A modifier of the noun: "Forgetting Curve", "Immune System"; not "Behind Caffeine", "the Chips".
  const isModifier =
    MODIFIER_TAGS.has(previous.pos) || (previous.pos === "VERB" && previous.lower.endsWith("ing"));
  if (!isModifier) return null;
  const phrase = `${previous.lower} ${word}`;
  // "Founders Talk #82": the show's name is no subject of the episode.
  return episode.podcastName?.toLowerCase().includes(phrase) ? null : phrase;
}

/** The two-word phrase a lone noun is mostly heard in ("forgetting curve" for "curve"), if any. */
function expandedPhrase(phrase: RankedPhrase, analysis: EpisodeAnalysis): string | null {
  const word = phrase.text.toLowerCase();
  const before = new Map<string, number>();
  let mentions = 0;
  const pattern = new RegExp(`([\\p{L}'’-]+)\\s+${escapeRegExp(word)}\\b`, "giu");
  for (const id of phrase.sentenceIds) {
    const text = analysis.sentences[id]?.text ?? "";
    mentions++;
    for (const match of text.matchAll(pattern)) {
      const previous = match[1] ?? "";
      if (STOPWORDS.has(previous.toLowerCase()) || /^\d/.test(previous) || NUMBER_WORD.test(previous))
        continue;
      before.set(previous, (before.get(previous) ?? 0) + 1);
    }
  }
  const [best, count] = [...before].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  if (count < 2 || count < mentions * 0.4) return null;
  return `${best.toLowerCase()} ${word}`;
}

/** The show notes' most central sentences as the summary and insights (no transcript to draw on). */
function enrichFromNotes(episode: EpisodeInput, analysis: EpisodeAnalysis, topics: string[]): Enrichment {
  const { sentences } = analysis;
  const summaryLength = Math.min(5, Math.max(2, Math.round(sentences.length / 25)));
  const byStart = (a: AnalyzedSentence, b: AnalyzedSentence) => a.start - b.start || a.index - b.index;
  const summary =
    strongestSentences(sentences, summaryLength)
      .sort(byStart)
      .map((s) => s.text)
      .join(" ") ||
    episode.summary?.trim() ||
    episode.title.trim() ||
    "Untitled";
  const insights = strongestSentences(sentences, MAX_INSIGHTS)
    .sort(byStart)
    .map((sentence) => ({ key_point: sentence.text, timecode: 0 }));
  return { summary, insights, topics };
}

const byTime = (a: Statement, b: Statement) =>
  a.sentence.start - b.sentence.start || a.sentence.index - b.sentence.index;

/**
 * Summary: who talks about what, then the three strongest self-contained statements in the order
 * they are said. Insights: claims with content spread over the episode, with their moments. Topics:
 * the key phrases a person would name.
 */
export function enrichOffline(episode: EpisodeInput, analysis: EpisodeAnalysis): Enrichment {
  const people = episodePeople(episode);
  const topics = personTopics(episode, analysis, people);
  const hasTranscript = Boolean(episode.transcriptSegments?.length || episode.transcriptText?.trim());
  // Without a transcript the sentences are the show notes' own, written to be read: kept as they are.
  if (!hasTranscript) return enrichFromNotes(episode, analysis, topics);
  const summaryLength = Math.min(3, Math.max(2, Math.round(analysis.sentences.length / 25)));
  const hosts = new Set(people.guests.length ? people.hosts : []);
  const statements = candidateStatements(analysis, hosts, summaryLength + MAX_INSIGHTS);
  const summaryStatements = pickStatements(statements, summaryLength).sort(byTime);
  const lead = analysis.sentences.length > 1 ? leadSentence(episode, topics, people) : null;
  const extract = summaryStatements.map((statement) => statement.text);
  const summary =
    [lead, ...extract].filter(Boolean).join(" ") ||
    episode.summary?.trim() ||
    episode.title.trim() ||
    "Untitled";
  const insights = pickInsights(statements, analysis.duration, MAX_INSIGHTS)
    .sort(byTime)
    .map((statement) => ({
      key_point: statement.text,
      timecode: analysis.isTimed ? clampTime(statement.sentence.start, analysis.duration) : 0,
    }));
  return { summary, insights, topics };
}
