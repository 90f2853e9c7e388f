import { lemmaStem } from "./lexicon.ts";
import { STOPWORDS, tokenize } from "./text.ts";

/**
 * "What is neuroplasticity?", "What does BDNF stand for?", "What's the forgetting curve?": the
 * listener asks what a term means. Speakers define with a few fixed shapes ("X is a…", "what it is is
 * literally…", "described X as…", "BDNF, brain-derived neurotrophic factor"), while a passing use of
 * the term ("neuroplasticity would allow me to…") shares the word and says nothing of what it is.
 */

/** Words that make "What is X?" a question about something other than a term's meaning. */
const NOT_A_TERM = new Set([
  ...["his", "her", "their", "your", "my", "our", "its", "this", "that", "these", "those", "it"],
  ...["he", "she", "they", "you", "i", "we", "there", "here", "best", "main", "most", "key", "next"],
  ...["first", "last", "point", "reason", "difference", "name", "title", "price", "cost", "salary"],
  ...["population", "guest", "host", "hosts", "episode", "show", "podcast", "topic", "subject"],
  ...["story", "background", "deal", "idea", "plan", "goal", "job", "role", "problem", "answer"],
  ...["way", "thing", "things", "one", "happening", "going", "wrong", "new", "up", "so", "else"],
]);

const ASKS_MEANING =
  /^(?:(?:so|and|but|ok(?:ay)?),?\s+)?(?:what(?:'s|’s| is| are)\s+(?:an?\s+|the\s+)?(.+?)(?:\s+exactly)?|what (?:does|do)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:mean|stand for)|(?:define|explain)\s+(?:an?\s+|the\s+)?(.+?)|what do (?:you|they|we) mean by\s+(?:an?\s+|the\s+)?(.+?)|what is meant by\s+(?:an?\s+|the\s+)?(.+?))\s*[?.!]?$/i;

/**
 * The term a "What is X?" question asks the meaning of (one to three words, no pronoun, no
 * preposition: "What's the population of Houston?" asks a figure), or null.
 */
export function askedTerm(question: string): string | null {
  const match = ASKS_MEANING.exec(question.trim().replace(/[’‘]/g, "'"));
  const term = match?.slice(1).find(Boolean);
  if (!term) return null;
  const words = term.toLowerCase().split(/\s+/);
  if (words.length > 3 || words.some((word) => !/^[\p{L}\p{N}-]+$/u.test(word))) return null;
  if (words.some((word) => NOT_A_TERM.has(word) || (STOPWORDS.has(word) && !/^[A-Z]{2,}$/.test(word))))
    return null;
  return term;
}

/** Words that ask for a meaning ("stand for", "mean", "define"): no words to find in such a question. */
export const MEANING_WORDS = new Set(["stand", "mean", "define", "explain", "meant"].map(lemmaStem));

const ACRONYM = /^[A-Z][A-Z0-9]{1,5}$/;
/** Words an expansion may carry that its letters skip ("Department of Homeland Security"). */
const SKIPPED_IN_EXPANSION = new Set(["of", "and", "for", "the", "in", "on", "to", "a"]);

/**
 * Whether the text spells the acronym out next to it: "BDNF, brain-derived neurotrophic factor",
 * "brain-derived neurotrophic factor (BDNF)", "GPU stands for graphics processing unit".
 */
export function spellsOutAcronym(text: string, acronym: string): boolean {
  const letters = acronym.toLowerCase();
  const words = text.split(/[\s/]+/).map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""));
  const at = words.findIndex((word) => word === acronym || word === `${acronym}s`);
  if (at < 0) return false;
  // The words just after the acronym (past "stands for", "is", "or") or just before it.
  // Small words may or may not give a letter: "Department of Energy" (DOE), "Department of Homeland Security" (DHS).
  const spells = (span: string[]) => {
    const parts = span.flatMap((word) => word.split("-")).filter(Boolean);
    const initials = (kept: string[]) => kept.map((part) => part[0]?.toLowerCase() ?? "").join("");
    return (
      initials(parts) === letters ||
      initials(parts.filter((part) => !SKIPPED_IN_EXPANSION.has(part.toLowerCase()))) === letters
    );
  };
  for (let start = at + 1; start <= at + 4 && start < words.length; start++)
    for (let end = start + 1; end <= Math.min(words.length, start + letters.length + 3); end++)
      if (spells(words.slice(start, end))) return true;
  for (let start = Math.max(0, at - letters.length - 3); start < at; start++)
    if (spells(words.slice(start, at))) return true;
  return false;
}

/** What follows a term when a speaker says what it is. */
const DEFINING_VERB =
  /^(?:is|are|was|means|meant|refers to|stands for|describes|is defined as|is called)\s+(?:(?:basically|literally|essentially|simply|really|just|actually|kind of|sort of|like)\s+)*(?:an?|the|when|where|how|what|this|that|our|your|any|something|someone|one|about)\b/i;
/** A definition of a term said in the line before: "…is conceptually neuroplasticity." "What it is is literally…" */
export const DEFINES_IT =
  /\b(?:what (?:it|that|this) is is|(?:it|that|this)(?:'s| is) (?:basically|essentially|literally|simply|defined as)|(?:it|that|this) (?:means|refers to|stands for))\b/i;

/**
 * Whether a sentence says what the term is: the term followed by a defining verb ("Metaflow is a
 * framework…"), "X, which is…", "described X as…", "known as X", or an acronym spelled out.
 */
export function definesTerm(text: string, term: string): boolean {
  if (ACRONYM.test(term) && spellsOutAcronym(text, term)) return true;
  const termTokens = tokenize(term).map(lemmaStem);
  const tokens = tokenize(text);
  const stems = tokens.map(lemmaStem);
  const last = termTokens.length - 1;
  for (let i = 0; i + last < stems.length; i++) {
    if (!termTokens.every((token, k) => stems[i + k] === token)) continue;
    const after = tokens.slice(i + last + 1, i + last + 9).join(" ");
    const before = tokens.slice(Math.max(0, i - 3), i).join(" ");
    if (DEFINING_VERB.test(after) || /^which (?:is|are|means)\b/.test(after)) return true;
    if (/\b(?:describ|defin)\w* (?:it |this |that )?$/.test(`${before} `) && /^as\b/.test(after)) return true;
    if (/\b(?:known as|called|termed)$/.test(before)) return true;
  }
  return false;
}
