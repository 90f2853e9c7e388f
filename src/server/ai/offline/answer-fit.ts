import { isPlainGivenName } from "./given-names.ts";
import { lemmaStem, synonymStems } from "./lexicon.ts";
import { tagText } from "./nlp.ts";
import { isMostlyVerbForm, isOnlyModifier } from "./wordnet.ts";

/**
 * Rules for a quiz answer and its distractors (issue 18 §2): an answer must be something to learn
 * (not the end of an idiom, not a verb or a spoken contraction), and every distractor must be the
 * same kind of thing as the answer and fit the blank as well as the answer does.
 */

/**
 * "date" is a point in time (a year, a month, a weekday, a holiday); "period" a stretch of it ("a
 * single day", "recent weeks"): "August" is no distractor for "a single day". "acronyms" are plural
 * acronyms ("IDEs", "CEOs"). "eponym" is a name in the possessive that stands for a thing of its own
 * ("Alzheimer's", "McDonald's"): only another such name reads like it.
 */
export type PhraseKind =
  | "person"
  | "place"
  | "org"
  | "number"
  | "date"
  | "period"
  | "proper"
  | "acronyms"
  | "eponym"
  | "concept";

const SEASONS = "(?:(?:early|late|mid-?)\\s*)?(?:summer|winter|spring|autumn)s?";
const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter|thanksgiving|halloween|hanukkah|ramadan|new year's";
const DATE = new RegExp(
  `^(?:yesterday|today|tomorrow|tonight|${SEASONS}|(?:the\\s+)?(?:early\\s+|late\\s+|mid-?)?(?:1[5-9]\\d\\d|20\\d\\d)s?|(?:${MONTHS})\\b.*|.*\\b(?:\\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first)\\s+(?:century|centuries)\\b.*)$`,
  "i",
);
const NUMBER =
  /^(?:[$€£]?\d[\d,.]*%?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|trillions?|half|dozens?|tens|percent|percentage)\b)/i;
const ORG =
  /\b(?:Inc|Corp|Corporation|Company|Ltd|LLC|University|College|Institute|Labs?|Laboratory|Foundation|Association|Society|Agency|Department|Ministry|Council|Committee|Bank|Group|School|Academy|Organi[sz]ation|Google|Microsoft|Apple|Amazon|Facebook|Meta|NVIDIA|Nvidia|Intel|IBM|OpenAI|Netflix|Twitter|NASA|FDA|CDC|NIH|MIT|Stanford|Harvard|Caltech|GitHub|Starbucks|RAND)\b/;
const PLACE =
  /\b(?:City|County|State|States|River|Valley|Island|Islands|Mountains?|Lake|Ocean|Sea|Street|Coast|Bay|Peninsula|Africa|America|Europe|Asia|Australia|India|China|Japan|Canada|Mexico|Brazil|Russia|France|Germany|Italy|Spain|Portugal|Netherlands|England|Britain|Greenland|Taiwan|Texas|California|Washington|Oregon|Florida|Colorado|New York|Silicon Valley|London|Paris|Berlin|Tokyo|Athens|Rome|Boston|Chicago|Seattle|Houston|Irvine)\b/;
const FIRST_NAMES = new Set(
  `adam alan albert alex alice andrew anna anne ben bill bob brian carl charles chris dan daniel david edward elon emily
emma eric frank fred george grace greg hannah harry helen henry jack james jane jason jeff jennifer jim joe john
jonathan joseph josh julia karen kate kevin laura linda lisa louis mark mary matt matthew michael mike nancy nick
oliver paul peter rachel richard robert ryan sam sarah scott sean simon sophie steve steven susan thomas tim tom
tony victoria will william`.split(/\s+/),
);
const TIME_HEAD =
  /(?:\b(?:day|days|week|weeks|weekend|weekends|fortnight|fortnights|month|months|year|years|decade|decades|century|centuries|hour|hours|minute|minutes|night|nights|morning|mornings|evening|evenings|season|seasons)|(?:\b|milli|micro|nano)seconds?)$/;
const PERSON_TITLE = /^(?:Dr|Mr|Mrs|Ms|Prof|Professor|Sir|Saint|St)\.?\s/;

/**
 * The kind of thing a phrase names, from surface cues: a date or number; an organisation, place or
 * person by name (people from the episode's known names, or a title); another proper name; else a
 * concept. A lower-case head makes a concept whatever names modify it ("Caltech email").
 */
export function phraseKind(phrase: string, knownPeople: ReadonlySet<string> = new Set()): PhraseKind {
  const text = phrase.trim();
  if (DATE.test(text)) return "date";
  if (NUMBER.test(text)) return "number";
  const words = text.split(/\s+/);
  // "mission weeks", "a different day": a stretch of time, not a thing ("Contributor Days" is a name).
  if (TIME_HEAD.test(text)) return "period";
  const head = words.at(-1) ?? "";
  // "CEOs", "APIs": a plural acronym is neither a name nor a plain noun; its like is another one.
  if (/^\p{Lu}{2,}s$/u.test(head)) return "acronyms";
  // "He had had Alzheimer's for seven years": "Apple" or "WordPress" in its place gives it away.
  if (/^\p{Lu}\p{L}+['’]s$/u.test(head)) return "eponym";
  // "macOS", "iPhone": a capital inside a lower-case word is a name's; so are "int64" and "M4".
  if (/^\p{Ll}+\p{Lu}/u.test(head) || /^\p{L}+\d+\p{L}*$/u.test(head)) return "proper";
  // "T-shirts", "X-rays": a capital letter before a hyphen does not make a name.
  if (/^\p{Ll}/u.test(head) || /^\p{Lu}-\p{Ll}/u.test(head)) return "concept";
  if (ORG.test(text)) return "org";
  if (PLACE.test(text)) return "place";
  if (PERSON_TITLE.test(text) || words.some((word) => knownPeople.has(word.toLowerCase()))) return "person";
  if (words.length === 1 && FIRST_NAMES.has(text.toLowerCase())) return "person";
  // "Richard Feynman", "Carrie Miller": a given name and a last name. A given name that is also a
  // common word ("Red Bull") counts only when it is a common given name.
  const first = words[0]?.toLowerCase() ?? "";
  const isFirstName = FIRST_NAMES.has(first) || isPlainGivenName(first);
  if (words.length === 2 && isFirstName && /^\p{Lu}\p{Ll}+$/u.test(words[1] ?? "")) return "person";
  // "northern Alabama", "religious Christians": a name however it is modified.
  return /^\p{Lu}/u.test(head) ? "proper" : "concept";
}

/** Words that name a time: a reader takes a phrase holding one ("day job", "good night's sleep") as one. */
const TIME_WORD =
  /\b(?:yesterday|today|tomorrow|tonight|day|days|night|nights|night's|morning|mornings|evening|evenings|afternoon|summer|winter|spring|autumn|week|weeks|month|months|year|years|hour|hours|minute|minutes|weekend|christmas)\b/i;

/** Whether a common-noun filler mentions a time where the answer does not ("day job" for "blog post"). */
export function bringsInTime(answer: string, filler: string): boolean {
  return TIME_WORD.test(filler) && !TIME_WORD.test(answer);
}

/**
 * Whether a distractor of kind `b` can stand beside an answer of kind `a`: the same kind; a name of
 * unknown kind ("proper") beside a place or an organisation, but not beside a person ("GopherCon" was
 * offered "Bill", "Svelte" "Dimitri"); a person, place or organisation only beside its own kind.
 */
export function isSameKind(a: PhraseKind, b: PhraseKind): boolean {
  if (a === b) return true;
  return a === "proper" && (b === "place" || b === "org");
}

const MONTH =
  /^(?:(?:early|late|mid-?)\s*)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const WEEKDAY = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/i;
const HOLIDAY = /^(?:christmas|easter|thanksgiving|halloween|hanukkah|ramadan|new year's)\b/i;
const SEASON = new RegExp(`^${SEASONS}$`, "i");

/**
 * Which sort of date a date phrase is: "December" wants another month, not "Thanksgiving"; "the next
 * summer" another season, not "peak".
 */
export function dateForm(phrase: string): "month" | "weekday" | "holiday" | "season" | "other" {
  const text = phrase.trim();
  return MONTH.test(text)
    ? "month"
    : WEEKDAY.test(text)
      ? "weekday"
      : HOLIDAY.test(text)
        ? "holiday"
        : SEASON.test(text)
          ? "season"
          : "other";
}

/** A phrase's last word, as written: its head in English noun phrases, the word it agrees in. */
export const headWord = (phrase: string) => phrase.trim().split(/\s+/).at(-1) ?? "";

const IRREGULAR_PLURALS = new Set(
  "people children men women mice feet teeth geese data criteria phenomena media bacteria".split(" "),
);

/** Nouns spelt the same in the singular and the plural. */
const SAME_IN_BOTH = new Set("species series news sheep fish deer aircraft means offspring".split(" "));

/** Singular nouns that end in "s" after a vowel the plural test would misread ("220 _alias_"). */
const SINGULAR_IN_S = new Set(
  "alias atlas canvas gas bias christmas pancreas kudos chaos cosmos ethos pathos".split(" "),
);

/** Whether a phrase ends in a noun whose number is ambiguous or irregular ("people", "data"). */
export function hasIrregularHead(phrase: string): boolean {
  const head = headWord(phrase).toLowerCase();
  return IRREGULAR_PLURALS.has(head) || SAME_IN_BOTH.has(head);
}

/**
 * Nouns that take no "a" in their usual sense ("it seems to be a _violence_", "in a _care_"):
 * no choice after "a" or "an" (sample H, decision 057).
 */
const MASS_NOUNS = new Set(
  `violence care stress advice information research software hardware feedback knowledge money music
equipment furniture evidence progress traffic weather homework luggage health honesty awareness
cognition neglect sovereignty micromanagement purposefulness broadness sustainability responsibility
transparency monetization satisfaction garbage storage liberty funding diversity education governance
infrastructure documentation confidence`.split(/\s+/),
);

/** Whether a phrase's head is a noun that takes no "a" ("violence", "free time" does: "a free time" no). */
export function isMassNoun(phrase: string): boolean {
  const head = headWord(phrase).toLowerCase();
  return MASS_NOUNS.has(head) || FIELD_OF_STUDY.test(head);
}

/** A field's name in "-ics": singular, but never after "a" ("build a _____" was offered "mechanics"). */
const FIELD_OF_STUDY =
  /(?:mathemat|phys|econom|polit|statist|eth|genet|linguist|athlet|logist|robot|electron|semant|analyt|mechan|dynam|acoust|aesthet|ergonom|forens)ics$/;

/** A common noun phrase's grammatical number, from its last word ("energy drinks" is plural). */
export function isPluralPhrase(phrase: string): boolean {
  const head = headWord(phrase).toLowerCase();
  if (IRREGULAR_PLURALS.has(head)) return true;
  if (SINGULAR_IN_S.has(head)) return false;
  return (
    head.length > 3 &&
    /s$/.test(head) &&
    !/(?:ss|us|is|ness|sis|ous|news|series|species)$/.test(head) &&
    !FIELD_OF_STUDY.test(head)
  );
}

const VOWEL_SOUND = /^(?:[aeio]|u(?!n[iy]|s[eu]|ti|r[aeiou]|ni)|hour|honest|honou?r|heir)/i;
/** Acronyms read letter by letter that start with a vowel sound: "an FBI agent", "an MRI". */
const VOWEL_ACRONYM = /^[AEFHILMNORSX][A-Z0-9]*(?:\s|$)/;

/** Whether "an" (rather than "a") goes before a phrase. */
export function takesAn(phrase: string): boolean {
  const word = phrase.trim();
  return /^[A-Z][A-Z0-9]+(?:\s|$)/.test(word) ? VOWEL_ACRONYM.test(word) : VOWEL_SOUND.test(word);
}

/** Fixed phrases and idioms: an answer that completes one ("of _course_") teaches nothing. */
const IDIOMS =
  `of course|a little bit|a lot of|a bunch of|at the end of the day|at the same time|in the first place|
on the other hand|in other words|by the way|as a matter of fact|for the most part|all of a sudden|at the moment|
in the long run|in terms of|kind of|sort of|you know|i mean|the bottom line|the big picture|piece of cake|
over and over|more or less|each and every|first and foremost|here and there|back and forth|the rest of|at least|
at all|in fact|in practice|in theory|for example|for instance|as well|so far|right now|at first|in general|in a way|a couple of|
make sense|makes sense|take a look|the same thing|the whole thing|all the time|long story short|
on the same page|the elephant in the room|hit the ground running|low-hanging fruit|a good idea|day to day|
day-to-day|end of the day|the real world|at some point|a long time|a great question|thank you|a big deal|
the other day|the first time|the last time|the next step|a good thing|a big part|the hard way|
in the end|no idea|good job|pretty much|a while|the point|on board|in charge|a fan of|the case|in place|
in mind|on track|by far|in person|on purpose|in time|on time|the long term|the short term|a matter of|
make a difference|makes a difference|made a difference|making a difference|change the course of|
to some degree|to some extent|to a degree|to a certain extent|to a certain degree|in a sense|in that sense|
along those lines|along these lines|along the lines of|a certain degree of|a certain amount of|a certain level of|
all that good stuff|all that stuff|stuff like that|things like that|get my arms around|get my head around|
wrap my head around|get your head around|wrap your head around|all kinds of|all sorts of|all types of|
all the time in the world|in the world|a hard time|a couple|couple of|at home|under the hood|point of view|from scratch|source of truth|in life|down the line|kinds of|sorts of|types of|open the door|opens the door|opened the door|make sure|makes sure|making sure|made sure|you guys|a good point|a great point|in line with|carrot and stick|make money|code of conduct|on one hand|on the one hand|under one roof|under our roof|under the same roof|makes money|making money|made money|a heck of|a hell of|the better part of|a way of life|in my life|
in your life|in their life|in his life|in her life|in our lives|clear my head|clear your head|order of magnitude|
orders of magnitude|silver bullet|silver lining|a great job|the top of my list|the better|to an extent|in a circle|in circles|
ground to stand on|at risk|at heart|best interests at heart|fight or flight|fight flight or freeze|fight or flight or freeze|
a part to play|part to play|a role to play|role to play|a good amount of|a fair amount of|quite a bit|
take a break|took a break|taking a break|make a habit of|made a habit of|to my advantage|to your advantage|
to our advantage|to their advantage|to his advantage|to her advantage|on a daily basis|on a regular basis|
on a weekly basis|on a case-by-case basis|for future use|display: none|take a step back|take a stab at|
take a toll|make a point of|the ball rolling|on the fly|off the top of my head|at the end of the day|
in the long term|in the short term|on the ground|from the ground up|hands down|in a row|at scale|
from the perspective of|from a perspective of|some form of|in the form of|in favor of|in favour of|
on behalf of|at the heart of|at the core of|at the center of|at the centre of|in front of|
play a role|plays a role|played a role|playing a role|play a part|plays a part|played a part|
take it with a grain of salt|a grain of salt|the tip of the iceberg|bang for the buck|bang for your buck|
by default|by accident|by hand|by design|by nature|by chance|by heart|in advance|in common|in particular|
in detail|in public|in private|in turn|in return|in a nutshell|on average|on demand|at once|at last|at random|
for good|for free|for sure|for real|in the wild|under the radar|the rest of the world|around the world|
all over the world|all over the place|on the table|off the table|behind the scenes|in the loop|out of the box|
dirty laundry|rabbit hole|double-edged sword|moving target|catch-22|the last straw|a blessing in disguise|
a perfect storm|the icing on the cake|a drop in the bucket|a slippery slope|a red flag|red flags|a red herring|
the holy grail|a wake-up call|the new normal|a game changer|food for thought|a rule of thumb|rule of thumb|
the lion's share|devil's advocate|back to square one|the writing on the wall|the heavy lifting|
a level playing field|the same boat|a can of worms|the whole nine yards|a no-brainer|the last mile`
    .split("|")
    .map((idiom) => idiom.trim());

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);

const IDIOM_WORDS = IDIOMS.map((idiom) => [idiom, wordsOf(idiom)] as const);
/** Words of the longest idiom: how far from the answer an idiom it completes can start or end. */
const IDIOM_REACH = Math.max(...IDIOM_WORDS.map(([, parts]) => parts.length));

/**
 * Verbs that lend a noun its meaning ("make a _decision_", "had a huge _impact_ on", "plays a key
 * _role_ in"), with the nouns they take as one idiom: the noun is guessed from the verb (sample P,
 * decision 059).
 */
const LIGHT_VERB_NOUNS: [RegExp, ReadonlySet<string>][] = [
  [
    /^(?:make|makes|made|making)$/,
    new Set(
      "decision decisions difference money sense mistake mistakes move call progress change changes living impact".split(
        " ",
      ),
    ),
  ],
  [/^(?:have|has|had|having)$/, new Set("impact effect chance look say go idea clue".split(" "))],
  [/^(?:play|plays|played|playing)$/, new Set("role part".split(" "))],
  [
    /^(?:take|takes|took|taken|taking)$/,
    new Set("look break step chance place part advantage care time stab toll".split(" ")),
  ],
  [/^(?:pay|pays|paid|paying)$/, new Set(["attention"])],
];

/**
 * Whether the answer is the noun of a verb-and-noun idiom: its head is one such verb's noun, and the
 * verb is among the three words before the blank with no mark between ("make that much _difference_").
 */
export function isLightVerbObject(before: string, answer: string): boolean {
  const head = wordsOf(answer).at(-1);
  if (!head) return false;
  const tail = /[^.,;:!?()"—–]*$/.exec(before)?.[0] ?? "";
  const near = wordsOf(tail).slice(-3);
  return LIGHT_VERB_NOUNS.some(([verb, nouns]) => nouns.has(head) && near.some((word) => verb.test(word)));
}

/**
 * The fixed phrase the answer completes in its sentence (the answer is it, or part of it), or null:
 * one of IDIOMS, or a verb-and-noun idiom (`isLightVerbObject`).
 */
export function completedIdiom(before: string, answer: string, after: string): string | null {
  const head = wordsOf(before);
  const middle = wordsOf(answer);
  const filled = [...head, ...middle, ...wordsOf(after)];
  const from = head.length;
  const to = from + middle.length;
  // Only idioms found in the words around the answer are checked word by word.
  const window = ` ${filled.slice(Math.max(0, from - IDIOM_REACH), to + IDIOM_REACH).join(" ")} `;
  for (const [idiom, parts] of IDIOM_WORDS) {
    if (!window.includes(` ${parts.join(" ")} `)) continue;
    for (let i = Math.max(0, from - parts.length); i <= Math.min(to, filled.length - parts.length); i++) {
      if (i < to && i + parts.length > from && parts.every((part, j) => filled[i + j] === part)) return idiom;
    }
  }
  return isLightVerbObject(before, answer) ? `… ${answer.trim()}` : null;
}

/** Spoken contractions that are no answer to learn. */
const CONTRACTIONS = /\b(?:wanna|gonna|gotta|hafta|lemme|gimme|kinda|sorta|dunno|y'all|ain't)\b/i;

/** Whether a phrase holds a spoken contraction ("wanna", "gonna"). */
export function hasContraction(phrase: string): boolean {
  return CONTRACTIONS.test(phrase);
}

const NOMINAL = new Set(["NOUN", "PROPN"]);
export type WordClass = "nominal" | "verb" | "adjective" | "adverb" | "number" | "other";
/** A tagger part of speech's word class; anything else is "other". */
export const WORD_CLASS: Record<string, WordClass> = {
  NOUN: "nominal",
  PROPN: "nominal",
  PRON: "nominal",
  VERB: "verb",
  AUX: "verb",
  ADJ: "adjective",
  ADV: "adverb",
  NUM: "number",
};

/** Tagging a filled stem is the costly step of choosing distractors: results are kept for reuse. */
type BlankReading = { first: string | null; head: string | null; before: string; after: string };
/** How many words on each side of the blank must keep their reading (see keepsNeighbours). */
const NEIGHBOURS = 2;
const tagCache = new Map<string, BlankReading>();
const TAG_CACHE_SIZE = 20_000;
const CONTEXT_BEFORE = 80;
const CONTEXT_AFTER = 50;

/**
 * How the tagger reads a filled blank: the part of speech of the filler's first and last words
 * ("adolescent" after "400" is an adjective; null if none), and those of the words next to the
 * filler on each side.
 */
function readBlank(fullBefore: string, filler: string, fullAfter: string): BlankReading {
  // The words near the blank decide its reading: a clause of context on each side is enough and keeps
  // long stems cheap to tag.
  const before =
    fullBefore.length > CONTEXT_BEFORE
      ? fullBefore.slice(fullBefore.indexOf(" ", fullBefore.length - CONTEXT_BEFORE) + 1)
      : fullBefore;
  const cut = fullAfter.length > CONTEXT_AFTER ? fullAfter.lastIndexOf(" ", CONTEXT_AFTER) : -1;
  const after = cut > 0 ? fullAfter.slice(0, cut) : fullAfter;
  const text = `${before}${filler}${after}`;
  const key = `${before.length}:${filler.length}:${text}`;
  const cached = tagCache.get(key);
  if (cached !== undefined) return cached;
  const from = before.length;
  const to = from + filler.length;
  const tokens = tagText(text).filter((token) => token.pos !== "PUNCT");
  const inside = tokens.filter((token) => token.offset >= from && token.offset + token.value.length <= to);
  const reading = {
    first: inside[0]?.pos ?? null,
    head: inside.at(-1)?.pos ?? null,
    before: tokens
      .filter((token) => token.offset + token.value.length <= from)
      .slice(-NEIGHBOURS)
      .map((token) => token.pos)
      .join(" "),
    after: tokens
      .filter((token) => token.offset >= to)
      .slice(0, NEIGHBOURS)
      .map((token) => token.pos)
      .join(" "),
  };
  if (tagCache.size >= TAG_CACHE_SIZE) tagCache.clear();
  tagCache.set(key, reading);
  return reading;
}

/**
 * The part of speech the last word of `filler` takes once put between `before` and `after` (the
 * tagger reads it in context: "adolescent" after "400" is an adjective), or null if not found.
 */
export function headTagInContext(fullBefore: string, filler: string, fullAfter: string): string | null {
  return readBlank(fullBefore, filler, fullAfter).head;
}

/**
 * Whether the words on either side of the blank read the same with the filler as with the answer: a
 * filler that turns "that" from a determiner into a conjunction ("once you have that _____ built"), or
 * "more" from an adjective into an adverb, makes the sentence read differently around it.
 */
export function keepsNeighbours(before: string, answer: string, filler: string, after: string): boolean {
  const asAnswered = readBlank(before, answer, after);
  const asFilled = readBlank(before, filler, after);
  return asAnswered.before === asFilled.before && asAnswered.after === asFilled.after;
}

/**
 * Whether the answer only modifies the noun right after the blank ("one really _interesting use_
 * case", "a _little mini_ feature") or a participle after it ("_table_ driven tests"): the blank then
 * splits a compound, and its answer is no thing.
 */
export function isModifierInBlank(before: string, answer: string, after: string): boolean {
  if (modifiesNext(after)) return true;
  return /^[ \t]+\p{L}/u.test(after) && readBlank(before, answer, after).after.split(" ")[0] === "NOUN";
}

const MODIFIES_NEXT =
  /^(?:[\s-]+(?:driven|based|related|oriented|powered|backed|specific)|-(?:like|style|first|only|free|heavy))\b/i;

/** Whether a participle after the blank makes the answer its modifier ("_table_ driven tests"). */
export function modifiesNext(after: string): boolean {
  return MODIFIES_NEXT.test(after);
}

/**
 * Whether a one-word answer is the head of a compound whose first noun the stem keeps: "narrate your
 * thought _process_", "our small piece of data _point_". The blank then tests the compound, and a
 * distractor reads as another compound ("thought team") or as nothing.
 */
export function splitsCompound(before: string, text: string): boolean {
  const word = text.trim();
  const previous = /(\S+)\s+$/u.exec(before)?.[1] ?? "";
  if (!/^\p{Ll}[\p{Ll}-]*$/u.test(word) || !/^\p{Ll}+$/u.test(previous)) return false;
  const reading = readBlank(before, word, "");
  return reading.before.split(" ").at(-1) === "NOUN" && reading.head === "NOUN";
}

/** The word class (noun, verb, adjective…) of a filler's head read in the blank's context. */
export function wordClassInContext(before: string, filler: string, after: string): WordClass {
  return WORD_CLASS[headTagInContext(before, filler, after) ?? ""] ?? "other";
}

/**
 * Whether a distractor reads as the same word class as the answer in the blank. A noun/verb
 * homograph the tagger reads as a verb there still fits where a noun is wanted, but only after a
 * determiner, which makes a reader take the noun ("the _pivot_"); with none, the reader takes the
 * verb too ("make _pivot_ on open source", "between utility and _knowing_").
 */
export function fitsWordClass(answerClass: string, before: string, filler: string, after: string): boolean {
  const found = wordClassInContext(before, filler, after);
  if (found === answerClass) return true;
  // After "to" or an auxiliary the verb reading is the one a reader takes ("closer to photographs",
  // "where does blend help"): there the homograph does not fit.
  if (VERB_SLOT.test(before) || !DETERMINER_SLOT.test(before)) return false;
  return answerClass === "nominal" && NOMINAL.has(headTagInContext("the ", filler, "") ?? "");
}

const VERB_SLOT = /\b(?:to|do|does|did|can|could|will|would|should|must|may|might)\s+$/i;
/** Words before a blank after which a reader takes the noun reading of a noun/verb homograph. */
const DETERMINER_SLOT =
  /\b(?:the|a|an|this|that|these|those|my|your|his|her|its|our|their|some|any|no|every|each|another|whose|which|what)\s+$/i;

/**
 * Whether a filler after "to" reads as the start of an infinitive where the answer does not: "adjacent
 * to _picture frames_" reads as "to picture" however the answer ("developer technologies") read.
 */
/** Whether a blank after "to" reads as a verb with this text in it ("use it to _hardcode HTML_ into…"). */
export function isInfinitiveInBlank(before: string, text: string, after: string): boolean {
  // "to need to like _contact Apple servers_": after "to" and a spoken filler comes the verb.
  if (
    /\bto\s+(?:like|just|really|actually|kind of|sort of|basically|even|also|always|never)\s+$/i.test(before)
  )
    return true;
  if (!/\bto\s+$/i.test(before)) return false;
  // "it would take forever for the application to _recompile_.": a prefixed word the tagger does
  // not know, ending its clause after "to", is a verb (sample H, decision 057).
  if (
    /^(?:re|un|de|pre|over|auto)\p{Ll}{4,}$/u.test(text.trim()) &&
    !/(?:tion|sion|ment|ness|ity|ance|ence|ship|ism|ist|ure|ing|er|or|s)$/.test(text.trim()) &&
    /^\s*(?:[.,;:!?…]|$)/.test(after)
  )
    return true;
  return WORD_CLASS[readBlank(before, text, after).first ?? ""] === "verb";
}

export function opensInfinitive(before: string, answer: string, filler: string, after: string): boolean {
  if (!/\bto\s+$/i.test(before)) return false;
  const opensWithVerb = (text: string) => WORD_CLASS[readBlank(before, text, after).first ?? ""] === "verb";
  return opensWithVerb(filler) && !opensWithVerb(answer);
}
/** Words before a blank that ask for an adjective first: "the most _____ occurs". */
const DEGREE_BEFORE = /\b(?:most|more|less|least|very|so|too|really|quite)\s+$/i;

/**
 * Whether a filler suits a blank after "most", "very"… as the answer does: when the answer starts
 * with an adjective ("the most common conflict"), so must the filler ("the most initiation phase" does not).
 */
export function fitsDegreeWord(before: string, answer: string, filler: string): boolean {
  if (!DEGREE_BEFORE.test(before)) return true;
  const firstTag = (text: string) => tagText(`the ${text}`)[1]?.pos;
  return firstTag(answer) !== "ADJ" || firstTag(filler) === "ADJ";
}

/**
 * Words a listener takes for one another in a blank, kept for quiz choices only: Ask's paraphrase
 * groups (lexicon.ts) also widen its retrieval, which these must not. As lemma stems.
 */
const NEAR_SYNONYMS: string[][] = [
  ["folks", "guys", "people", "persons", "individuals", "humans", "everyone", "everybody"],
  ["kids", "children", "youngsters"],
  ["job", "work", "employment"],
  ["company", "business", "firm"],
].map((group) => group.map(lemmaStem));

/**
 * Whether a filler's head means what the answer's does: the same group of the paraphrase lexicon or
 * of NEAR_SYNONYMS ("guys" for "folks", "advisor" for "mentor"). The issue asks that a distractor
 * never be a synonym of the answer.
 */
export function isSynonymOf(answer: string, filler: string): boolean {
  const a = lemmaStem(headWord(answer));
  const b = lemmaStem(headWord(filler));
  if (!a || !b) return false;
  return (
    a === b ||
    synonymStems(a).includes(b) ||
    NEAR_SYNONYMS.some((group) => group.includes(a) && group.includes(b))
  );
}

/**
 * Endings only adjectives have, for words the tagger does not know ("aware of my _compassionate_",
 * "_parasympathetic_"), with the few nouns that share them.
 */
const ADJECTIVE_ENDING = /^\p{Ll}{3,}(?:ous|less|ionate|etic|istic|ical)$/u;
const NOUNS_LIKE_ADJECTIVES = new Set(
  "chemical musical periodical vertical clerical physical diabetic".split(" "),
);
/** "low-res", "high-end": a modifier on its own (sample H). */
const LOW_HIGH = /^(?:low|high|hi|lo)-\p{Ll}+$/u;
/** Comparative adjectives heard as phrases ("your guys' _littler_"). */
const COMPARATIVES = new Set(
  "littler bigger smaller larger better worse faster slower easier harder higher lower older newer cooler nicer simpler cheaper richer poorer longer shorter stronger weaker safer".split(
    " ",
  ),
);
/** Hyphenated last parts that make a modifier, not a thing: "client-side", "rapid-fire", "AI-driven". */
const MODIFIER_PART =
  /-(?:side|fire|based|driven|like|free|friendly|ready|level|wide|facing|heavy|intensive|oriented|specific|proof|aware|related|centric|native|first|only|style|ish|term|minded|time|old|scale|grade|sized|made)$/i;

/**
 * Whether a phrase's last word has the form of a verb or an adjective rather than a noun, whatever the
 * tagger read in its own sentence: "tokenizes" and "organizes" (a verb's -izes or -ifies), "honored"
 * (an -ed form; not "hundred", "seabed" or "speed"), "client-side" (a hyphenated modifier).
 */
export function hasNonNounHead(phrase: string): boolean {
  const head = headWord(phrase);
  if (MODIFIER_PART.test(head) || LOW_HIGH.test(head) || COMPARATIVES.has(head.toLowerCase())) return true;
  if (ADJECTIVE_ENDING.test(head) && !NOUNS_LIKE_ADJECTIVES.has(head.toLowerCase())) return true;
  // "fortnightly", "littler", "tricky": WordNet knows them only as adjectives or adverbs; "looks",
  // "thinks" alone are plurals far more often said as verbs.
  if (/^\p{Ll}[\p{Ll}-]*$/u.test(head) && isOnlyModifier(head)) return true;
  if (head === phrase.trim() && isMostlyVerbForm(head)) return true;
  if (!/^\p{Ll}+$/u.test(head)) return false;
  if (head.length >= 8 && /(?:izes|ises|ifies)$/.test(head)) return true;
  return head.length >= 6 && /ed$/.test(head) && !/(?:eed|dred|bed|tred)$/.test(head);
}

/** Whether a phrase is an idiom, or a fragment of one: "little bit" reads as "a little bit" in most blanks. */
export function isIdiomPhrase(text: string): boolean {
  return IDIOM_FRAMES.some(([before, after]) => completedIdiom(before, text, after) !== null);
}

/** The words an idiom's fragment is most often said between ("a little bit", "the end of"). */
const IDIOM_FRAMES: [string, string][] = [
  ["", ""],
  ["a ", ""],
  ["the ", ""],
  ["", " of"],
];
