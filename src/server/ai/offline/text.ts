/** Small text helpers shared by the offline engine, retrieval and the corpus statistics. */

/**
 * Spoken replies and interjections ("Yeah", "Great, …", "Alright"), which the tagger sometimes reads
 * as names at the start of a sentence: never a phrase, an answer or a choice.
 */
export const SPOKEN_REPLIES: ReadonlySet<string> = new Set(
  `alright okay ok yeah yep nope hey hello hi wow gosh cool awesome sure great nice perfect totally
  exactly amazing fantastic excellent`.split(/\s+/),
);

/** Words that stand in for an article before a noun: "the", "my", "this", "no", "every"… */
export const DETERMINERS: ReadonlySet<string> = new Set(
  "a an the this that these those its their his her our my your every each some any no".split(" "),
);

export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me
more most mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over own
same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those through to too under until
up upon very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which
while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours
yourself yourselves yes yeah okay ok oh well so really actually right like get got gets getting go goes going
gone one ones thing things lot lots kind sort way ways much many even still yet back also just maybe
something someone anything everything nothing every thanks thank welcome today other others
another several various certain whole entire`.split(/\s+/),
);

/** Words of a question that say nothing about its subject ("what did the guest say about …"). */
export const QUESTION_NOISE_WORDS = new Set(
  `episode episodes podcast show guest host speaker say says said talk talks talked discuss discussed mention
mentioned explain explained describe described mean means meant tell told think thinks know happen happens
happened according word words use call called does do did make made instead`.split(/\s+/),
);

/**
 * A question asking for an overview of one subject of the episode ("Can you sum up her pyramid of
 * tiredness stages?", "What's her big-picture view of …?", "What were the talks about?"): answered
 * from the passage about that subject, at more length than a fact.
 */
export function isTopicOverview(question: string): boolean {
  const q = question.toLowerCase().replace(/[’‘]/g, "'").trim();
  return /\b(?:sum (?:it |this |that |them )?up|summari[sz]e|recap|overview|outline|big[- ]picture|(?:her|his|their|the guest's|the speaker's) (?:overall )?(?:views?|take|opinion|perspective|stance|position|vision|argument|philosophy|outlook)|what (?:is|was|are|were) (?!it\b|this\b|that\b)[^?]{3,80} about\??$)/.test(
    q,
  );
}

/**
 * A question asking for someone's view of a subject ("What's her big-picture view of …?", "his
 * philosophy on …"): the answer is where the speaker states a view in their own voice, which rarely
 * shares the listener's word for it ("that's my broad philosophy today, when it comes to …").
 */
export function isViewQuestion(question: string): boolean {
  return /\bbig[- ]picture\b|\b(?:her|his|their|the guest's|the speaker's) (?:overall |general |broad )?(?:views?|take|opinion|perspective|stance|position|vision|philosophy|outlook)\b/.test(
    question.toLowerCase().replace(/[’‘]/g, "'"),
  );
}

/** Words a speaker states a view with, added to a view question's retrieval query. */
export const VIEW_QUERY_WORDS = ["philosophy", "vision", "believe", "opinion", "perspective"];

/** A sentence in which the speaker states their own view ("my philosophy", "I believe", "in my view"). */
export const STATES_VIEW =
  /\b(?:my|our) (?:\w+ )?(?:philosophy|vision|view|belief|opinion|perspective|take)\b|\bI (?:really |strongly |firmly )?believe\b|\bin my (?:view|opinion)\b/i;

/** The overview words of such a question, which say how to answer, not what about. */
export const TOPIC_OVERVIEW_WORDS = new Set(
  "sum summarise summarize summary recap overview outline big picture big-picture view views take opinion perspective stance position vision argument philosophy outlook".split(
    " ",
  ),
);

/**
 * Acronyms in the singular: "VTTs", "GPUs", "LLMs" → "VTT", "GPU", "LLM". Stemmers leave a plural
 * without a vowel whole ("vtts"), so the listener's "VTT file" missed the speaker's "VTTs".
 */
export function singularAcronyms(text: string): string {
  return text.replace(/\b(\p{Lu}{2,})[s’']?s\b/gu, "$1");
}

/**
 * A question without idioms whose words say nothing about the subject: "What does his mum do for a
 * living?" asks for her job, and "living" would match any "…living here in the United States";
 * "Which book does Adam bring up?" and "Which TV show comes up?" ask what is mentioned, as "mention"
 * does (a question word ignored); "in order to" is "to".
 */
export function withoutIdioms(question: string): string {
  return question
    .replace(/\s*\bfor (?:a )?living\b/gi, "")
    .replace(/\b(?:in order|so as)\s+(?=to\b|for\b|that\b)/gi, "")
    .replace(/\s*\b(?:bring|brings|brought|come|comes|came)\s+up(?=\s*[?.!]*\s*$)/gi, "");
}

/**
 * Phrasal verbs a speaker also says as one noun: "laid off" and "layoffs", "wrote off" and "the
 * write-off", "burned out" and "burnout"; and phrases said in several ways that mean one thing
 * ("comes from", "originates from"). Said as one word on both sides, so either way meets the other;
 * an object between the two words stays after it ("laid people off" → "layoff people").
 */
const PHRASAL_NOUNS: [pattern: RegExp, noun: string][] = [
  [/\b(?:lay|lays|laid|laying)\s+(?:(\w+)\s+)?off\b/gi, "layoff"],
  [/\b(?:write|writes|wrote|written|writing)\s+(?:(\w+)\s+)?off\b/gi, "writeoff"],
  [/\b(?:sign|signs|signed|signing)\s+up\b/gi, "signup"],
  [/\b(?:shut|shuts|shutting)\s+(?:(\w+)\s+)?down\b/gi, "shutdown"],
  [/\b(?:roll|rolls|rolled|rolling)\s+(?:(\w+)\s+)?out\b/gi, "rollout"],
  [/\b(?:burn|burns|burned|burnt|burning)\s+out\b/gi, "burnout"],
  [/\b(?:drop|drops|dropped|dropping)\s+out\b/gi, "dropout"],
  [/\b(?:buy|buys|bought|buying)\s+(?:(\w+)\s+)?out\b/gi, "buyout"],
  [/\b(?:spin|spins|spun|spinning)\s+(?:(\w+)\s+)?off\b/gi, "spinoff"],
  // "Where does distraction come from?": an origin, said as often "originates from", "stems from",
  // "is rooted in"; "when it comes to" is none.
  [
    /\b(?:come|comes|came|coming|originate|originates|originated|originating|stem|stems|stemmed|stemming|derive|derives|derived|deriving)\s+from\b|\broot(?:s|ed)?\s+in\b/gi,
    "originfrom",
  ],
  // "How does a farmer stay fit?", "How does Adam stay active?", "…someone who never works out": the
  // speaker talks of exercise. Someone works out; "it didn't work out" and "work out how…" are no
  // exercise.
  [
    /\b(?:stay|stays|stayed|staying|keep|keeps|kept|keeping|get|gets|got|getting)\s+(?:fit|in shape|active)\b|(?<=\b(?:i|you|he|she|we|they|who|people|never|always|regularly|usually|often|to)\s+)(?:work|works|worked|working)\s+out\b(?=\s*(?:[?.!,;]|$|\b(?:at|in|every|regularly|daily|more|less|often|again|together)\b))/gi,
    "exercise",
  ],
];

/** The text with phrasal verbs said as their nouns (see PHRASAL_NOUNS). */
export function phrasalNouns(text: string): string {
  let result = text;
  // Without a group for the object, the second argument is the match's offset.
  for (const [pattern, noun] of PHRASAL_NOUNS)
    result = result.replace(pattern, (_match, object: unknown) =>
      typeof object === "string" && object ? `${noun} ${object}` : noun,
    );
  return result;
}

/** Text that a RegExp matches literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower-case word tokens (letters, digits, inner apostrophes and hyphens). */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  ).map((token) => token.replace(/'s$/, ""));
}

/**
 * A light suffix-stripping stemmer (plural, -ing, -ed, -ly, -ation…): enough to let "models" match
 * "model" and "compounding" match "compound" when comparing texts. Not a linguistic stem.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["ations", "ation", "ingly", "ing", "edly", "ed", "ly", "ness", "ment", "er"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 4 && w.at(-1) === w.at(-2) && !/[aeiouls]/.test(w.at(-1) ?? "")) w = w.slice(0, -1);
  return w;
}

/** Stems of the words that carry meaning (no stopwords, no one-letter tokens). */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((token) => token.length > 1 && !STOPWORDS.has(token))
    .map(stem);
}

/** A phrase in the one form used for lookups and comparisons: lower case, single spaces, stemmed words. */
export function phraseKey(phrase: string): string {
  return tokenize(phrase).map(stem).join(" ");
}

/** Seconds → "m:ss" (or "h:mm:ss" from one hour on), as quoted in explanations. */
export function formatTimecode(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "75", "1:15", "01:02:03" → seconds; null when unreadable. */
export function parseTimecode(value: number | string | null | undefined): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A 32-bit FNV-1a hash; seeds the deterministic shuffles. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Whether text[from, to) sits inside a web or e-mail address ("justin._searles_.co"). */
export function isInAddress(text: string, from: number, to: number): boolean {
  return (
    (/[./@]/.test(text.charAt(from - 1)) && /[\p{L}\p{N}]/u.test(text.charAt(from - 2))) ||
    (/[./@]/.test(text.charAt(to)) && /[\p{L}\p{N}]/u.test(text.charAt(to + 1)))
  );
}

/** Whether a word is shaped like a name whatever its place: an acronym ("AI", "CEOs") or a capital inside ("LinkedIn", "macOS"). */
export function hasNameShape(word: string): boolean {
  return /^\p{Lu}{2}|\p{Ll}\p{Lu}/u.test(word);
}
