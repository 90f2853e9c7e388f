import { normalizeNumbers, wordsToNumber } from "./numbers.ts";

/**
 * What kind of answer a question asks for, read from its words alone: a person, a name, a likeness,
 * a time, an amount, a place, a reason, something that goes by a proper name, an audience, or a list
 * of so many things; and what a sentence shaped like that answer says. Ask's scoring (answer.ts)
 * lifts such sentences.
 */

export type QuestionType =
  | "person"
  | "name"
  | "likeness"
  | "time"
  | "quantity"
  | "duration"
  | "place"
  | "reason"
  | "named"
  | "audience"
  | "other";

/**
 * "What was the name of the startup…?", "What's the game called?", "What did she call the helper…?",
 * "What did she name the regret…?":
 * the answer is where something is named, which speakers say with "called" or "named", not "name".
 */
const ASKS_NAME =
  /\b(?:what(?:'s| is| was| are| were)? (?:the |its |their |his |her |your )?(?:names?|titles?)\b|(?:names?|titles?) (?:of|for)\b)|\bcalled\??$|^what (?:do|did|does|would) [^?]{1,60}\b(?:call|name)\b/;

/** Whether the question asks what something is called. */
export function asksForName(question: string): boolean {
  return ASKS_NAME.test(question.toLowerCase().replace(/[’‘]/g, "'").trim());
}

/**
 * "What does he compare Hugging Face to?", "What analogy does he use for…?", "What image does she use
 * to contrast…?": the answer is a likeness, which speakers draw with "like", "the X for Y" or
 * "analogy", seldom with the listener's "compare".
 */
const ASKS_LIKENESS =
  /\b(?:compar(?:e|es|ed|ing|ison)|analog(?:y|ies)|metaphors?|liken(?:s|ed)?|similes?)\b|\b(?:what|which) (?:image|picture)\b/;

/** Whether the question asks what something is compared to. */
export function asksForLikeness(question: string): boolean {
  return ASKS_LIKENESS.test(question.toLowerCase());
}

/**
 * "Which TV show…", "Which doughnut chain…", "Which psychiatrist…": a kind of thing that goes by a
 * proper name, so the answer names it ("Hoarders", "Crispy Cream", "Dan Siegel"). Abstract kinds
 * ("Which habit…", "Which emotion…") are answered in common words and stay untyped.
 */
const NAMED_KIND =
  /^which (?:[\w'-]+ ){0,3}?(?:book|novel|show|series|film|movie|documentary|company|brand|app|tool|toolkit|product|podcast|chain|band|song|album|game|website|site|service|gadget|device|team|experiment|conference|framework|library|language|university|school|city|country|state|town|psychiatrist|psychologist|therapist|doctor|professor|actor|actress|singer|musician|artist|athlete|startup|investor|firm|fund|platform|network|channel|newspaper|magazine|journal|agency|organi[sz]ation|institute|lab|project|character|politician|president|founder|celebrity)s?\b/;

/** What kind of answer the question asks for, from its wh-word. */
export function questionType(question: string): QuestionType {
  const q = question.toLowerCase().trim();
  // "Who is the book written for?" asks for an audience ("every computer scientist…"), not a name.
  if (/^who(?:'s| is| are| was| were)\b.*\b(?:for|aimed at)\s*\??$/.test(q)) return "audience";
  if (/^(who|whom)\b|\bwho (was|is|were)\b|which (person|scientist|researcher|expert|author)/.test(q))
    return "person";
  if (asksForName(q)) return "name";
  if (asksForLikeness(q)) return "likeness";
  if (/^how (long|old)\b|how many (years|hours|minutes|days|weeks|months)/.test(q)) return "duration";
  if (/^when\b|what year|which year|what (date|decade|century)/.test(q)) return "time";
  if (/how (many|much)|what (percentage|percent|number|amount)/.test(q)) return "quantity";
  if (/^where\b|which (university|country|city|college|school|place|company)/.test(q)) return "place";
  if (/^why\b|what (is|was) the reason/.test(q)) return "reason";
  if (NAMED_KIND.test(q)) return "named";
  return "other";
}

/** A capitalised word inside the sentence (not its first word) is most often a name. */
const SAYS_A_NAME = /[^.!?]\s\p{Lu}\p{Ll}+/u;

const ANSWER_SHAPES: Record<Exclude<QuestionType, "other">, RegExp> = {
  person: SAYS_A_NAME,
  named: SAYS_A_NAME,
  // "…for every computer scientist who is interested in machine learning", "for leaders, not for
  // mathematicians", "aimed at beginners".
  audience:
    /\b(?:for|aimed at|targeting|meant for|written for)\s+(?:every|all|any|anyone|everyone|beginners?|newcomers?|\p{L}+(?:ers|ists|ians|ents|ants))\b/iu,
  // "It was called The Price Geek.", "we named it Andy", "it's known as curriculum learning".
  name: /\b(?:called|named|dubbed|titled|known as|(?:its|the|my|our|his|her|their) name (?:is|was)|(?:name|call)(?:d|ed)? (?:it|him|her|them|this|that))\b/i,
  // "the restaurant analogy", "Let's compare it to Airbnb.", "it's the GitHub for AI models",
  // "think of it like an iceberg", "It's almost like remastering a memory."
  likeness:
    /\b(?:analog(?:y|ies)|metaphor|compar(?:e|ed|ing|ison)|(?:is|are|was|it's|that's|sort of|kind of|almost|just|a bit|much|looks?|feels?|sounds?) like|think of (?:it|this|that|them) (?:like|as)|similar to|as if)\b|\b(?:it's|it is|is|are) (?:like )?the \p{Lu}\p{L}* (?:for|of)\b/iu,
  time: /\b(1\d{3}|20\d{2}|century|decade|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|ago|years? old)\b/i,
  quantity: /\b(\d|hundred|thousand|million|billion|percent|half|twice|dozen|milligrams?|mg)/i,
  duration:
    /\b(\d+|a|an|few|several|half)\s*(-\s*)?(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\b\d+\b/i,
  place: /\b(in|at|from|to)\s+(the\s+)?\p{Lu}\p{Ll}+|\b(university|college|institute|city|country)\b/iu,
  reason:
    /\b(because|so that|since|reason|therefore|which means|(?:that's|that is|which is|this is) why|due to)\b/i,
};

/** What a sentence shaped like the asked-for answer says (a name for who, a number for how many…), if anything. */
export function answerShape(question: string): RegExp | null {
  const type = questionType(question);
  return type === "other" ? null : ANSWER_SHAPES[type];
}

/** The boost for a sentence of the asked-for shape: read the question once (answerShape), then each sentence. */
export function shapeBonus(shape: RegExp | null, sentence: string): number {
  return shape?.test(normalizeNumbers(sentence)) ? 0.3 : 0;
}

/** A boost for a sentence shaped like the asked-for answer (a name for who, a number for how many…). */
export function questionShapeBonus(question: string, sentence: string): number {
  return shapeBonus(answerShape(question), sentence);
}

const ASKS_LIST =
  /\b(?:what|which|name)\b[^?]{0,40}?\b(three|four|five|six|seven|[3-7])\s+(?:[a-z-]+\s+){0,2}?[a-z-]+s\b/i;

/** "What are the three steps of remembering something?": how many items the answer lists (3–7), or 0. */
export function askedListSize(question: string): number {
  const said = ASKS_LIST.exec(question)?.[1];
  if (!said) return 0;
  return /^\d$/.test(said) ? Number(said) : (wordsToNumber(said) ?? 0);
}

/** Words said between items that are no items ("Yeah, so, like, you know, whatever and stuff."). */
const SPOKEN_FILLERS =
  /\b(?:yeah|yes|no|so|like|you know|um+|uh+|well|right|okay|ok|i mean|whatever|stuff|things?|or something|and so on|etc)\b/gi;

const ORDINALS =
  /\b(?:one|two|three|four|five|six|seven|first|second|third|fourth|fifth|sixth|seventh|firstly|secondly|thirdly)\b/gi;

/**
 * Whether a text lists at least `size` items: short items between commas, the last after "and" or
 * "or" ("encoding, storage and retrieval", "blame, judgment, or shame"), or counted out ("one,
 * excessive concern…; two, high personal standards; three…").
 */
export function listsItems(text: string, size: number): boolean {
  const item = "[\\p{L}\\p{N}'’-]+(?:\\s+[\\p{L}\\p{N}'’-]+){0,2}";
  const series = new RegExp(
    `${item}(?:\\s*[,;]\\s*${item}){${size - 2},}\\s*,?\\s+(?:and|or)\\s+${item}`,
    "u",
  );
  if (series.test(text.replace(SPOKEN_FILLERS, " "))) return true;
  const counted = new Set((text.match(ORDINALS) ?? []).map((word) => word.toLowerCase().replace(/ly$/, "")));
  return counted.size >= size;
}
