import { wordLemma } from "./nlp.ts";
import { normalizeNumbers } from "./numbers.ts";
import { STOPWORDS, stem } from "./text.ts";

/**
 * Ask AI's paraphrase lexicon: lemmas for irregular forms and groups of words a listener uses for what
 * a speaker said in other words. Hand-kept and general (everyday English, education, health, work,
 * media, time): a question word matches a transcript word of the same group. Compared by stem, so
 * "supervisors" finds "advisor". Groups are symmetric; a word may sit in several.
 */

/** Irregular forms a suffix-stripping stemmer cannot reach. */
const IRREGULAR_LEMMAS: Record<string, string> = {
  went: "go",
  gone: "go",
  wrote: "write",
  written: "write",
  taught: "teach",
  thought: "think",
  bought: "buy",
  brought: "bring",
  caught: "catch",
  began: "begin",
  begun: "begin",
  gave: "give",
  given: "give",
  took: "take",
  taken: "take",
  made: "make",
  found: "find",
  knew: "know",
  known: "know",
  grew: "grow",
  grown: "grow",
  spoke: "speak",
  spoken: "speak",
  left: "leave",
  met: "meet",
  paid: "pay",
  slept: "sleep",
  drank: "drink",
  drunk: "drink",
  ate: "eat",
  eaten: "eat",
  felt: "feel",
  built: "build",
  sent: "send",
  spent: "spend",
  won: "win",
  lost: "lose",
  ran: "run",
  children: "child",
  people: "person",
  women: "woman",
  men: "man",
  mice: "mouse",
  studies: "study",
  studied: "study",
  better: "good",
  best: "good",
  worse: "bad",
  worst: "bad",
};

/**
 * An irregular form's lemma, from the table's own keys only: "constructor" or "tostring" in a
 * transcript must not find Object.prototype's members (a function is not a lemma).
 */
function irregularLemma(word: string): string | undefined {
  return Object.hasOwn(IRREGULAR_LEMMAS, word) ? IRREGULAR_LEMMAS[word] : undefined;
}

const SYNONYM_GROUPS: string[][] = [
  ["doctorate", "phd", "doctoral", "dissertation", "thesis"],
  ["supervisor", "advisor", "adviser", "mentor"],
  ["undergrad", "undergraduate", "bachelor", "bachelors", "college"],
  ["university", "college", "institute", "campus"],
  ["study", "studied", "degree", "major", "graduate"],
  ["teacher", "professor", "lecturer", "faculty", "instructor"],
  ["teach", "course", "class", "lecture", "tutorial"],
  ["pill", "tablet", "medication", "medicine", "supplement", "drug", "painkiller"],
  ["symptom", "sign", "effect", "jitter", "jittery", "anxious", "overdose"],
  ["sleepy", "drowsy", "tired", "tiredness", "fatigue", "exhausted", "sleepiness"],
  ["sleep", "shuteye", "nap", "rest", "bedtime", "insomnia"],
  ["pregnant", "pregnancy", "expecting", "breastfeeding", "nursing"],
  ["dehydrate", "dehydration", "dry", "diuretic", "pee", "urinate"],
  ["limit", "maximum", "cap", "recommend", "recommendation", "allowance", "guideline"],
  ["book", "author", "write", "wrote", "publish", "novel", "title"],
  ["company", "firm", "business", "employer", "startup", "corporation"],
  ["cloud", "aws", "amazon", "azure", "google"],
  ["job", "work", "role", "position", "career", "employ"],
  ["sabbatical", "leave", "break"],
  ["website", "site", "app", "database", "online", "web"],
  ["alcohol", "vodka", "drunk", "drinking", "liquor", "booze", "beer", "wine", "cocktail"],
  ["bad", "danger", "dangerous", "risk", "risky", "harmful", "harm", "mask"],
  ["molecule", "chemical", "compound", "receptor", "neurotransmitter"],
  ["explain", "describe", "definition", "define", "mean", "simple", "intuition"],
  ["expert", "specialist", "layperson", "beginner", "novice"],
  ["ordinary", "standard", "normal", "regular", "conventional", "plain", "vanilla"],
  ["fail", "failure", "crash", "unstable", "wrong", "problem"],
  ["memorize", "memorise", "memory", "remember", "heart", "recall"],
  ["date", "calendar", "birthday"],
  ["old", "age", "young", "kid", "child"],
  ["scientist", "researcher", "professor", "pioneer"],
  ["begin", "start", "origin", "founded", "grew", "launch"],
  ["conference", "summit", "workshop", "symposium", "talk", "keynote", "presentation"],
  ["view", "vision", "opinion", "believe", "future", "next"],
  ["money", "cost", "price", "pay", "expensive", "cheap", "dollar"],
  ["doctor", "physician", "clinician", "gp"],
  ["therapy", "therapist", "counselling", "counseling", "counselor", "psychologist"],
  ["worry", "anxiety", "stress", "nervous"],
  ["sad", "depressed", "depression", "low"],
  ["argue", "argument", "fight", "conflict", "disagree", "disagreement", "quarrel"],
  ["partner", "spouse", "husband", "wife", "couple"],
  ["kid", "child", "son", "daughter"],
  ["baby", "infant", "newborn"],
  ["coach", "trainer", "mentor"],
  ["exercise", "workout", "training", "practice"],
  ["meditate", "meditation", "mindfulness", "mindful"],
  ["happy", "happiness", "joy", "wellbeing"],
  ["fast", "quick", "speed", "performance", "faster"],
  ["slow", "slower", "latency"],
  ["library", "package", "framework", "tool", "module"],
  ["photo", "picture", "image", "camera"],
  ["space", "orbit", "station", "astronaut"],
  ["student", "pupil", "kid", "learner"],
  ["planet", "earth", "world", "globe"],
  ["country", "nation", "state"],
  ["city", "town"],
  ["born", "birth", "grow", "hometown", "raised"],
  ["drone", "uav", "quadcopter", "aircraft"],
  ["big", "large", "huge", "massive"],
  ["small", "little", "tiny"],
  ["rule", "law", "regulation", "policy"],
  ["buy", "purchase", "shop"],
  ["cup", "mug", "serving"],
  ["stage", "level", "step", "phase"],
  ["chocolate", "cocoa", "candy"],
  ["mother", "mom", "mum", "mommy", "mummy", "mama", "mam"],
  ["father", "dad", "daddy", "papa", "pop"],
  ["sibling", "brother", "sister"],
  ["grandparent", "grandmother", "grandfather", "grandma", "grandpa", "granny"],
  ["customer", "client", "user", "subscriber", "buyer"],
  ["investor", "vc", "backer", "funder"],
  // Probes of decision 078 (Brain Science #14): "how stress levels affect learning" is said as
  // "influence our ability to encode"; "which region of the brain" as "area"; "in charge of memory"
  // as "responsible for memory".
  ["affect", "influence", "impact"],
  ["region", "area", "zone"],
  ["responsible", "charge", "handle", "oversee"],
  // Founders Talk #66: "the essay he put on Medium" is "this piece called…".
  ["essay", "article", "piece", "post", "blog"],
  // Probes of decision 080 (Brain Science #16, #23): "Which habits boost BDNF?" is said as "certain
  // behaviors… maximize those BDNF transcriptions".
  ["increase", "boost", "raise", "maximize", "enhance"],
  ["habit", "behavior", "routine"],
  ["want", "desire"],
  // Practical AI #152: "How far did Chris get in math…" is said as "my mathematics".
  ["math", "maths", "mathematics", "mathematical"],
  // Founders Talk #61: "Bryan's previous company" is "Bryan's former company".
  ["previous", "former", "prior"],
];

let synonymIndex: Map<string, Set<string>> | undefined;

/** Built once, on first use: stem → stems of every group the word is in. */
function synonymsByStem(): Map<string, Set<string>> {
  if (synonymIndex) return synonymIndex;
  const index = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const stems = group.map((word) => lemmaStem(word));
    for (const one of stems) {
      const set = index.get(one) ?? new Set<string>();
      for (const other of stems) if (other !== one) set.add(other);
      index.set(one, set);
    }
  }
  synonymIndex = index;
  return index;
}

/**
 * British spellings in their American form, so a listener's "realising" meets a transcript's
 * "realize" (and "behaviour" "behavior"): -ise/-yse verbs and their forms, -our nouns.
 */
export function americanSpelling(word: string): string {
  return word
    .replace(/^(\p{L}{3,})([iy])s(e|es|ed|ing|ation|ations|er|ers)$/u, "$1$2z$3")
    .replace(
      /^(\p{L}{2,}[iv]|\p{L}*(?:col|lab|hon|hum|rum|neighb|harb|flav|fav|vig|od|arm))our(s|ed|ing|ite|ites|able)?$/u,
      "$1or$2",
    );
}

/**
 * Words the stemmer would fold into an unrelated, much more common word: "evening" into "even",
 * "news" into "new", "hardly" into "hard". Each keeps a key of its own (the value), left unstemmed.
 */
const UNSTEMMED: Record<string, string> = {
  evening: "evening",
  evenings: "evening",
  news: "news",
  hardly: "hardly",
};

/**
 * A word's lemma (irregular forms first, then the wink model's: "came" → "come", "ended" → "end")
 * in stemmed form: "wrote" and "writes" both give "writ". A stem that would be a stopword keeps the
 * lemma whole ("bother" is not "both").
 */
export function lemmaStem(word: string): string {
  const lower = americanSpelling(word.toLowerCase().replace(/[-']/g, ""));
  if (Object.hasOwn(UNSTEMMED, lower)) return UNSTEMMED[lower] as string;
  const lemma = irregularLemma(lower) ?? (/^\p{L}+$/u.test(lower) ? wordLemma(lower) : lower);
  const stemmed = stem(lemma);
  return STOPWORDS.has(stemmed) && !STOPWORDS.has(lemma) ? lemma : stemmed;
}

/** The stems a question stem also accepts in the transcript (its own stem excluded). */
export function synonymStems(termStem: string): string[] {
  return [...(synonymsByStem().get(termStem) ?? [])];
}

/** Words (not stems) to add to a full-text query for a question word: the groups it belongs to. */
export function synonymWords(word: string): string[] {
  const key = lemmaStem(word);
  const words: string[] = [];
  for (const group of SYNONYM_GROUPS) {
    if (group.some((member) => lemmaStem(member) === key))
      for (const member of group) if (lemmaStem(member) !== key) words.push(member);
  }
  const lemma = irregularLemma(word.toLowerCase());
  if (lemma) words.push(lemma);
  return [...new Set(words)];
}

/** An age said without "years old": "when I was 13", "at the age of 8", "aged 15". */
const AGED = "(?:when (?:i|he|she|we|they) (?:was|were) |at (?:the )?age (?:of )?|aged )";

/**
 * Things a listener names and a speaker tells as a figure. A stage of life is told as an age or a
 * school: the listener's "as a teenager" is the speaker's "when I was 17 years old" or "in high
 * school"; "as a child" is "when I was eight". Money is told as an amount ("how much money" → "like
 * $1,000 in a month"), a share as a percentage or a fraction ("what share of a file" → "80% of the
 * tokens"). Each: the question word's stems, what the question must also say (when the word has
 * another sense), what a sentence says, and the words retrieval adds.
 */
const TOLD_AS_FIGURES: { stems: RegExp; asks?: RegExp; says: RegExp; query: string[] }[] = [
  {
    stems: /^(?:teen|teenag|adolescent|adolescenc)$/,
    says: new RegExp(
      String.raw`\b(?:1[3-9][- ]years?[- ]old|${AGED}1[3-9]|(?:high|secondary) school|teen\w*|adolescen\w*)\b`,
      "i",
    ),
    query: ["teen", "teenager", "adolescent", '"high school"', '"years old"'],
  },
  {
    stems: /^(?:money|dollar|revenu|incom)$/,
    says: /\$\s?\d|\b\d[\d,.]*\s*(?:k\s+)?(?:dollars|bucks|grand)\b|\b(?:thousand|million|billion) (?:dollars|bucks)\b/i,
    query: ["dollars", "bucks"],
  },
  {
    stems: /^(?:shar|percentag|percent|proportion|fraction)$/,
    // "What unpopular take does Sam share?" asks for no part of a whole.
    asks: /\b(?:percentage|percent|proportion|fraction)\b|\bshare of\b|\b(?:what|which) share\b/i,
    says: /\d\s*%|\bpercent\b|\b(?:half|a third|a quarter|two[- ]thirds|three[- ]quarters)\b/i,
    query: ["percent"],
  },
  {
    stems: /^(?:child|childhood)$/,
    says: new RegExp(
      String.raw`\b(?:[3-9]|1[0-2])[- ]years?[- ]old|\b${AGED}(?:[3-9]|1[0-2])\b|\b(?:elementary|primary|grade) school\b`,
      "i",
    ),
    query: ['"years old"', '"elementary school"', '"primary school"'],
  },
];

/**
 * Whether a sentence tells as a figure what a question term names ("teenag" → "17 years old",
 * "money" → "$1,000").
 */
export function saysAsFigure(term: string, text: string, question = ""): boolean {
  const told = TOLD_AS_FIGURES.find(({ stems }) => stems.test(term));
  if (!told || (told.asks && !told.asks.test(question))) return false;
  return told.says.test(normalizeNumbers(text));
}

/** Query words for a thing told as a figure ("teenager" → "high school", "years old"). */
export function figureQueryWords(word: string): string[] {
  const key = lemmaStem(word);
  return TOLD_AS_FIGURES.find(({ stems }) => stems.test(key))?.query ?? [];
}
